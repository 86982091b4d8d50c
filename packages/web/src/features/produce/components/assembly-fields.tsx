import { Checkbox, Field, Input, Select } from '../../../components/ui';
import { MAX_PARTS, chargesPerPart, enabledAssemblyOptions } from '../lib/configuration';
import { formatMoney } from '@facet/domain/format';
import type { Catalog, Configuration } from '../lib/types';

/** Assembly: the option, the number of parts when it charges per part, and its add-ons. */
export function AssemblyFields({
  catalog,
  config,
  onChange,
  partsText,
  onPartsText,
  partsError,
}: {
  catalog: Catalog;
  config: Configuration;
  onChange: (patch: Partial<Configuration>) => void;
  partsText: string;
  onPartsText: (text: string) => void;
  partsError: string | null;
}) {
  const assembly = catalog.assemblyOptions.find((o) => o.id === config.assemblyOptionId);
  return (
    <>
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
    </>
  );
}
