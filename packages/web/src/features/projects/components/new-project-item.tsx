import { Plus, Trash2 } from 'lucide-react';
import { Button, Field, Input, Select, Textarea } from '../../../components/ui';
import { DEFAULT_DIMENSION_NAMES, DIMENSION_UNITS } from '../lib/dimensions';

export const ITEM_TYPES = [
  'Necklace',
  'Ring',
  'Earring',
  'Pendant',
  'Bracelet',
  'Brooch',
  'Charm',
  'Cufflinks',
  'Keychain',
];
export const CATEGORIES = ['Jewelry', 'Accessories'];

export type DimensionRow = { name: string; amount: string; unit: string };
export type ItemDraft = {
  title: string;
  category: string;
  itemType: string;
  description: string;
  dimensions: DimensionRow[];
  tags: string;
};

export const newItem = (): ItemDraft => ({
  title: '',
  category: 'Jewelry',
  itemType: '',
  description: '',
  dimensions: DEFAULT_DIMENSION_NAMES.map((name) => ({ name, amount: '', unit: 'mm' })),
  tags: '',
});

/** One item of a new project: title, category, type, tags, description and dimensions. */
export function ItemDraftFields({
  item,
  index,
  collection,
  removable,
  update,
  onRemove,
}: {
  item: ItemDraft;
  index: number;
  /** In a collection the item is numbered. */
  collection: boolean;
  removable: boolean;
  update: (patch: Partial<ItemDraft>) => void;
  onRemove: () => void;
}) {
  return (
    <fieldset className="new-project__item">
      <legend className="new-project__item-title">{collection ? `Item ${index + 1}` : 'Item'}</legend>
      {removable ? (
        <Button size="sm" variant="ghost" className="new-project__remove" onClick={onRemove}>
          <Trash2 aria-hidden="true" /> Remove item {index + 1}
        </Button>
      ) : null}
      <div className="new-project__grid">
        <Field label="Item title">
          <Input value={item.title} onChange={(e) => update({ title: e.target.value })} />
        </Field>
        <Field label="Category">
          <Select
            options={CATEGORIES}
            value={item.category}
            onChange={(e) => update({ category: e.target.value })}
          />
        </Field>
        <Field label="Item type">
          <Select
            options={ITEM_TYPES}
            placeholder="Choose a type"
            value={item.itemType}
            onChange={(e) => update({ itemType: e.target.value })}
          />
        </Field>
        <Field label="Tags" hint="Separate with commas">
          <Input value={item.tags} onChange={(e) => update({ tags: e.target.value })} />
        </Field>
      </div>
      <Field label="Item description">
        <Textarea
          rows={2}
          value={item.description}
          onChange={(e) => update({ description: e.target.value })}
        />
      </Field>
      <div className="new-project__dims" role="group" aria-label={`Dimensions of item ${index + 1}`}>
        <p className="field__label">Dimensions</p>
        {item.dimensions.map((dim, d) => (
          <div key={d} className="new-project__dim">
            <Input
              aria-label={`Dimension ${d + 1} name`}
              value={dim.name}
              onChange={(e) =>
                update({
                  dimensions: item.dimensions.map((x, i) => (i === d ? { ...x, name: e.target.value } : x)),
                })
              }
            />
            <Input
              aria-label={`${dim.name || `Dimension ${d + 1}`} value`}
              inputMode="decimal"
              value={dim.amount}
              onChange={(e) =>
                update({
                  dimensions: item.dimensions.map((x, i) => (i === d ? { ...x, amount: e.target.value } : x)),
                })
              }
            />
            <Select
              aria-label={`${dim.name || `Dimension ${d + 1}`} unit`}
              options={[...DIMENSION_UNITS]}
              value={dim.unit}
              onChange={(e) =>
                update({
                  dimensions: item.dimensions.map((x, i) => (i === d ? { ...x, unit: e.target.value } : x)),
                })
              }
            />
          </div>
        ))}
        <Button
          size="sm"
          variant="ghost"
          onClick={() =>
            update({
              dimensions: [...item.dimensions, { name: '', amount: '', unit: 'mm' }],
            })
          }
        >
          <Plus aria-hidden="true" /> Add dimension
        </Button>
      </div>
    </fieldset>
  );
}
