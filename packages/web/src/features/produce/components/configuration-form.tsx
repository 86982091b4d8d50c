import { useState } from 'react';
import { Field, Input, Select } from '../../../components/ui';
import {
  MAX_QUANTITY,
  MIN_QUANTITY,
  enabledMaterials,
  enabledPlatings,
  enabledPolishes,
  findMaterial,
  sortedItemTypes,
} from '../lib/configuration';
import { rgbToHex } from '../lib/metal-look';
import type { Catalog, Configuration } from '../lib/types';
import { AssemblyFields } from './assembly-fields';
import { LaserFields } from './laser-fields';
import { RadioChips } from './radio-chips';

export type ConfigurationFormProps = {
  catalog: Catalog;
  config: Configuration;
  onChange: (patch: Partial<Configuration>) => void;
  quantityText: string;
  onQuantityText: (text: string) => void;
  quantityError: string | null;
  /** The number of parts as typed, and why it cannot be used (shown when the assembly charges per part). */
  partsText: string;
  onPartsText: (text: string) => void;
  partsError: string | null;
  laserImage: File | null;
  onLaserImage: (file: File | null) => void;
  minQuantity?: number;
  /** A library design's 'To access {item} you must order at least {n} pieces', shown as the quantity's hint. */
  minimumText?: string | null;
};

/**
 * Item type, material, polish, plating, assembly (with its parts), laser engraving and quantity (spec
 * section 3, the configured order).
 */
export function ConfigurationForm({
  catalog,
  config,
  onChange,
  quantityText,
  onQuantityText,
  quantityError,
  partsText,
  onPartsText,
  partsError,
  laserImage,
  onLaserImage,
  minQuantity = MIN_QUANTITY,
  minimumText = null,
}: ConfigurationFormProps) {
  const [imageError, setImageError] = useState<string | null>(null);
  const material = findMaterial(catalog, config.materialId);
  const canPlate = material?.canPlate ?? false;

  return (
    <section className="produce-card" aria-labelledby="configure-title">
      <h2 id="configure-title" className="produce-card__title">
        Configure
      </h2>
      <div className="config-form">
        <Field label="Item type" hint="What the piece is: a ring, a necklace, a pair of earrings …">
          <Select
            value={config.itemTypeId === null ? '' : String(config.itemTypeId)}
            placeholder="Choose the item type"
            options={sortedItemTypes(catalog).map((t) => ({ value: String(t.id), label: t.name }))}
            onChange={(e) => {
              const value = e.currentTarget.value;
              onChange({ itemTypeId: value === '' ? null : Number(value) });
            }}
          />
        </Field>
        <RadioChips
          legend="Material"
          name="material"
          items={enabledMaterials(catalog)}
          value={config.materialId}
          onChange={(materialId) => onChange({ materialId })}
          swatch={(m) => m.diffuse ?? (m.color ? rgbToHex(m.color) : null)}
        />
        <RadioChips
          legend="Polish"
          name="polish"
          items={enabledPolishes(catalog)}
          value={config.polishId}
          onChange={(polishId) => onChange({ polishId })}
        />
        <Field
          label="Plating"
          hint={
            canPlate
              ? 'A thin layer of another metal over the piece.'
              : `${material?.name ?? 'This material'} cannot be plated.`
          }
        >
          <Select
            value={canPlate ? String(config.platingId ?? '') : ''}
            disabled={!canPlate}
            options={
              canPlate
                ? enabledPlatings(catalog).map((p) => ({ value: String(p.id), label: p.name }))
                : [{ value: '', label: 'Not available' }]
            }
            onChange={(e) => onChange({ platingId: Number(e.currentTarget.value) })}
          />
        </Field>

        <AssemblyFields
          catalog={catalog}
          config={config}
          onChange={onChange}
          partsText={partsText}
          onPartsText={onPartsText}
          partsError={partsError}
        />

        <LaserFields
          catalog={catalog}
          config={config}
          onChange={onChange}
          laserImage={laserImage}
          onLaserImage={onLaserImage}
          imageError={imageError}
          onImageError={setImageError}
        />

        <Field
          label="Quantity"
          hint={
            minimumText ??
            `Pieces to make, ${minQuantity} to ${MAX_QUANTITY.toLocaleString('en-US')}. Larger runs cost less per piece.`
          }
          error={quantityError ?? undefined}
        >
          <Input
            type="number"
            inputMode="numeric"
            min={minQuantity}
            max={MAX_QUANTITY}
            step={1}
            value={quantityText}
            onChange={(e) => onQuantityText(e.currentTarget.value)}
            className="quantity-input"
          />
        </Field>
      </div>
    </section>
  );
}
