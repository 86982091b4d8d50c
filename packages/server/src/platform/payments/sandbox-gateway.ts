import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { WebhookRefused, type PaymentGateway } from './gateway';
import { sandboxSecrets } from './payments.tables';
import {
  completeOnboarding,
  createPayoutAccount,
  findAccount,
  refund,
  transfer,
  type AccountRow,
} from './sandbox-accounts';
import {
  chargeSaved,
  completedCheckouts,
  confirmCheckout,
  createCheckout,
  expireCheckout,
  findSession,
  paidCheckout,
  payCheckout,
  type CardInput,
  type PayOutcome,
  type SessionRow,
} from './sandbox-checkout';
import {
  deliverEvent,
  eventBody,
  eventIds,
  readEvent,
  SIGNATURE_HEADER,
  WEBHOOK_JOB,
  type Deliverer,
  type SandboxContext,
  type SandboxOptions,
} from './sandbox-events';

/**
 * The sandbox gateway: a payment gateway inside this process, so that a fresh machine takes payments
 * with nothing configured. It keeps its own records (sandbox_* tables), serves a hosted pay page
 * (`sandbox.routes.ts`), knows the usual test cards, and sends signed events (`t=…,v1=HMAC-SHA256`, as
 * Stripe signs) to our webhook through a job that retries with backoff — and, like real gateways,
 * sometimes delivers an event twice or late (`chaos`). Its parts: `sandbox-checkout.ts` (sessions and
 * card payments), `sandbox-accounts.ts` (payout accounts, transfers, refunds), `sandbox-events.ts`
 * (events, signing, delivery).
 */

export type { AccountRow } from './sandbox-accounts';
export { type CardInput, type PayOutcome, type SessionRow } from './sandbox-checkout';
export { signPayload, type Deliverer, type SandboxOptions } from './sandbox-events';

/** The webhook secret, made once and kept in sandbox_secrets. */
async function webhookSecret(db: SandboxOptions['db']) {
  await db
    .insert(sandboxSecrets)
    .values({ name: 'webhook', value: `whsec_${randomBytes(24).toString('hex')}` })
    .onConflictDoNothing();
  const [secretRow] = await db.select().from(sandboxSecrets).where(eq(sandboxSecrets.name, 'webhook'));
  return secretRow!.value;
}

export async function createSandboxGateway(options: SandboxOptions) {
  const { db, jobs } = options;
  const ctx: SandboxContext = {
    db,
    jobs,
    options,
    base: options.publicUrl.replace(/\/$/, ''),
    secret: await webhookSecret(db),
    deliverer: null,
  };
  const { base, secret } = ctx;

  const gateway: PaymentGateway & {
    secret: string;
    session(id: string): Promise<SessionRow | undefined>;
    pay(sessionId: string, card: CardInput): Promise<PayOutcome | null>;
    confirm(sessionId: string, outcome: 'complete' | 'fail'): Promise<PayOutcome | null>;
    account(id: string): Promise<AccountRow | undefined>;
    completeOnboarding(id: string): Promise<AccountRow | undefined>;
    setDeliverer(fn: Deliverer | null): void;
    deliver(eventId: string): Promise<void>;
    eventBody(eventId: string): Promise<string | null>;
    eventIds(): Promise<string[]>;
  } = {
    name: 'sandbox',
    signatureHeader: SIGNATURE_HEADER,
    secret,
    session: (id) => findSession(db, id),
    createCheckout: (request) => createCheckout(ctx, request),
    expireCheckout: (sessionId) => expireCheckout(ctx, sessionId),
    pay: (sessionId, card) => payCheckout(ctx, sessionId, card),
    confirm: (sessionId, outcome) => confirmCheckout(ctx, sessionId, outcome),
    createPayoutAccount: (request) => createPayoutAccount(db, request),
    async onboardingLink({ accountId, returnUrl }) {
      const query = new URLSearchParams({ return: returnUrl });
      return { url: `${base}/sandbox/connect/${accountId}?${query}` };
    },
    async payoutAccount(accountId) {
      const row = await findAccount(db, accountId);
      return { payoutsEnabled: Boolean(row?.payoutsEnabled) };
    },
    account: (id) => findAccount(db, id),
    completeOnboarding: (id) => completeOnboarding(ctx, id),
    transfer: (request) => transfer(db, request),
    refund: (request) => refund(db, request),
    chargeSaved: (request) => chargeSaved(ctx, request),
    async parseWebhook(rawBody, signature) {
      let event: { id: string; type: string; created: number; data: { object: Record<string, unknown> } };
      try {
        event = Stripe.webhooks.constructEvent(rawBody, signature ?? '', secret) as unknown as typeof event;
      } catch (error) {
        throw new WebhookRefused((error as Error).message);
      }
      return readEvent(event);
    },
    completedCheckouts: (since) => completedCheckouts(db, since),
    // in this process, on our database: there whenever we are (chaos only delays its events)
    reachability: async () => ({ up: true, downSince: null, lastError: null }),
    paidCheckout: (sessionId) => paidCheckout(db, sessionId),
    setDeliverer(fn) {
      ctx.deliverer = fn;
    },
    deliver: (eventId) => deliverEvent(ctx, eventId),
    eventBody: (eventId) => eventBody(db, eventId),
    eventIds: () => eventIds(db),
  };

  await jobs.register<{ eventId: string }>(WEBHOOK_JOB, ({ eventId }) => gateway.deliver(eventId), {
    batchSize: 5,
    parallel: true,
  });
  return gateway;
}

export type SandboxGateway = Awaited<ReturnType<typeof createSandboxGateway>>;
