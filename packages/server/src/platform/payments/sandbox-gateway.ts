import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, gte, inArray } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Db } from '../../db/client';
import type { Jobs } from '../jobs';
import { GatewayError, WebhookRefused, type GatewayEvent, type PaymentGateway } from './gateway';
import {
  sandboxAccounts,
  sandboxCheckoutSessions,
  sandboxEvents,
  sandboxMoneyMoves,
  sandboxSecrets,
} from './payments.tables';

/**
 * The sandbox gateway: a payment gateway inside this process, so that a fresh machine takes payments
 * with nothing configured. It keeps its own records (sandbox_* tables), serves a hosted pay page
 * (`sandbox.routes.ts`), knows the usual test cards, and sends signed events (`t=…,v1=HMAC-SHA256`, as
 * Stripe signs) to our webhook through a job that retries with backoff — and, like real gateways,
 * sometimes delivers an event twice or late (`chaos`).
 */

export type SessionRow = typeof sandboxCheckoutSessions.$inferSelect;
export type AccountRow = typeof sandboxAccounts.$inferSelect;

/** The test cards (spaces removed) and what they do. */
export const TEST_CARDS: Record<string, { outcome: 'succeed' | 'decline' | 'confirm'; message?: string }> = {
  '4242424242424242': { outcome: 'succeed' },
  '5555555555554444': { outcome: 'succeed' },
  '4000000000000002': { outcome: 'decline', message: 'Your card was declined.' },
  '4000000000009995': { outcome: 'decline', message: 'Your card has insufficient funds.' },
  '4000002500003155': { outcome: 'confirm' },
};

