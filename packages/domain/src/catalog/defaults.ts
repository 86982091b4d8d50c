/**
 * Business constants of spec section 9, word for word where the spec names them.
 */

export const DEFAULT_QUANTITY = 1;

/** Default material: Sterling Silver, gravity 10.36 g/cm³, base price 26.359 dollars per troy ounce. */
export const DEFAULT_MATERIAL = { name: 'Sterling Silver', gravity: 10.36, basePrice: 26.359 } as const;

/** Default polish: Satin Polish, base price 0.0111 dollars per mm². */
export const DEFAULT_POLISH = { name: 'Satin Polish', basePrice: 0.0111 } as const;

/** Default plating: None. */
export const DEFAULT_PLATING = { name: 'None' } as const;

/** The project estimate card: quantity 100, high polish (polish id 5), first variant whose name contains Silver. */
export const ESTIMATE = {
  quantity: 100,
  polishId: 5,
  polishName: 'High Polish',
  materialNameContains: 'Silver',
} as const;

/** Spec: item id mapping Necklace 1, Ring 2, Earring 3, Bracelet 5, otherwise 1. */
export const ESTIMATE_ITEM_IDS: Readonly<Record<string, number>> = {
  necklace: 1,
  ring: 2,
  earring: 3,
  bracelet: 5,
};
export const ESTIMATE_FALLBACK_ITEM_ID = 1;

/** The pricing item id of an item type name; case, surrounding space and a plural "s" do not matter. */
export function estimateItemId(itemTypeName: string | null | undefined): number {
  const key = (itemTypeName ?? '').trim().toLowerCase();
  return ESTIMATE_ITEM_IDS[key] ?? ESTIMATE_ITEM_IDS[key.replace(/s$/, '')] ?? ESTIMATE_FALLBACK_ITEM_ID;
}

/** The estimate's default material: the first (in the given order) enabled variant whose name contains "Silver". */
export function defaultEstimateMaterial<T extends { name: string; isDisabled?: boolean }>(
  materials: readonly T[],
): T | undefined {
  return materials.find((m) => !m.isDisabled && m.name.includes(ESTIMATE.materialNameContains));
}
