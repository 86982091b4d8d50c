import type { StageWire } from '../workflow/production-line';

/** The socket.io event that tells a customer's open pages their order moved (room `user:<id>`). */
export const ORDER_UPDATED_EVENT = 'order-updated';

/**
 * What the event carries: enough to refetch; `stage` is the order's least-advanced item stage, as the API
 * numbers it (`@facet/domain/workflow` PRODUCTION_STAGES, decision 062).
 */
export interface OrderUpdatedPayload {
  orderId: string;
  status: 'awaiting_payment' | 'paid' | 'cancelled';
  stage: StageWire | null;
  stageName: string | null;
  shipped: boolean;
}
