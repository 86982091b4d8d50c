import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Jobs } from '../jobs';
import type { GatewayEvent } from './gateway';
import { sandboxEvents } from './payments.tables';

/**
 * The sandbox gateway's events: recorded in sandbox_events, signed as Stripe signs them, and sent to
 * our webhook by a job that retries with backoff (under `chaos`, sometimes twice, late).
 */

export const WEBHOOK_JOB = 'payments-sandbox-webhook';
export const SIGNATURE_HEADER = 'facet-signature';

export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** A webhook signature as Stripe makes it: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export function signPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)) {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/** Delivers one signed event to the app's webhook; answers the HTTP status. */
export type Deliverer = (body: string, headers: Record<string, string>) => Promise<number>;

export interface SandboxOptions {
  db: Db;
  jobs: Jobs;
  publicUrl: string;
  /** Deliver some events twice and some late, as real gateways do. */
  chaos: boolean;
  /** Events are sent on by the delivery job; false: kept for the test to deliver. */
  deliverEvents?: boolean;
}

/** What the sandbox's parts share: its options, its base URL, its webhook secret and deliverer. */
export interface SandboxContext {
  db: Db;
  jobs: Jobs;
  options: SandboxOptions;
  base: string;
  secret: string;
  deliverer: Deliverer | null;
}

/** Records an event and queues its delivery (retried with backoff; under chaos sometimes twice, late). */
export async function emit(ctx: SandboxContext, type: string, data: Record<string, unknown>) {
  const { db, jobs, options } = ctx;
  const id = newId('evt_sbx');
  await db.insert(sandboxEvents).values({ id, type, data });
  if (options.deliverEvents === false) return id;
  const retry = { retryLimit: 10, retryDelay: 1, retryBackoff: true };
  await jobs.send(WEBHOOK_JOB, { eventId: id }, retry);
  if (options.chaos && Math.random() < 0.3) {
    await jobs.send(
      WEBHOOK_JOB,
      { eventId: id },
      { ...retry, startAfter: 1 + Math.floor(Math.random() * 3) },
    );
  }
  return id;
}

/** The event as sent on the wire (Stripe's envelope: id, object, type, created, data.object). */
export async function eventBody(db: Db, eventId: string) {
  const [event] = await db.select().from(sandboxEvents).where(eq(sandboxEvents.id, eventId));
  if (!event) return null;
  return JSON.stringify({
    id: event.id,
    object: 'event',
    type: event.type,
    created: Math.floor(event.createdAt.getTime() / 1000),
    data: { object: event.data },
  });
}

/** Sends one stored event to the webhook, signed now; throws (so the job retries) unless it is taken. */
export async function deliverEvent(ctx: SandboxContext, eventId: string) {
  const { db, secret, deliverer } = ctx;
  const body = await eventBody(db, eventId);
  if (!body) return;
  if (!deliverer) throw new Error('the webhook is not listening yet');
  const status = await deliverer(body, {
    'content-type': 'application/json',
    [SIGNATURE_HEADER]: signPayload(body, secret),
  });
  if (status < 200 || status >= 300) throw new Error(`the webhook answered ${status}`);
  await db.update(sandboxEvents).set({ deliveredAt: new Date() }).where(eq(sandboxEvents.id, eventId));
}

export async function eventIds(db: Db) {
  return (await db.select({ id: sandboxEvents.id }).from(sandboxEvents).orderBy(sandboxEvents.createdAt)).map(
    (r) => r.id,
  );
}

/** A sandbox event (Stripe-shaped, untyped) in the app's words; Stripe's own: stripe-events.ts. */
export function readEvent(event: {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}): GatewayEvent {
  const o = event.data?.object ?? {};
  const head = { id: String(event.id), created: Number(event.created) || 0 };
  const str = (v: unknown) =>
    typeof v === 'string' ? v : v && typeof v === 'object' && 'id' in v ? String(v.id) : null;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      if (o.payment_status !== 'paid') return { ...head, type: 'ignored', gatewayType: event.type };
      return {
        ...head,
        type: 'payment.succeeded',
        sessionId: String(o.id),
        clientReference: String(o.client_reference_id ?? ''),
        chargeRef: str(o.payment_intent) ?? '',
        amountCents: Number(o.amount_total),
        feeCents: Number(o.fee ?? 0),
        // the sandbox names its saved card; Stripe's is the customer's card of the payment intent
        paymentMethodRef:
          str(o.saved_payment_method) ??
          (str(o.customer) && str(o.payment_intent) ? `${str(o.customer)}/${str(o.payment_intent)}` : null),
      };
    case 'checkout.session.async_payment_failed':
      return {
        ...head,
        type: 'payment.failed',
        sessionId: String(o.id),
        clientReference: str(o.client_reference_id),
        message: 'The payment failed.',
      };
    case 'payment_intent.payment_failed':
      return {
        ...head,
        type: 'payment.failed',
        sessionId: str(o.checkout_session),
        clientReference: str(
          o.client_reference_id ?? (o.metadata as Record<string, unknown> | undefined)?.paymentId,
        ),
        message: String(
          (o.last_payment_error as { message?: string } | undefined)?.message ?? 'The payment failed.',
        ),
      };
    case 'checkout.session.expired':
      return {
        ...head,
        type: 'checkout.expired',
        sessionId: String(o.id),
        clientReference: String(o.client_reference_id ?? ''),
      };
    case 'account.updated':
      return {
        ...head,
        type: 'account.updated',
        accountId: String(o.id),
        payoutsEnabled: Boolean(o.payouts_enabled),
      };
    default:
      return { ...head, type: 'ignored', gatewayType: event.type };
  }
}
