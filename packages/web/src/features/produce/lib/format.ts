/**
 * Display rules for measures on the produce pages (money, bytes and dates: `@facet/domain/format`).
 * Spec section 4 and 9: a dimension below 1 shows 2 decimals, otherwise it is rounded; always with its unit.
 */

/** `0.5` → `"0.50 mm"`, `12.6` → `"13 mm"`, `1234.4` → `"1,234 mm"`. */
export function formatDimension(value: number, unit = 'mm'): string {
  if (!Number.isFinite(value)) return `– ${unit}`;
  const text =
    Math.abs(value) < 1
      ? value.toFixed(2)
      : Math.round(value).toLocaleString('en-US', { maximumFractionDigits: 0 });
  return `${text} ${unit}`;
}

/** Width × height × length of a box, each by the dimension rule. */
export function formatSize(size: { x: number; y: number; z: number }, unit = 'mm'): string {
  return [size.x, size.y, size.z].map((v) => formatDimension(v, unit)).join(' × ');
}

/** Volumes and areas: two decimals below 100, whole numbers above (a jewelry piece is a few hundred mm³). */
export function formatMeasure(value: number, unit: string): string {
  if (!Number.isFinite(value)) return `– ${unit}`;
  const digits = Math.abs(value) < 100 ? 2 : 0;
  return `${value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })} ${unit}`;
}

/** Grams to 0.01 g, as the quote gives them. */
export function formatWeight(grams: number): string {
  return `${grams.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} g`;
}

/** `12345` → `"12,345"`. */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}