export interface CardInput {
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** What paying on the hosted page led to. */
export type PayOutcome =
  | { kind: 'paid'; redirectTo: string }
  | { kind: 'confirm'; redirectTo: string }
  | { kind: 'refused'; code: string; message: string; session: SessionRow };

export const WEBHOOK_JOB = 'payments-sandbox-webhook';
export const SIGNATURE_HEADER = 'facet-signature';
/** The sandbox's fee, as Stripe's standard card price: 2.9% + 30 cents. */
export const sandboxFee = (amountCents: number) => Math.round(amountCents * 0.029) + 30;

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

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

export async function createSandboxGateway(options: SandboxOptions) {
  const { db, jobs } = options;
  const base = options.publicUrl.replace(/\/$/, '');
  await db
    .insert(sandboxSecrets)
    .values({ name: 'webhook', value: `whsec_${randomBytes(24).toString('hex')}` })
    .onConflictDoNothing();
  const [secretRow] = await db.select().from(sandboxSecrets).where(eq(sandboxSecrets.name, 'webhook'));
  const secret = secretRow!.value;
  let deliverer: Deliverer | null = null;

  /** Records an event and queues its delivery (retried with backoff; under chaos sometimes twice, late). */
  async function emit(type: string, data: Record<string, unknown>) {
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
  async function eventBody(eventId: string) {
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

  async function session(id: string) {
    const [row] = await db.select().from(sandboxCheckoutSessions).where(eq(sandboxCheckoutSessions.id, id));
    return row;
  }

  /** Closes the session as paid, once: of many concurrent confirmations one charges, the others find it done. */
  async function charge(row: SessionRow): Promise<PayOutcome> {
    const chargeId = newId('ch_sbx');
    const feeCents = sandboxFee(row.amountCents);
    const [done] = await db
      .update(sandboxCheckoutSessions)
      .set({ status: 'complete', chargeId, feeCents, completedAt: new Date(), lastError: null })
      .where(
        and(
          eq(sandboxCheckoutSessions.id, row.id),
          inArray(sandboxCheckoutSessions.status, ['open', 'awaiting_confirmation']),
        ),
      )
      .returning();
    if (done) {
      await emit('checkout.session.completed', {
        id: done.id,
        object: 'checkout.session',
        client_reference_id: done.clientReference,
        payment_status: 'paid',
        payment_intent: chargeId,
        amount_total: done.amountCents,
        fee: feeCents,
      });
    }
    return { kind: 'paid', redirectTo: row.successUrl };
  }

  async function decline(row: SessionRow, message: string): Promise<PayOutcome> {
    const [updated] = await db
      .update(sandboxCheckoutSessions)
      .set({ lastError: message, status: 'open' })
      .where(
        and(
          eq(sandboxCheckoutSessions.id, row.id),
          inArray(sandboxCheckoutSessions.status, ['open', 'awaiting_confirmation']),
        ),
      )
      .returning();
    if (!updated) return { kind: 'paid', redirectTo: row.successUrl };
    await emit('payment_intent.payment_failed', {
      object: 'payment_intent',
      checkout_session: row.id,
      client_reference_id: row.clientReference,
      last_payment_error: { message },
    });
    return { kind: 'refused', code: 'card_declined', message, session: updated };
  }

  function cardProblem(card: CardInput): string | null {
    const number = card.cardNumber.replace(/[\s-]/g, '');
    if (!/^\d{12,19}$/.test(number)) return 'Your card number is incomplete.';
    const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
    const now = new Date();
    if (card.expMonth < 1 || card.expMonth > 12) return "Your card's expiration month is invalid.";
    if (
      year < now.getUTCFullYear() ||
      (year === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1)
    ) {
      return "Your card's expiration date is in the past.";
    }
    if (!/^\d{3,4}$/.test(card.cvc)) return "Your card's security code is incomplete.";
    if (!TEST_CARDS[number])
      return 'Your card number is incorrect. In the sandbox, use a test card such as 4242 4242 4242 4242.';
    return null;
  }

  const gateway: PaymentGateway & {
    secret: string;
    session: typeof session;
    pay(sessionId: string, card: CardInput): Promise<PayOutcome | null>;
    confirm(sessionId: string, outcome: 'complete' | 'fail'): Promise<PayOutcome | null>;
    account(id: string): Promise<AccountRow | undefined>;
    completeOnboarding(id: string): Promise<AccountRow | undefined>;
    setDeliverer(fn: Deliverer | null): void;
    deliver(eventId: string): Promise<void>;
    eventBody: typeof eventBody;
    eventIds(): Promise<string[]>;
  } = {
    name: 'sandbox',
    signatureHeader: SIGNATURE_HEADER,
    secret,
    session,

    async createCheckout(request) {
      const id = newId('cs_sbx');
      await db
        .insert(sandboxCheckoutSessions)
        .values({
          id,
          idempotencyKey: request.idempotencyKey,
          amountCents: request.amountCents,
          currency: request.currency,
          description: request.description,
          clientReference: request.clientReference,
          successUrl: request.successUrl,
          cancelUrl: request.cancelUrl,
        })
        .onConflictDoNothing({ target: sandboxCheckoutSessions.idempotencyKey });
      const [row] = await db
        .select()
        .from(sandboxCheckoutSessions)
        .where(eq(sandboxCheckoutSessions.idempotencyKey, request.idempotencyKey));
      return { sessionId: row!.id, url: `${base}/sandbox/checkout/${row!.id}` };
    },

    async expireCheckout(sessionId) {
      const [row] = await db
        .update(sandboxCheckoutSessions)
        .set({ status: 'expired' })
        .where(and(eq(sandboxCheckoutSessions.id, sessionId), eq(sandboxCheckoutSessions.status, 'open')))
        .returning();
      if (row) {
        await emit('checkout.session.expired', {
          id: row.id,
          object: 'checkout.session',
          client_reference_id: row.clientReference,
        });
      }
    },

    async pay(sessionId, card) {
      const row = await session(sessionId);
      if (!row) return null;
      if (row.status === 'complete') return { kind: 'paid', redirectTo: row.successUrl };
      if (row.status === 'expired') {
        return {
          kind: 'refused',
          code: 'checkout_expired',
          message: 'This checkout has expired.',
          session: row,
        };
      }
      const problem = cardProblem(card);
      if (problem) return { kind: 'refused', code: 'card_invalid', message: problem, session: row };
      const test = TEST_CARDS[card.cardNumber.replace(/[\s-]/g, '')]!;
      if (test.outcome === 'decline') return decline(row, test.message!);
      if (test.outcome === 'confirm') {
        await db
          .update(sandboxCheckoutSessions)
          .set({ status: 'awaiting_confirmation' })
          .where(and(eq(sandboxCheckoutSessions.id, row.id), eq(sandboxCheckoutSessions.status, 'open')));
        return { kind: 'confirm', redirectTo: `${base}/sandbox/checkout/${row.id}/confirm` };
      }
      return charge(row);
    },

    async confirm(sessionId, outcome) {
      const row = await session(sessionId);
      if (!row) return null;
      if (row.status === 'complete') return { kind: 'paid', redirectTo: row.successUrl };
      if (row.status !== 'awaiting_confirmation') {
        return {
          kind: 'refused',
          code: 'no_confirmation',
          message: 'Nothing waits for a confirmation.',
          session: row,
        };
      }
      if (outcome === 'fail') return decline(row, 'We are unable to authenticate your payment method.');
      return charge(row);
    },

    async createPayoutAccount(request) {
      await db
        .insert(sandboxAccounts)
        .values({ id: newId('acct_sbx'), idempotencyKey: request.idempotencyKey, email: request.email })
        .onConflictDoNothing({ target: sandboxAccounts.idempotencyKey });
      const [row] = await db
        .select()
        .from(sandboxAccounts)
        .where(eq(sandboxAccounts.idempotencyKey, request.idempotencyKey));
      return { accountId: row!.id };
    },

    async onboardingLink({ accountId, returnUrl }) {
      const query = new URLSearchParams({ return: returnUrl });
      return { url: `${base}/sandbox/connect/${accountId}?${query}` };
    },

    async payoutAccount(accountId) {
      const [row] = await db.select().from(sandboxAccounts).where(eq(sandboxAccounts.id, accountId));
      return { payoutsEnabled: Boolean(row?.payoutsEnabled) };
    },

    async account(id) {
      const [row] = await db.select().from(sandboxAccounts).where(eq(sandboxAccounts.id, id));
      return row;
    },

    async completeOnboarding(id) {
      const [row] = await db
        .update(sandboxAccounts)
        .set({ payoutsEnabled: true })
        .where(eq(sandboxAccounts.id, id))
        .returning();
      if (row) await emit('account.updated', { id: row.id, object: 'account', payouts_enabled: true });
      return row;
    },

    async transfer(request) {
      const [account] = await db
        .select()
        .from(sandboxAccounts)
        .where(eq(sandboxAccounts.id, request.accountId));
      if (!account) throw new GatewayError('no_account', 'No such payout account.');
      if (!account.payoutsEnabled)
        throw new GatewayError('account_not_ready', 'The payout account is not ready.');
      return {
        transferRef: await move(
          'transfer',
          'tr_sbx',
          request.accountId,
          request.amountCents,
          request.idempotencyKey,
        ),
      };
    },

    async refund(request) {
      const [paid] = await db
        .select()
        .from(sandboxCheckoutSessions)
        .where(eq(sandboxCheckoutSessions.chargeId, request.chargeRef));
      if (!paid) throw new GatewayError('no_charge', 'No such charge.');
      if (request.amountCents > paid.amountCents)
        throw new GatewayError('amount_too_large', 'Refund is larger than the charge.');
      return {
        refundRef: await move(
          'refund',
          're_sbx',
          request.chargeRef,
          request.amountCents,
          request.idempotencyKey,
        ),
      };
    },

    async parseWebhook(rawBody, signature) {
      let event: { id: string; type: string; created: number; data: { object: Record<string, unknown> } };
      try {
        event = Stripe.webhooks.constructEvent(rawBody, signature ?? '', secret) as unknown as typeof event;
      } catch (error) {
        throw new WebhookRefused((error as Error).message);
      }
      return readEvent(event);
    },

    async completedCheckouts(since) {
      const rows = await db
        .select()
        .from(sandboxCheckoutSessions)
        .where(
          and(
            eq(sandboxCheckoutSessions.status, 'complete'),
            gte(sandboxCheckoutSessions.completedAt, since),
          ),
        );
      return rows.map((r) => ({
        sessionId: r.id,
        clientReference: r.clientReference,
        chargeRef: r.chargeId!,
        amountCents: r.amountCents,
        feeCents: r.feeCents ?? 0,
        completedAt: r.completedAt!,
      }));
    },

    setDeliverer(fn) {
      deliverer = fn;
    },

    /** Sends one stored event to the webhook, signed now; throws (so the job retries) unless it is taken. */
    async deliver(eventId) {
      const body = await eventBody(eventId);
      if (!body) return;
      if (!deliverer) throw new Error('the webhook is not listening yet');
      const status = await deliverer(body, {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: signPayload(body, secret),
      });
      if (status < 200 || status >= 300) throw new Error(`the webhook answered ${status}`);
      await db.update(sandboxEvents).set({ deliveredAt: new Date() }).where(eq(sandboxEvents.id, eventId));
    },
    eventBody,
    async eventIds() {
      return (
        await db.select({ id: sandboxEvents.id }).from(sandboxEvents).orderBy(sandboxEvents.createdAt)
      ).map((r) => r.id);
    },
  };

  async function move(
    kind: 'transfer' | 'refund',
    prefix: string,
    target: string,
    amountCents: number,
    key: string,
  ) {
    await db
      .insert(sandboxMoneyMoves)
      .values({ id: newId(prefix), idempotencyKey: key, kind, target, amountCents })
      .onConflictDoNothing({ target: sandboxMoneyMoves.idempotencyKey });
    const [row] = await db.select().from(sandboxMoneyMoves).where(eq(sandboxMoneyMoves.idempotencyKey, key));
    return row!.id;
  }

  await jobs.register<{ eventId: string }>(WEBHOOK_JOB, ({ eventId }) => gateway.deliver(eventId), {
    batchSize: 5,
    parallel: true,
  });
  return gateway;
}

export type SandboxGateway = Awaited<ReturnType<typeof createSandboxGateway>>;

/** A Stripe-shaped event (the sandbox's, or Stripe's own) in the app's words. */
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
