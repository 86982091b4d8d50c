import type { Cart, CartLine } from '../api/cart';

/** Cart answers as GET /api/cart gives them, for the commerce pages' tests. */

const breakdown = (quantity: number, pricePerPiece: number) => ({
  materialId: 1,
  materialName: 'Sterling Silver',
  kind: 'metal',
  quantity,
  parts: 1,
  weightGrams: 3.12,
  castPrice: 2_100,
  threeDPrintingPrice: 0,
  polishLaborPrice: 450,
  platingPrice: 0,
  platingApplied: false,
  assemblyOptionPrice: 0,
  laserEngravingOptionPrice: 0,
  laserCharacters: 0,
  fixedCostPrice: 1_000,
  subtotalPerPiece: pricePerPiece,
  quantityBreak: { minQuantity: 1, factor: 1 },
  pricePerPiece,
  totalPrice: pricePerPiece * quantity,
});

export function cartLine(over: Partial<CartLine> = {}): CartLine {
  const quantity = over.quantity ?? 2;
  const unit = over.unitPriceCents ?? 3_550;
  return {
    id: 'line-1',
    source: 'model',
    modelId: 'm1',
    libraryProductId: null,
    title: 'ring.stl',
    fileName: 'ring.stl',
    thumbnailUrl: null,
    quantity,
    choices: {},
    configuration: {
      title: 'ring.stl',
      fileName: 'ring.stl',
      material: { id: 1, name: 'Sterling Silver', kind: 'metal' },
      polish: { id: 1, name: 'Satin Polish' },
      plating: { id: 1, name: 'None', applied: false },
      assemblyOption: { id: 1, name: 'None', parts: 1, subItems: [] },
      laserEngraving: { id: 2, name: 'Text', text: 'A&B', font: { id: 1, name: 'Script' }, image: null },
      itemType: null,
      surfaceAreaMm2: 612.4,
      volumeMm3: 301.2,
      weightGrams: 3.12,
    },
    quoteId: 'q1',
    breakdown: breakdown(quantity, unit),
    unitPriceCents: unit,
    totalCents: unit * quantity,
    previousUnitPriceCents: null,
    previousTotalCents: null,
    priceChanged: false,
    lockedUntil: '2026-12-02T10:00:00.000Z',
    leadTimeDays: 10,
    createdAt: '2026-11-25T10:00:00.000Z',
    problem: null,
    ...over,
  };
}

export function cartOf(items: CartLine[]): Cart {
  const subtotalCents = items.reduce((s, l) => s + l.totalCents, 0);
  const shippingEstimateCents = items.length ? 1_500 : 0;
  return {
    items,
    count: items.length,
    subtotalCents,
    shippingEstimateCents,
    totalCents: subtotalCents + shippingEstimateCents,
    priceLockDays: 7,
    shippingMethods: [
      {
        code: 'standard',
        name: 'Standard',
        priceCents: 1_500,
        businessDays: 5,
        leadTimeDays: 10,
        promisedDate: '2026-12-16T10:00:00.000Z',
      },
      {
        code: 'express',
        name: 'Express',
        priceCents: 3_500,
        businessDays: 2,
        leadTimeDays: 10,
        promisedDate: '2026-12-11T10:00:00.000Z',
      },
    ],
  };
}
