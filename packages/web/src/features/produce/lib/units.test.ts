import { describe, expect, test } from 'vitest';
import { UNIT_WORDS, guessedUnit, scaleSize, toModelUnit, unitFactor, unitInText } from './units';

describe('units (spec: mm, cm, dm, m, inches, inch, in, feet, foot, ft)', () => {
  test('every spec word maps to the API unit', () => {
    expect(Object.fromEntries(UNIT_WORDS.map((w) => [w, toModelUnit(w)]))).toEqual({
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
    });
    expect(toModelUnit(' Inches ')).toBe('in');
    expect(toModelUnit('yards')).toBeUndefined();
  });
  test('a dimension text names its unit, else mm is assumed', () => {
    expect(unitInText('2.5 inches')).toBe('in');
    expect(unitInText('3in')).toBe('in');
    expect(unitInText('12 mm')).toBe('mm');
    expect(unitInText('1 foot')).toBe('ft');
    expect(unitInText('0.4 m')).toBe('m');
    expect(unitInText('7 dm')).toBe('dm');
    expect(unitInText('18')).toBe('mm');
    expect(unitInText('width')).toBe('mm');
  });
  test('the server guess becomes a unit to confirm; unknown guesses fall back to mm', () => {
    expect(guessedUnit('in')).toBe('in');
    expect(guessedUnit('cm')).toBe('cm');
    expect(guessedUnit(undefined)).toBe('mm');
    expect(guessedUnit('parsec')).toBe('mm');
  });
  test('a size read in another unit, in millimetres', () => {
    expect(unitFactor('in')).toBe(25.4);
    expect(scaleSize({ x: 1, y: 0.5, z: 2 }, 'in')).toEqual({ x: 25.4, y: 12.7, z: 50.8 });
    expect(scaleSize({ x: 2, y: 1, z: 0.2 }, 'cm')).toEqual({ x: 20, y: 10, z: 2 });
  });
});
