import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import Stripe from 'stripe';
import { and, eq, isNull } from 'drizzle-orm';
import { generateTorus, writeStlBinary } from '@facet/domain/mesh';
import { startStripeServer } from '../../test/stripe-server';
import { startGatewaySwitch } from '../../test/gateway-switch';
import { uploadModel } from '../models/models.test-helper';
import { checkoutBody } from '../cart/cart-test-kit';
import { paymentsTestKit } from './payments-test-kit';
import { ledgerEntries, payments, payoutAccounts } from './payments.tables';

/**
 * Stripe away or refusing, for real: the SDK talks to a local port that is closed (nothing listens),
 * answers 500, never answers, or answers 404 as Stripe does for an endpoint it does not know. A customer
 * reads that nothing was charged, staff read the gateway's reason, health names the gateway, and once
 * Stripe is back the same attempt goes through, charged once.
 */

const UNAVAILABLE = 'Payments are briefly unavailable; nothing was charged. Please try again in a minute.';
const WEBHOOK_SECRET = 'whsec_test_secret_for_the_outage';

let stripeServer: Awaited<ReturnType<typeof startStripeServer>>;
let gate: Awaited<ReturnType<typeof startGatewaySwitch>>;
let k: Awaited<ReturnType<typeof paymentsTestKit>>;
let projectId: string;

beforeAll(async () => {
  stripeServer = await startStripeServer();
  gate = await startGatewaySwitch(stripeServer.url);
  k = await paymentsTestKit({
    payments: {
      stripe: {
        secretKey: 'sk_test_outage',
        webhookSecret: WEBHOOK_SECRET,
        apiUrl: gate.url,
        timeoutMs: 1_000,
      },
      currency: 'usd',
      sandboxChaos: false,
    },
  });
  const ring = writeStlBinary(generateTorus(9.5, 1, [0, 0, 0], 96, 32));
  const modelId = (await uploadModel(k.t.app, k.c.customer!, 'ring.stl', ring)).model.id;
  const added = await k.call('customer', 'POST', '/api/cart/items', { modelId, quantity: 1 });
  expect(added.statusCode, added.body).toBeLessThan(300);
  projectId = await k.projectAtPayment('Outage ring', 30_000);
}, 120_000);
afterAll(async () => {
  await k?.t.close();
  await gate?.close();
  await stripeServer?.close();
});

const keyed = (who: string, url: string, key: string, body?: unknown) =>
  k.call(who, 'POST', url, body, { 'idempotency-key': key });
const buyCredits = () =>
  keyed('customer', '/api/me/credits/purchase', 'outage-credits-1', { pack: 'pack-50' });
const checkout = () => keyed('customer', '/api/checkout', 'outage-checkout-1', checkoutBody());
const payProject = () => keyed('customer', `/api/projects/${projectId}/payment`, 'outage-project-1');
const choosePlan = () => keyed('customer', '/api/me/membership', 'outage-plan-1', { plan: 'Pro' });
const onboard = () => k.call('designer', 'POST', '/api/me/payout-account');
const reconcile = () => k.call('staff', 'POST', '/api/staff/payments/reconcile');
const health = async () => (await k.t.app.inject({ method: 'GET', url: '/api/health' })).json();

const paymentOf = async (key: string) =>
  (await k.t.ctx.db.select().from(payments).where(eq(payments.idempotencyKey, key)))[0];
/** Payments waiting on a checkout that was never opened: none may be left behind by a failed call. */
const dangling = async () =>
  k.t.ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.status, 'pending'), isNull(payments.checkoutUrl)));
const charges = async () => k.t.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'charge'));
const sessionsOf = (paymentId: string) =>
  [...stripeServer.sessions.values()].filter((s) => s.client_reference_id === paymentId);

function expectUnavailable(r: Awaited<ReturnType<typeof onboard>>) {
  expect(r.statusCode, r.body).toBe(503);
  expect(r.json()).toEqual({ error: { code: 'payments_unavailable', message: UNAVAILABLE } });
  expect(r.headers['retry-after']).toBe('60');
}

