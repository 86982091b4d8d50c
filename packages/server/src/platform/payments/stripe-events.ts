import type Stripe from 'stripe';
import type { GatewayEvent } from './gateway';

/**
 * Stripe's events in the app's words, read through the SDK's `Stripe.Event` union: each `case` narrows
 * `event.data.object` to the object Stripe documents for that type (a Checkout Session, a PaymentIntent,
 * an Account). The types the app acts on are the ones `WEBHOOK_EVENT_TYPES` lists (docs/operations.md
 * asks the webhook endpoint for exactly these); any other event is answered as ignored.
 */

export const WEBHOOK_EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'payment_intent.payment_failed',
  'account.updated',
] as const satisfies readonly Stripe.Event['type'][];

/** An expandable field's id (Stripe sends the id, or the object when it was expanded). */
const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

export function readStripeEvent(event: Stripe.Event): GatewayEvent {
  const head = { id: event.id, created: event.created };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      if (session.payment_status !== 'paid') return { ...head, type: 'ignored', gatewayType: event.type };
      const customer = idOf(session.customer);
      const intent = idOf(session.payment_intent);
      return {
        ...head,
        type: 'payment.succeeded',
        sessionId: session.id,
        clientReference: session.client_reference_id ?? '',
        chargeRef: intent ?? '',
        amountCents: session.amount_total ?? 0,
        // asked of the charge's balance transaction by the adapter
        feeCents: 0,
        // the card a checkout kept is the customer's card of its payment intent
        paymentMethodRef: customer && intent ? `${customer}/${intent}` : null,
      };
    }
    case 'checkout.session.async_payment_failed': {
      const session = event.data.object;
      return {
        ...head,
        type: 'payment.failed',
        sessionId: session.id,
        clientReference: session.client_reference_id,
        message: 'The payment failed.',
      };
    }
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      return {
        ...head,
        type: 'payment.failed',
        // a payment intent does not name its checkout session; our payment id is in its metadata
        sessionId: null,
        clientReference: intent.metadata?.paymentId ?? null,
        message: intent.last_payment_error?.message ?? 'The payment failed.',
      };
    }
    case 'checkout.session.expired': {
      const session = event.data.object;
      return {
        ...head,
        type: 'checkout.expired',
        sessionId: session.id,
        clientReference: session.client_reference_id ?? '',
      };
    }
    case 'account.updated': {
      const account = event.data.object;
      return {
        ...head,
        type: 'account.updated',
        accountId: account.id,
        payoutsEnabled: Boolean(account.payouts_enabled),
      };
    }
    default:
      return { ...head, type: 'ignored', gatewayType: event.type };
  }
}
