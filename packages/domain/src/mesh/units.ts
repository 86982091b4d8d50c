/** Unit words a customer may confirm, as the product spec lists them; millimetres per unit. */
export const MESH_UNITS = ['mm', 'cm', 'dm', 'm', 'inches', 'inch', 'in', 'feet', 'foot', 'ft'] as const;
export type MeshUnit = (typeof MESH_UNITS)[number];

export const MM_PER_UNIT: Readonly<Record<MeshUnit, number>> = {
  mm: 1,
  cm: 10,
  dm: 100,
  m: 1000,
  inches: 25.4,
  inch: 25.4,
  in: 25.4,
  feet: 304.8,
  foot: 304.8,
  ft: 304.8,
};

/** The units the guess chooses between (a piece drawn in feet or decimetres is not a realistic case). */
export type MeshUnitGuess = 'mm' | 'cm' | 'in' | 'm';

/** A jewelry piece measures 2 to 60 mm along its longest side. */
export const JEWELRY_MIN_MM = 2;
export const JEWELRY_MAX_MM = 60;
/** The size a guessed piece is pulled towards when two units would both fit (a ring is about 20 mm). */
const TYPICAL_MM = 20;

/**
 * Guesses the unit a model was drawn in from its longest side, read as millimetres: in range means mm;
 * a model about 10x too small is likely cm, 25.4x inches, 1000x metres. When several fit, the one
 * nearest a typical piece wins. The customer confirms the guess.
 */
export function guessUnit(longestSide: number): MeshUnitGuess {
  if (!(longestSide > 0) || !Number.isFinite(longestSide)) return 'mm';
  if (longestSide >= JEWELRY_MIN_MM && longestSide <= JEWELRY_MAX_MM) return 'mm';
  let best: MeshUnitGuess = 'mm';
  let bestDistance = Infinity;
  for (const unit of ['cm', 'in', 'm'] as const) {
    const mm = longestSide * MM_PER_UNIT[unit];
    if (mm < JEWELRY_MIN_MM || mm > JEWELRY_MAX_MM) continue;
    const distance = Math.abs(Math.log(mm / TYPICAL_MM));
    if (distance < bestDistance) {
      bestDistance = distance;
      best = unit;
    }
  }
  return best;
}

/** Converts a length in `unit` to millimetres. */
export function toMillimetres(value: number, unit: MeshUnit): number {
  return value * MM_PER_UNIT[unit];
}