describe('a payment gateway that is away or refuses', () => {
  test('Stripe unreachable: every money call is 503 payments_unavailable, nothing is charged, health says so', async () => {
    const before = await health();
    expect(before.payments).toBe('stripe');
    expect(before.checks.payments).toBe('up');

    await gate.set('down');
    for (const call of [buyCredits, checkout, payProject, choosePlan, onboard, reconcile]) {
      expectUnavailable(await call());
    }
    // the payment rows asked before the gateway call are closed with the reason, not left pending
    for (const key of ['outage-credits-1', 'outage-checkout-1', 'outage-project-1', 'outage-plan-1']) {
      expect(await paymentOf(key)).toMatchObject({
        status: 'failed',
        failureMessage: UNAVAILABLE,
        checkoutUrl: null,
      });
    }
    expect(await dangling()).toEqual([]);
    expect(
      await k.t.ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, k.ids.designer!)),
    ).toEqual([]);
    expect(await charges()).toEqual([]);
    expect(stripeServer.calls).toEqual([]);
    // the customer's page reads the failed attempt as such
    const quote = (await k.call('customer', 'GET', `/api/projects/${projectId}/payment`)).json();
    expect(quote.latestPayment).toMatchObject({ status: 'failed', failureMessage: UNAVAILABLE });

    const h = await health();
    expect(h).toMatchObject({ status: 'degraded', ready: true, payments: 'stripe' });
    expect(h.checks.payments).toBe('down');
    expect(h.checks.paymentsDownSince).toEqual(expect.any(String));
    expect(h.checks.paymentsError).toMatch(/connection to Stripe/);
  });

  test('Stripe answering 500, or not answering within the timeout, is the same 503', async () => {
    await gate.set('failing');
    const reached = gate.reached;
    expectUnavailable(await buyCredits());
    // the SDK tried again (its retries), then gave up
    expect(gate.reached - reached).toBe(3);
    await gate.set('hanging');
    const started = Date.now();
    expectUnavailable(await onboard());
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(await dangling()).toEqual([]);
    expect((await health()).checks.payments).toBe('down');
  });

  test("Stripe refusing is a 502: the customer reads a plain text, staff read Stripe's reason", async () => {
    await gate.set('refusing');
    const refused = await buyCredits();
    expect(refused.statusCode, refused.body).toBe(502);
    expect(refused.json().error.code).toBe('gateway_refused');
    expect(refused.json().error.message).toBe(
      'Our payment partner could not complete this; nothing changed. Please try again later or contact us.',
    );
    expect(await paymentOf('outage-credits-1')).toMatchObject({ status: 'failed', checkoutUrl: null });
    const staff = await reconcile();
    expect(staff.statusCode, staff.body).toBe(502);
    expect(staff.json().error).toEqual({
      code: 'gateway_refused',
      message: 'The payment gateway refused this: Unrecognized request URL (GET: /v1/checkout/sessions).',
    });
    expect(await dangling()).toEqual([]);
    expect(await charges()).toEqual([]);
  });

  test('the gateway back: health sees it, the same attempt reuses its payment and charges once', async () => {
    await gate.set('up');
    await vi.waitFor(async () => expect((await health()).checks.payments).toBe('up'), {
      timeout: 15_000,
      interval: 250,
    });
    const failed = (await paymentOf('outage-credits-1'))!;
    const bought = await buyCredits();
    expect(bought.statusCode, bought.body).toBe(200);
    expect(bought.json().paymentId).toBe(failed.id);
    expect(await paymentOf('outage-credits-1')).toMatchObject({ status: 'pending', failureMessage: null });
    const [session] = sessionsOf(failed.id);
    expect(sessionsOf(failed.id)).toHaveLength(1);
    // asked again (a double click): the same checkout, still one session
    expect((await buyCredits()).json()).toEqual(bought.json());
    expect(sessionsOf(failed.id)).toHaveLength(1);

    const paid = JSON.stringify({
      id: 'evt_outage_paid',
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: { object: stripeServer.complete(String(session!.id)) },
    });
    const delivered = await k.t.app.inject({
      method: 'POST',
      url: '/api/webhooks/payments',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({
          payload: paid,
          secret: WEBHOOK_SECRET,
        }),
      },
      payload: paid,
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect((await k.call('customer', 'GET', '/api/me/credits')).json().purchased).toBe(50);
    expect((await charges()).map((c) => c.paymentId)).toEqual([failed.id]);

    for (const [call, key] of [
      [checkout, 'outage-checkout-1'],
      [payProject, 'outage-project-1'],
      [choosePlan, 'outage-plan-1'],
    ] as const) {
      const r = await call();
      expect(r.statusCode, r.body).toBe(200);
      const row = (await paymentOf(key))!;
      expect(r.json().paymentId).toBe(row.id);
      expect(sessionsOf(row.id)).toHaveLength(1);
    }
    const onboarded = await onboard();
    expect(onboarded.statusCode, onboarded.body).toBe(200);
    expect(onboarded.json().onboardingUrl).toMatch(/^https:\/\/connect\.stripe\.test\//);
    const reconciled = await reconcile();
    expect(reconciled.statusCode, reconciled.body).toBe(200);
    expect(reconciled.json()).toEqual({ checked: 1, missed: [] });
    expect(await dangling()).toEqual([]);
    expect((await health()).checks).toMatchObject({
      payments: 'up',
      paymentsDownSince: null,
      paymentsError: null,
    });
    expect((await k.trial()).totalCents).toBe(0);
  });
});
