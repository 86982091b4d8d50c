/** The shapes a cart line stores (imports nothing: the tables and the reads use them). */

/** The customer's pricing choices of a line, as POST /api/pricing takes them (the quantity is the line's own). */
export interface CartChoices {
  materialId?: number | undefined;
  polishId?: number | null | undefined;
  platingId?: number | null | undefined;
  assemblyOptionId?: number | null | undefined;
  assemblySubItemIds?: number[] | undefined;
  parts?: number | undefined;
  laserEngravingOptionId?: number | null | undefined;
  laserText?: string | undefined;
  laserFontId?: number | null | undefined;
  itemTypeId?: number | null | undefined;
  /** An engraving image the customer uploaded (POST /api/cart/engraving-images); not priced. */
  laserImageFileId?: string | null | undefined;
}

interface Named {
  id: number;
  name: string;
}

/** The names of a line's choices and the model's measurements when it was quoted (spec: cart item). */
export interface LineConfiguration {
  title: string;
  fileName: string;
  material: Named & { kind: string };
  polish: Named;
  plating: Named & { applied: boolean };
  assemblyOption: Named & { parts: number; subItems: Named[] };
  laserEngraving: Named & { text: string | null; font: Named | null; image: string | null };
  itemType: Named | null;
  surfaceAreaMm2: number;
  volumeMm3: number;
  weightGrams: number;
}
