import type { ReactNode } from 'react';
import { formatMoney } from '@facet/domain/format';
import { alloyPricePerOunce, describeSpot, metalNames, type Metal } from '@facet/domain/pricing';
import type { CatalogKindPath, StaffCatalog } from '../api/ops-catalog';

/** One editable field of an entry: how it is shown in the dialog and sent to the API. */
export type FieldSpec = {
  key: string;
  label: string;
  /** cents: shown and typed in dollars, sent in cents; rate: a plain decimal number. */
  type: 'text' | 'textarea' | 'rate' | 'cents' | 'int' | 'boolean' | 'metal' | 'category' | 'kind';
  hint?: string;
  /** Null allowed (an empty box sends null). */
  nullable?: boolean;
  /** A new entry needs it (the "Add …" form refuses an empty box). */
  required?: boolean;
};

export type Row = Record<string, unknown> & { id: number; name?: string };

export type Column = { label: string; render: (row: Row) => ReactNode; numeric?: boolean };

export type KindSpec = {
  rows: (catalog: StaffCatalog) => Row[];
  columns: Column[];
  fields: FieldSpec[];
  /** The "Add …" form's fields (kinds staff may add); empty optional boxes take the defaults. */
  createFields?: FieldSpec[];
  /** How a row is named in the history and the dialog title. */
  title: (row: Row) => string;
};

const money = (cents: unknown) => formatMoney(Number(cents));
const dollars = (n: unknown, digits = 4) =>
  `$${Number(n).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: digits })}`;
const yesNo = (value: unknown) => (value ? 'Yes' : 'No');
const state = (row: Row) => (row.isDisabled ? 'Disabled' : row.isDefault ? 'Default' : 'Offered');
const name = (row: Row) => String(row.name ?? row.id);
const percent = (factor: unknown) => `${Math.round((1 - Number(factor)) * 1000) / 10} % off`;

const finishFields: FieldSpec[] = [
  { key: 'name', label: 'Name', type: 'text' },
  { key: 'basePrice', label: 'Rate ($ per mm² of surface)', type: 'rate', hint: 'For example 0.0111' },
  { key: 'description', label: 'Description', type: 'textarea' },
  { key: 'sort', label: 'Sort order', type: 'int' },
  { key: 'isDisabled', label: 'Disabled (not offered)', type: 'boolean' },
];
const finishCreateFields: FieldSpec[] = [
  { key: 'name', label: 'Name', type: 'text', required: true },
  {
    key: 'basePrice',
    label: 'Rate ($ per mm² of surface)',
    type: 'rate',
    hint: 'For example 0.0111',
    required: true,
  },
  { key: 'description', label: 'Description', type: 'textarea' },
  { key: 'sort', label: 'Sort order', type: 'int' },
];
const finishColumns: Column[] = [
  { label: 'Name', render: name },
  { label: 'Rate per mm²', render: (r) => dollars(r.basePrice, 5), numeric: true },
  { label: 'Sort', render: (r) => String(r.sort), numeric: true },
  { label: 'State', render: state },
];

/** The price per troy ounce a material is quoted at now, and where it comes from. */
function materialPrice(row: Row): ReactNode {
  const spot = row.spot as (Parameters<typeof alloyPricePerOunce>[0] & { metal: Metal }) | null;
  if (spot) {
    return (
      <>
        {dollars(alloyPricePerOunce(spot), 2)}
        <span className="ops-muted"> from {describeSpot(spot)}</span>
      </>
    );
  }
  return row.kind === 'resin' ? `${dollars(row.printRate, 5)}/mm³` : dollars(row.basePrice, 3);
}

