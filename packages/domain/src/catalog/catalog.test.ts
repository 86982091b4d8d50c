import { describe, expect, test } from 'vitest';
import { finishPatchSchema, materialPatchSchema } from './catalog.schema';
import {
  DEFAULT_MATERIAL,
  DEFAULT_PLATING,
  DEFAULT_POLISH,
  DEFAULT_QUANTITY,
  ESTIMATE,
  defaultEstimateMaterial,
  estimateItemId,
} from './defaults';
import { materialColorSchema, parseMaterialColor, rgbToHex } from './material-color';

describe('material colour', () => {
  test('arrives as an object or as a JSON string, and is parsed', () => {
    expect(parseMaterialColor({ r: 192, g: 192, b: 192 })).toEqual({ r: 192, g: 192, b: 192 });
    expect(parseMaterialColor('{"r":212,"g":175,"b":55}')).toEqual({ r: 212, g: 175, b: 55 });
    expect(parseMaterialColor('not json')).toBeNull();
    expect(parseMaterialColor({ r: 300, g: 0, b: 0 })).toBeNull();
    expect(parseMaterialColor(null)).toBeNull();
    expect(rgbToHex({ r: 212, g: 175, b: 55 })).toBe('#d4af37');
  });

  test('a bad colour is a clear validation message', () => {
    const result = materialColorSchema.safeParse('{"r":1.5,"g":0,"b":0}');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      'Each colour channel must be a whole number from 0 to 255.',
    );
    expect(materialColorSchema.safeParse('oops').error?.issues[0]?.message).toBe(
      'The colour must be { r, g, b } with channels from 0 to 255.',
    );
  });
});

describe('spec constants', () => {
  test('section 9 word for word: defaults and the estimate', () => {
    expect(DEFAULT_QUANTITY).toBe(1);
    expect(DEFAULT_MATERIAL).toEqual({ name: 'Sterling Silver', gravity: 10.36, basePrice: 26.359 });
    expect(DEFAULT_POLISH).toEqual({ name: 'Satin Polish', basePrice: 0.0111 });
    expect(DEFAULT_PLATING).toEqual({ name: 'None' });
    expect(ESTIMATE).toMatchObject({ quantity: 100, polishId: 5, materialNameContains: 'Silver' });
  });

  test('item id mapping: Necklace 1, Ring 2, Earring 3, Bracelet 5, otherwise 1', () => {
    expect(
      ['Necklace', 'Ring', 'Earring', 'Bracelet', 'Pendant', '', null, undefined].map(estimateItemId),
    ).toEqual([1, 2, 3, 5, 1, 1, 1, 1]);
    expect(['earrings', ' RING ', 'Bracelets'].map(estimateItemId)).toEqual([3, 2, 5]);
  });

  test('the estimate material is the first enabled variant whose name contains Silver', () => {
    const materials = [
      { name: '14k Yellow Gold' },
      { name: 'Fine Silver', isDisabled: true },
      { name: 'Sterling Silver' },
      { name: 'Argentium Silver' },
      { name: 'silver-plated brass' },
    ];
    expect(defaultEstimateMaterial(materials)?.name).toBe('Sterling Silver');
    expect(defaultEstimateMaterial([{ name: 'Brass' }])).toBeUndefined();
  });
});

describe('staff edit schemas', () => {
  test('accept a partial change, colour as a JSON string', () => {
    expect(materialPatchSchema.parse({ basePrice: 27.5, color: '{"r":1,"g":2,"b":3}' })).toEqual({
      basePrice: 27.5,
      color: { r: 1, g: 2, b: 3 },
    });
    expect(finishPatchSchema.parse({ basePrice: 0.0125 })).toEqual({ basePrice: 0.0125 });
  });

  test('refuse empty, unknown, negative and out-of-range changes with a message', () => {
    const message = (schema: typeof materialPatchSchema | typeof finishPatchSchema, value: unknown) =>
      schema.safeParse(value).error?.issues[0]?.message;
    expect(message(materialPatchSchema, {})).toBe('Give at least one field to change.');
    expect(message(materialPatchSchema, { basePrice: -1 })).toBe(
      'The base price per troy ounce cannot be negative.',
    );
    expect(message(materialPatchSchema, { basePrice: '26' })).toBe(
      'The base price per troy ounce must be a number.',
    );
    expect(message(materialPatchSchema, { gravity: 40 })).toBe(
      'The gravity must be between 0.5 and 25 g/cm³.',
    );
    expect(message(materialPatchSchema, { castingLabourCents: 12.5 })).toBe(
      'The casting labour must be a whole number of cents.',
    );
    expect(message(materialPatchSchema, { metalLoss: 0.9 })).toBe('The metal loss is at most 0.5.');
    expect(materialPatchSchema.safeParse({ base_price: 20 }).success).toBe(false);
    expect(message(finishPatchSchema, { basePrice: 11 })).toBe('The base price per mm² is at most 10.');
    expect(message(finishPatchSchema, { name: '  ' })).toBe('The name is required.');
  });
});
