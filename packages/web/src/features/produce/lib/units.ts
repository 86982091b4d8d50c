import type { ModelUnit } from './types';

/**
 * Units a customer may name (spec section 5 and 9: mm, cm, dm, m, inches, inch, in, feet, foot, ft) and the
 * unit the server stores for each. The spelled-out words map to the API's short forms.
 */
export const UNIT_WORDS = ['mm', 'cm', 'dm', 'm', 'inches', 'inch', 'in', 'feet', 'foot', 'ft'] as const;
export type UnitWord = (typeof UNIT_WORDS)[number];

const WORD_TO_UNIT: Readonly<Record<UnitWord, ModelUnit>> = {
  mm: 'mm',
  cm: 'cm',
  dm: 'dm',
  m: 'm',
  inches: 'in',
  inch: 'in',
  in: 'in',
  feet: 'ft',
  foot: 'ft',
  ft: 'ft',
};

/** Millimetres per unit. */
export const MM_PER: Readonly<Record<ModelUnit, number>> = {
  mm: 1,
  cm: 10,
  dm: 100,
  m: 1000,
  in: 25.4,
  ft: 304.8,
};

/** The choices offered when confirming a model's unit, in the API's short forms. */
export const UNIT_CHOICES: readonly { value: ModelUnit; label: string }[] = [
  { value: 'mm', label: 'Millimetres (mm)' },
  { value: 'cm', label: 'Centimetres (cm)' },
  { value: 'dm', label: 'Decimetres (dm)' },
  { value: 'm', label: 'Metres (m)' },
  { value: 'in', label: 'Inches (in)' },
  { value: 'ft', label: 'Feet (ft)' },
];

export function isModelUnit(value: string): value is ModelUnit {
  return Object.hasOwn(MM_PER, value);
}

/** A unit word (any case, surrounding spaces ignored) as the API's unit; undefined when it is not one. */
export function toModelUnit(word: string): ModelUnit | undefined {
  const key = word.trim().toLowerCase();
  return Object.hasOwn(WORD_TO_UNIT, key) ? WORD_TO_UNIT[key as UnitWord] : undefined;
}

/**
 * The unit named in a dimension text such as "2.5 in" or "3 inches"; mm when it names none (spec section 5).
 * Longer words are tried first so "inches" is not read as "in", and only whole words count ("mm" in "5mm"
 * is a unit, the "m" in "mm" is not).
 */
export function unitInText(text: string): ModelUnit {
  const words = [...UNIT_WORDS].sort((a, b) => b.length - a.length);
  const lower = text.toLowerCase();
  for (const word of words) {
    if (new RegExp(`(^|[\\d\\s.])${word}(?![a-z])`).test(lower)) return WORD_TO_UNIT[word];
  }
  return 'mm';
}

/** How many times larger a length becomes when a model drawn in `unit` is read in millimetres. */
export function unitFactor(unit: ModelUnit): number {
  return MM_PER[unit];
}

/** The server's unit guess, as a unit the customer can confirm (mm when the guess is not one). */
export function guessedUnit(unitGuess: string | undefined): ModelUnit {
  return (unitGuess && toModelUnit(unitGuess)) || 'mm';
}

/** A model's size, read in `unit`, in millimetres: lengths × f (areas × f², volumes × f³ follow). */
export function scaleSize(size: { x: number; y: number; z: number }, unit: ModelUnit) {
  const f = MM_PER[unit];
  return { x: size.x * f, y: size.y * f, z: size.z * f };
}
