/** Production stage codes of an order (DESIGN.md §3 Production): 0..7. */
export const PRODUCTION_STAGES = [
  'RECEIVED',
  'PROCESSING',
  '3D PRINTING',
  'CASTING',
  'POLISH',
  'FINAL QUALITY CHECK',
  'DELIVERY',
  'CANCELLED',
] as const;
export type ProductionStage = (typeof PRODUCTION_STAGES)[number];

export function stageName(code: number): ProductionStage | null {
  return PRODUCTION_STAGES[code] ?? null;
}

/** Stage codes by name, for code that moves them. */
export const STAGE = {
  RECEIVED: 0,
  PROCESSING: 1,
  PRINTING: 2,
  CASTING: 3,
  POLISH: 4,
  FINAL_QUALITY_CHECK: 5,
  DELIVERY: 6,
  CANCELLED: 7,
} as const;

/**
 * Whether an item may move from one stage to another: one step forward along the production line
 * (RECEIVED → PROCESSING → … → DELIVERY), or CANCELLED from RECEIVED only. DELIVERY and CANCELLED are final.
 */
export function stageMoveAllowed(from: number | null, to: number): boolean {
  if (from === null || !Number.isInteger(to)) return false;
  if (to === STAGE.CANCELLED) return from === STAGE.RECEIVED;
  return from < STAGE.DELIVERY && to === from + 1;
}

/** The socket.io event that tells a customer's open pages their order moved (room `user:<id>`). */
export const ORDER_UPDATED_EVENT = 'order-updated';

/** What the event carries: enough to refetch; `stage` is the order's least-advanced item stage. */
export interface OrderUpdatedPayload {
  orderId: string;
  status: 'awaiting_payment' | 'paid' | 'cancelled';
  stage: number | null;
  stageName: string | null;
  shipped: boolean;
}