export const KIND_SPECS: Record<CatalogKindPath, KindSpec> = {
  materials: {
    rows: (c) => c.materials as unknown as Row[],
    title: name,
    columns: [
      { label: 'Name', render: name },
      { label: 'Price per ozt now', render: materialPrice, numeric: true },
      {
        label: 'Spot metal',
        render: (r) =>
          r.spotMetal
            ? `${metalNames[r.spotMetal as Metal]} · ${Number(r.purity) * 1000} · +${Number(r.spotMarginPercent)} %`
            : '—',
      },
      { label: 'Gravity g/cm³', render: (r) => String(r.gravity), numeric: true },
      { label: 'Can plate', render: (r) => yesNo(r.canPlate) },
      { label: 'Sort', render: (r) => String(r.sort), numeric: true },
      { label: 'State', render: state },
    ],
    fields: [
      { key: 'name', label: 'Name', type: 'text' },
      {
        key: 'basePrice',
        label: 'Base price ($ per troy ounce of the alloy)',
        type: 'rate',
        hint: 'Used when the material has no spot metal, or no spot price is known yet.',
      },
      { key: 'salesPrice', label: 'Sales price ($ per troy ounce)', type: 'rate', nullable: true },
      {
        key: 'spotMetal',
        label: 'Priced from the spot price of',
        type: 'metal',
        hint: 'Alloy price = spot × purity × (1 + margin %).',
      },
      { key: 'purity', label: 'Purity (0.925 for sterling)', type: 'rate', nullable: true },
      { key: 'spotMarginPercent', label: 'Margin over spot (%)', type: 'rate' },
      { key: 'gravity', label: 'Gravity (g/cm³)', type: 'rate' },
      { key: 'metalLoss', label: 'Metal loss (0.08 = 8 %)', type: 'rate' },
      { key: 'castingLabourCents', label: 'Casting labour per piece ($)', type: 'cents' },
      { key: 'orderSetupCents', label: 'Set-up per order ($)', type: 'cents' },
      { key: 'printRate', label: 'Print rate ($ per mm³, resins)', type: 'rate' },
      { key: 'printSetupCents', label: 'Print set-up per piece ($, resins)', type: 'cents' },
      { key: 'canPlate', label: 'Can be plated', type: 'boolean' },
      { key: 'description', label: 'Description', type: 'textarea' },
      { key: 'textureUrl', label: 'Texture address', type: 'text', nullable: true },
      { key: 'sort', label: 'Sort order', type: 'int' },
      { key: 'isDisabled', label: 'Disabled (not offered)', type: 'boolean' },
    ],
    createFields: [
      { key: 'name', label: 'Name', type: 'text', required: true },
      { key: 'sku', label: 'SKU', type: 'text', required: true },
      { key: 'code', label: 'Code', type: 'text', required: true, hint: 'Short, like 925 or 14KW.' },
      { key: 'kind', label: 'Kind', type: 'kind', required: true },
      {
        key: 'basePrice',
        label: 'Base price ($ per troy ounce of the alloy)',
        type: 'rate',
        required: true,
      },
      { key: 'gravity', label: 'Gravity (g/cm³)', type: 'rate', required: true, hint: 'From 0.5 to 25.' },
      { key: 'canPlate', label: 'Can be plated', type: 'boolean' },
      { key: 'description', label: 'Description', type: 'textarea' },
      { key: 'sort', label: 'Sort order', type: 'int' },
    ],
  },
  polishes: {
    rows: (c) => c.polishes as unknown as Row[],
    title: name,
    columns: finishColumns,
    fields: finishFields,
    createFields: finishCreateFields,
  },
  platings: {
    rows: (c) => c.platings as unknown as Row[],
    title: name,
    columns: finishColumns,
    fields: finishFields,
    createFields: finishCreateFields,
  },
  'assembly-options': {
    rows: (c) => c.assemblyOptions as unknown as Row[],
    title: name,
    columns: [
      { label: 'Name', render: name },
      { label: 'Per part', render: (r) => money(r.pricePerPartCents), numeric: true },
      { label: 'Extras', render: (r) => String((r.subItems as unknown[]).length), numeric: true },
      { label: 'State', render: state },
    ],
    fields: [
      { key: 'name', label: 'Name', type: 'text' },
      { key: 'pricePerPartCents', label: 'Price per part ($)', type: 'cents' },
      { key: 'description', label: 'Description', type: 'textarea' },
      { key: 'sort', label: 'Sort order', type: 'int' },
      { key: 'isDisabled', label: 'Disabled (not offered)', type: 'boolean' },
    ],
  },
  'assembly-sub-items': {
    rows: (c) =>
      c.assemblyOptions.flatMap((o) =>
        o.subItems.map((s) => ({ ...s, optionName: o.name }) as unknown as Row),
      ),
    title: name,
    columns: [
      { label: 'Name', render: name },
      { label: 'Of', render: (r) => String(r.optionName) },
      { label: 'Price', render: (r) => money(r.priceCents), numeric: true },
      { label: 'Sort', render: (r) => String(r.sort), numeric: true },
    ],
    fields: [
      { key: 'name', label: 'Name', type: 'text' },
      { key: 'priceCents', label: 'Price ($)', type: 'cents' },
      { key: 'sort', label: 'Sort order', type: 'int' },
    ],
  },
  'laser-options': {
    rows: (c) => c.laserEngravingOptions as unknown as Row[],
    title: name,
    columns: [
      { label: 'Name', render: name },
      { label: 'Price', render: (r) => money(r.priceCents), numeric: true },
      { label: 'Per character', render: (r) => money(r.pricePerCharacterCents), numeric: true },
      {
        label: 'Most characters',
        render: (r) => (r.maxCharacters == null ? '—' : String(r.maxCharacters)),
        numeric: true,
      },
      { label: 'State', render: state },
    ],
    fields: [
      { key: 'name', label: 'Name', type: 'text' },
      { key: 'priceCents', label: 'Price ($)', type: 'cents' },
      { key: 'pricePerCharacterCents', label: 'Price per character ($)', type: 'cents' },
      { key: 'maxCharacters', label: 'Most characters', type: 'int', nullable: true },
      { key: 'acceptsText', label: 'Engraves text', type: 'boolean' },
      { key: 'acceptsImage', label: 'Engraves an image', type: 'boolean' },
      { key: 'description', label: 'Description', type: 'textarea' },
      { key: 'sort', label: 'Sort order', type: 'int' },
      { key: 'isDisabled', label: 'Disabled (not offered)', type: 'boolean' },
    ],
  },
  fonts: {
    rows: (c) => c.laserFonts as unknown as Row[],
    title: name,
    columns: [
      { label: 'Name', render: name },
      { label: 'Package', render: (r) => <code>{String(r.packageName)}</code> },
      { label: 'Sort', render: (r) => String(r.sort), numeric: true },
    ],
    fields: [
      { key: 'name', label: 'Name', type: 'text' },
      { key: 'sort', label: 'Sort order', type: 'int' },
    ],
    createFields: [
      { key: 'name', label: 'Name', type: 'text', required: true },
      {
        key: 'packageName',
        label: 'Fontsource package',
        type: 'text',
        required: true,
        hint: 'Like @fontsource/lora; the web app must bundle it to show the font.',
      },
      { key: 'sort', label: 'Sort order', type: 'int' },
    ],
  },
  categories: {
    rows: (c) => c.productCategories as unknown as Row[],
    title: name,
    columns: [
      { label: 'Name', render: name },
      { label: 'Sort', render: (r) => String(r.sort), numeric: true },
    ],
    fields: [
      { key: 'name', label: 'Name', type: 'text' },
      { key: 'sort', label: 'Sort order', type: 'int' },
    ],
    createFields: [
      { key: 'name', label: 'Name', type: 'text', required: true },
      { key: 'sort', label: 'Sort order', type: 'int' },
    ],
  },
  'item-types': {
    rows: (c) => c.itemTypes as unknown as Row[],
    title: name,
    columns: [
      { label: 'Name', render: name },
      { label: 'Id (pricing item)', render: (r) => String(r.id), numeric: true },
      { label: 'Sort', render: (r) => String(r.sort), numeric: true },
    ],
    fields: [
      { key: 'name', label: 'Name', type: 'text' },
      { key: 'categoryId', label: 'Category', type: 'category', nullable: true },
      { key: 'sort', label: 'Sort order', type: 'int' },
    ],
    createFields: [
      { key: 'name', label: 'Name', type: 'text', required: true },
      { key: 'categoryId', label: 'Category', type: 'category', nullable: true },
      { key: 'sort', label: 'Sort order', type: 'int' },
    ],
  },
  'quantity-breaks': {
    rows: (c) => c.quantityBreaks.map((b) => ({ ...b, id: b.minQuantity }) as unknown as Row),
    title: (r) => `From ${Number(r.minQuantity).toLocaleString('en-US')} pieces`,
    columns: [
      { label: 'From pieces', render: (r) => Number(r.minQuantity).toLocaleString('en-US'), numeric: true },
      { label: 'Factor', render: (r) => String(r.factor), numeric: true },
      { label: 'Discount', render: (r) => percent(r.factor) },
    ],
    fields: [{ key: 'factor', label: 'Factor (0.8 = 20 % off)', type: 'rate' }],
    createFields: [
      { key: 'minQuantity', label: 'From pieces', type: 'int', required: true, hint: 'From 2 to 1,000,000.' },
      { key: 'factor', label: 'Factor (0.8 = 20 % off)', type: 'rate', required: true },
    ],
  },
};
