import { describe, expect, test } from 'vitest';
import { catalog } from '../testing/produce-fakes';
import {
  changeConfiguration,
  defaultConfiguration,
  itemTypeIdOf,
  parseParts,
  toPricingRequest,
} from './configuration';

describe('configuration (spec section 3: item type, material, polish, plating, assembly, laser, quantity)', () => {
  test('starts from the catalog defaults with one piece, one part and no item type unless one is named', () => {
    expect(defaultConfiguration(catalog)).toMatchObject({
      materialId: 1,
      polishId: 1,
      platingId: 1,
      assemblyOptionId: 1,
      laserEngravingOptionId: 1,
      itemTypeId: null,
      parts: 1,
      quantity: 1,
    });
    expect(defaultConfiguration(catalog, 'Charm').itemTypeId).toBe(7);
    expect(defaultConfiguration(catalog, 'Brooch').itemTypeId).toBeNull();
  });

  test('an item type name matches whatever its case, spaces or plural', () => {
    expect(itemTypeIdOf(catalog, 'ring')).toBe(2);
    expect(itemTypeIdOf(catalog, ' Earrings ')).toBe(3);
    expect(itemTypeIdOf(catalog, '')).toBeNull();
    expect(itemTypeIdOf(catalog, null)).toBeNull();
  });

  test('the request carries the item type once chosen, and the parts only where the assembly charges per part', () => {
    const start = defaultConfiguration(catalog);
    expect(toPricingRequest(catalog, 'm1', start)).not.toHaveProperty('itemTypeId');
    expect(toPricingRequest(catalog, 'm1', start)).not.toHaveProperty('parts');
    const ring = changeConfiguration(catalog, start, { itemTypeId: 2 });
    expect(toPricingRequest(catalog, 'm1', ring)).toMatchObject({ itemTypeId: 2 });

    const chain = changeConfiguration(catalog, ring, { assemblyOptionId: 3 });
    const three = changeConfiguration(catalog, chain, { parts: 3 });
    expect(toPricingRequest(catalog, 'm1', three)).toMatchObject({ assemblyOptionId: 3, parts: 3 });
    // an option without a per-part price goes back to one part, and sends none
    const none = changeConfiguration(catalog, three, { assemblyOptionId: 1 });
    expect(none.parts).toBe(1);
    expect(toPricingRequest(catalog, 'm1', none)).not.toHaveProperty('parts');
    // one part is the server's default: not sent
    expect(toPricingRequest(catalog, 'm1', chain)).not.toHaveProperty('parts');
  });

  test('the number of parts is a whole number from 1 to 100', () => {
    expect(parseParts('4')).toEqual({ ok: true, parts: 4 });
    expect(parseParts(' 100 ')).toEqual({ ok: true, parts: 100 });
    for (const bad of ['0', '101', '1.5', '-2', '', 'two']) {
      expect(parseParts(bad), bad).toEqual({
        ok: false,
        message: 'Enter a whole number of parts from 1 to 100.',
      });
    }
  });
});
