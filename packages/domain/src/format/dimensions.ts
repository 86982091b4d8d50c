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
