import { useEffect, useMemo, useState } from 'react';
import { Checkbox, Field, Input, Select } from '../../../components/ui';
import {
  MAX_PARTS,
  MAX_QUANTITY,
  MIN_QUANTITY,
  chargesPerPart,
  enabledAssemblyOptions,
  enabledLaserOptions,
  enabledMaterials,
  enabledPlatings,
  enabledPolishes,
  findMaterial,
  sortedItemTypes,
} from '../lib/configuration';
import { formatMoney } from '@facet/domain/format';
import { fontStack } from '../lib/laser-fonts';
import { rgbToHex } from '../lib/metal-look';
import type { Catalog, Configuration } from '../lib/types';

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

const LASER_IMAGE_ACCEPT = '.png,.jpg,.jpeg,.svg,.webp';
const MAX_LASER_IMAGE_BYTES = 5 * 1024 * 1024;

function useObjectUrl(file: File | null): string | null {
  const url = useMemo(
    () => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null),
    [file],
  );
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

/** A group of radio "chips" (native radios: arrow keys move, the group is one tab stop). */
function RadioChips<T extends { id: number; name: string }>({
  legend,
  name,
  items,
  value,
  onChange,
  swatch,
  hint,
}: {
  legend: string;
  name: string;
  items: T[];
  value: number | null;
  onChange: (id: number) => void;
  swatch?: (item: T) => string | null;
  hint?: (item: T) => string | null;
}) {
  return (
    <fieldset className="chips-field">
      <legend className="field__label">{legend}</legend>
      <div className="radio-chips">
        {items.map((item) => {
          const color = swatch?.(item) ?? null;
          const extra = hint?.(item);
          return (
            <label key={item.id} className="radio-chip">
              <input
                type="radio"
                name={name}
                value={item.id}
                checked={value === item.id}
                onChange={() => onChange(item.id)}
              />
              <span className="radio-chip__face">
                {color ? (
                  <span className="radio-chip__swatch" style={{ background: color }} aria-hidden="true" />
                ) : null}
                <span>{item.name}</span>
                {extra ? <span className="radio-chip__hint">{extra}</span> : null}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

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
  const imageUrl = useObjectUrl(laserImage);
  const material = findMaterial(catalog, config.materialId);
  const assembly = catalog.assemblyOptions.find((o) => o.id === config.assemblyOptionId);
  const laser = catalog.laserEngravingOptions.find((o) => o.id === config.laserEngravingOptionId);
  const fonts = [...catalog.laserFonts].sort((a, b) => a.sort - b.sort);
  const font = fonts.find((f) => f.id === config.laserFontId);
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

        <Field label="Assembly" hint={assembly?.description || undefined}>
          <Select
            value={String(config.assemblyOptionId ?? '')}
            options={enabledAssemblyOptions(catalog).map((o) => ({
              value: String(o.id),
              label:
                o.pricePerPartCents > 0 ? `${o.name} (${formatMoney(o.pricePerPartCents)} per part)` : o.name,
            }))}
            onChange={(e) => onChange({ assemblyOptionId: Number(e.currentTarget.value) })}
          />
        </Field>
        {chargesPerPart(catalog, config.assemblyOptionId) ? (
          <Field
            label="Number of parts"
            hint={`The parts the piece is assembled from, 1 to ${MAX_PARTS}; assembly is charged per part.`}
            error={partsError ?? undefined}
          >
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_PARTS}
              step={1}
              value={partsText}
              onChange={(e) => onPartsText(e.currentTarget.value)}
              className="quantity-input"
            />
          </Field>
        ) : null}
        {assembly && assembly.subItems.length > 0 ? (
          <fieldset className="chips-field">
            <legend className="field__label">{assembly.name}: add</legend>
            <div className="sub-items">
              {[...assembly.subItems]
                .sort((a, b) => a.sort - b.sort)
                .map((item) => (
                  <Checkbox
                    key={item.id}
                    label={item.name}
                    description={formatMoney(item.priceCents)}
                    checked={config.assemblySubItemIds.includes(item.id)}
                    onChange={(e) => {
                      const checked = e.currentTarget.checked;
                      onChange({
                        assemblySubItemIds: checked
                          ? [...config.assemblySubItemIds, item.id]
                          : config.assemblySubItemIds.filter((id) => id !== item.id),
                      });
                    }}
                  />
                ))}
            </div>
          </fieldset>
        ) : null}

        <Field label="Laser engraving" hint={laser?.description || undefined}>
          <Select
            value={String(config.laserEngravingOptionId ?? '')}
            options={enabledLaserOptions(catalog).map((o) => ({ value: String(o.id), label: o.name }))}
            onChange={(e) => onChange({ laserEngravingOptionId: Number(e.currentTarget.value) })}
          />
        </Field>
        {laser?.acceptsText ? (
          <div className="laser-text">
            <Field
              label="Engraving text"
              hint={
                laser.maxCharacters !== null
                  ? `Up to ${laser.maxCharacters} characters; spaces are free.`
                  : 'Spaces are free.'
              }
            >
              <Input
                value={config.laserText}
                maxLength={laser.maxCharacters ?? undefined}
                onChange={(e) => onChange({ laserText: e.currentTarget.value })}
                autoComplete="off"
              />
            </Field>
            <Field label="Font">
              <Select
                value={String(config.laserFontId ?? '')}
                options={fonts.map((f) => ({ value: String(f.id), label: f.name }))}
                onChange={(e) => onChange({ laserFontId: Number(e.currentTarget.value) })}
              />
            </Field>
            <p
              className="font-preview"
              aria-label="Font preview"
              style={{ fontFamily: font ? fontStack(font.cssFamily) : undefined }}
            >
              {config.laserText.trim() || 'Forever yours'}
            </p>
          </div>
        ) : null}
        {laser?.acceptsImage ? (
          <div className="laser-image">
            <Field
              label="Image to engrave"
              hint="PNG, JPG, SVG or WEBP up to 5 MB; line art engraves best."
              error={imageError ?? undefined}
            >
              <input
                type="file"
                accept={LASER_IMAGE_ACCEPT}
                className="file-input"
                onChange={(e) => {
                  const file = e.currentTarget.files?.[0] ?? null;
                  e.currentTarget.value = '';
                  if (!file) return;
                  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
                  if (!['png', 'jpg', 'jpeg', 'svg', 'webp'].includes(ext)) {
                    setImageError('Sorry, this file format is not supported!');
                    return;
                  }
                  if (file.size > MAX_LASER_IMAGE_BYTES) {
                    setImageError('Sorry, your image is too large. Maximum size is 5 MB.');
                    return;
                  }
                  setImageError(null);
                  onLaserImage(file);
                }}
              />
            </Field>
            {laserImage ? (
              <div className="laser-image__chosen">
                {imageUrl ? <img src={imageUrl} alt={`Engraving image ${laserImage.name}`} /> : null}
                <span>{laserImage.name}</span>
                <button type="button" className="link-button" onClick={() => onLaserImage(null)}>
                  Remove image
                </button>
              </div>
            ) : null}
          </div>
        ) : null}

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
