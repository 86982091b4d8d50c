/** Dimension values and money typed by people (spec §5, §9). */
export const DIMENSION_UNITS = ['mm', 'cm', 'dm', 'm', 'inches', 'inch', 'in', 'feet', 'foot', 'ft'] as const;
export const DEFAULT_DIMENSION_NAMES = ['width', 'height', 'thickness'] as const;

const UNIT_PATTERN = new RegExp(`(^|[\\d\\s.])(${DIMENSION_UNITS.join('|')})(?![a-z])`, 'i');

/** True when the text names one of the spec's units (e.g. '20mm', '1.5 in', '2 feet'). */
export function hasUnit(value: string): boolean {
  return UNIT_PATTERN.test(value.trim());
}

/** A dimension value with its unit: mm is assumed when none is given; an empty value stays empty. */
export function withDefaultUnit(value: string): string {
  const v = value.trim();
  if (!v || hasUnit(v)) return v;
  return `${v} mm`;
}

/** Design dimension values below 1 show 2 decimals, otherwise rounded. */
export function formatDesignDimension(value: number): string {
  return Math.abs(value) < 1 ? value.toFixed(2) : String(Math.round(value));
}

/** '1,250.50' or '$99' as typed by a pro -> integer cents; null when it is not an amount. */
export function parseDollarsToCents(text: string): number | null {
  const cleaned = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole = '0', fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
