/** Dimension display rules (spec sections 5 and 9). */

/** Spec section 9: the units a dimension text may carry. */
export const DIMENSION_UNITS = ['mm', 'cm', 'dm', 'm', 'inches', 'inch', 'in', 'feet', 'foot', 'ft'] as const;
export type DimensionUnit = (typeof DIMENSION_UNITS)[number];

/** A dimension is one named value, e.g. { name: 'width', value: '18 mm' }. */
export type Dimension = { name: string; value: string };

/** Spec section 9: default dimensions width, height, thickness. */
export const DEFAULT_DIMENSION_NAMES = ['width', 'height', 'thickness'] as const;

const unitPattern = new RegExp(
  `(?:\\d|\\s|^)(${[...DIMENSION_UNITS].sort((a, b) => b.length - a.length).join('|')})\\.?\\s*$`,
  'i',
);

/** The unit written in a value, or null when it names none of the known units. */
export function unitOf(value: string): DimensionUnit | null {
  const match = unitPattern.exec(value.trim());
  return match ? (match[1]!.toLowerCase() as DimensionUnit) : null;
}

/** The value as shown: with its unit, 'mm' appended when it names none (spec section 5). */
export function formatDimensionValue(value: string): string {
  const text = value.trim();
  if (!text) return '';
  return unitOf(text) ? text : `${text} mm`;
}

/** 'thickness' -> 'Thickness'. */
export function dimensionLabel(name: string): string {
  const text = name.trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Rows with a name and a value; blank rows are dropped. Save is blocked when this is empty. */
export function cleanDimensions(rows: readonly Dimension[]): Dimension[] {
  return rows
    .map((row) => ({ name: row.name.trim(), value: row.value.trim() }))
    .filter((row) => row.name && row.value);
}

/** The wire form is a list of single-key objects ({ width: '18 mm' }). */
export function fromWire(list: ReadonlyArray<Record<string, string>>): Dimension[] {
  return list.flatMap((entry) =>
    Object.entries(entry).map(([name, value]) => ({ name, value: String(value) })),
  );
}

export function toWire(rows: readonly Dimension[]): Record<string, string>[] {
  return cleanDimensions(rows).map((row) => ({ [row.name]: row.value }));
}
