import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { startStripeServer } from '../../test/stripe-server';
import { paymentsTestKit } from '../../modules/payments/payments-test-kit';
import { ledgerEntries } from '../../modules/payments/payments.tables';
import { memberships } from '../../modules/billing/billing.tables';

/** The payments port on Stripe: the official SDK against a local server speaking Stripe's endpoints. */

const WEBHOOK_SECRET = 'whsec_test_secret_for_the_adapter';
/** The connected-accounts endpoint's own secret (Stripe signs a pro's account.updated with it). */
const CONNECT_SECRET = 'whsec_test_secret_for_connected_accounts';
let stripeServer: Awaited<ReturnType<typeof startStripeServer>>;
let k: Awaited<ReturnType<typeof paymentsTestKit>>;

beforeAll(async () => {
  stripeServer = await startStripeServer();
  k = await paymentsTestKit({
    payments: {
      stripe: {
        secretKey: 'sk_test_adapter',
        webhookSecret: WEBHOOK_SECRET,
        connectWebhookSecret: CONNECT_SECRET,
        apiUrl: stripeServer.url,
      },
      currency: 'usd',
      sandboxChaos: false,
    },
  });
}, 90_000);
afterAll(async () => {
  await k?.t.close();
  await stripeServer?.close();
});

const signed = (payload: string, secret = WEBHOOK_SECRET) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret });

const webhook = (payload: string, signature: string) =>
  k.t.app.inject({
    method: 'POST',
    url: '/api/webhooks/payments',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });

const event = (
  type: string,
  object: Record<string, unknown>,
  eventId = `evt_${Math.random().toString(16).slice(2)}`,
) =>
  JSON.stringify({
    id: eventId,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });

describe('Stripe adapter', () => {
  test('a project payment is a Checkout Session; the signed webhook moves the project once; a forged one is refused', async () => {
    expect(k.t.ctx.gateway.name).toBe('stripe');
    // no sandbox pages in Stripe mode
    expect((await k.t.app.inject({ method: 'GET', url: '/sandbox/checkout/x' })).statusCode).toBe(404);
    const projectId = await k.projectAtPayment('Stripe ring', 50_000);
    const opened = await k.checkout(`/api/projects/${projectId}/payment`, 'stripe-key-0001');
    expect(opened.statusCode, opened.body).toBe(200);
    const { paymentId, checkoutUrl } = opened.json();
    expect(checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const create = stripeServer.calls.find((c) => c.path === '/v1/checkout/sessions' && c.method === 'POST')!;
    expect(create.idempotencyKey).toBe(`checkout:${paymentId}`);
    expect(create.form).toMatchObject({
      mode: 'payment',
      client_reference_id: paymentId,
      'line_items[0][price_data][unit_amount]': '50000',
      'payment_intent_data[transfer_group]': paymentId,
    });
    expect((await k.checkout(`/api/projects/${projectId}/payment`, 'stripe-key-0001')).json()).toEqual({
      paymentId,
      checkoutUrl,
    });

    const sessionId = [...stripeServer.sessions.keys()][0]!;
    const session = stripeServer.complete(sessionId);
    const paid = event('checkout.session.completed', session, 'evt_paid_1');
    expect((await webhook(paid, signed(paid.replace('50000', '1')))).statusCode).toBe(400);
    expect((await webhook(paid, signed(paid, 'whsec_someone_else'))).json().error.code).toBe(
      'invalid_signature',
    );
    expect((await webhook(paid, 't=1,v1=00')).statusCode).toBe(400);
    expect(await k.status(projectId)).toBe('Make Payment');
    for (let i = 0; i < 3; i += 1) {
      const r = await webhook(paid, signed(paid));
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().applied).toBe(i === 0);
    }
    expect(await k.status(projectId)).toBe('In Design');
    expect(
      await k.t.ctx.db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.key, `charge:${paymentId}`)),
    ).toHaveLength(1);
    // the fee is Stripe's balance transaction's
    expect(await k.balance('processor_fees')).toBe(1_480);
    expect((await k.call('customer', 'GET', `/api/payments/${paymentId}`)).json()).toMatchObject({
      status: 'succeeded',
      amountCents: 50_000,
    });
    // a late failure event does not undo it
    const failed = event('checkout.session.async_payment_failed', { ...session, payment_status: 'unpaid' });
    expect((await webhook(failed, signed(failed))).statusCode).toBe(200);
    expect((await k.call('customer', 'GET', `/api/payments/${paymentId}`)).json().status).toBe('succeeded');
    // the reconciliation lists Stripe's paid sessions and finds nothing missed
    const report = await k.t.ctx.payments.reconcile({ repair: false });
    expect(report).toEqual({ checked: 1, missed: [] });
    expect((await k.trial()).totalCents).toBe(0);
  });

  test('a refund goes to Stripe with its idempotency key', async () => {
    const projectId = await k.projectAtPayment('Stripe refund', 20_000, 'designer2');
    const { paymentId } = (await k.checkout(`/api/projects/${projectId}/payment`, 'stripe-key-0002')).json();
    const sessionId = [...stripeServer.sessions.values()].find((s) => s.client_reference_id === paymentId)!
      .id as string;
    const session = stripeServer.complete(sessionId);
    const paid = event('checkout.session.completed', session);
    expect((await webhook(paid, signed(paid))).statusCode).toBe(200);
    const refunded = await k.call('staff', 'POST', `/api/staff/projects/${projectId}/refund`);
    expect(refunded.statusCode, refunded.body).toBe(200);
    const call = stripeServer.calls.find((c) => c.path === '/v1/refunds')!;
    expect(call.idempotencyKey).toBe(`refund:${paymentId}`);
    expect(call.form).toMatchObject({ payment_intent: session.payment_intent, amount: '20000' });
    expect((await k.trial()).totalCents).toBe(0);
  });

  test('payout accounts are Connect Express accounts; transfers wait until payouts are on', async () => {
    const started = await k.call('designer', 'POST', '/api/me/payout-account');
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().onboardingUrl).toMatch(/^https:\/\/connect\.stripe\.test\/setup\/acct_test_/);
    const create = stripeServer.calls.find((c) => c.path === '/v1/accounts')!;
    expect(create.form).toMatchObject({ type: 'express', 'capabilities[transfers][requested]': 'true' });
    expect(create.idempotencyKey).toMatch(/^payout-account:/);
    expect((await k.call('designer', 'GET', '/api/me/payout-account')).json().status).toBe('pending');
    // the pro finishes onboarding at Stripe; account.updated tells us, through the connected-accounts
    // endpoint and its own secret (a third secret is refused)
    const account = [...stripeServer.accounts.values()][0]!;
    account.payouts_enabled = true;
    const updated = event('account.updated', account);
    const forged = await webhook(updated, signed(updated, 'whsec_not_one_of_ours'));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.code).toBe('invalid_signature');
    expect((await webhook(updated, signed(updated, CONNECT_SECRET))).statusCode).toBe(200);
    expect((await k.call('designer', 'GET', '/api/me/payout-account')).json().status).toBe('active');

    // the first project completes: its escrow is released and transferred
    const projectId = await k.projectAtPayment('Stripe payout', 10_000);
    const { paymentId } = (await k.checkout(`/api/projects/${projectId}/payment`, 'stripe-key-0003')).json();
    const sessionId = [...stripeServer.sessions.values()].find((s) => s.client_reference_id === paymentId)!
      .id as string;
    const paid = event('checkout.session.completed', stripeServer.complete(sessionId));
    await webhook(paid, signed(paid));
    await k.deliver(projectId);
    expect((await k.call('customer', 'POST', `/api/projects/${projectId}/approve`)).statusCode).toBe(200);
    await k.t.ctx.payments.runPayouts();
    const transfers = stripeServer.calls.filter((c) => c.path === '/v1/transfers');
    expect(transfers.length).toBeGreaterThanOrEqual(1);
    expect(transfers.at(-1)!.form).toMatchObject({ destination: account.id, currency: 'usd' });
    expect(transfers.at(-1)!.idempotencyKey).toMatch(/^payout:/);
    const earnings = (await k.call('designer', 'GET', '/api/me/earnings')).json();
    expect(earnings.availableCents).toBe(0);
    expect(earnings.paidOutCents).toBeGreaterThanOrEqual(8_000);
    expect((await k.trial()).totalCents).toBe(0);
  });

  test('a plan keeps the card at Checkout; renewals charge it off session; a declined renewal is past due', async () => {
    const chosen = await k.call(
      'customer',
      'POST',
      '/api/me/membership',
      { plan: 'Pro' },
      {
        'idempotency-key': 'stripe-plan-0001',
      },
    );
    expect(chosen.statusCode, chosen.body).toBe(200);
    const { paymentId } = chosen.json();
    const sessionId = [...stripeServer.sessions.values()].find((s) => s.client_reference_id === paymentId)!
      .id as string;
    const create = stripeServer.calls.find(
      (c) => c.path === '/v1/checkout/sessions' && c.form.client_reference_id === paymentId,
    )!;
    expect(create.form).toMatchObject({
      customer_creation: 'always',
      'payment_intent_data[setup_future_usage]': 'off_session',
    });
    const session = stripeServer.complete(sessionId);
    const paid = event('checkout.session.completed', session);
    expect((await webhook(paid, signed(paid))).statusCode).toBe(200);
    const me = async () => (await k.call('customer', 'GET', '/api/me')).json().user;
    expect((await me()).membership.name).toBe('Pro');
    const [row] = await k.t.ctx.db.select().from(memberships).where(eq(memberships.userId, k.ids.customer!));
    expect(row!.paymentMethodRef).toBe(`${String(session.customer)}/${String(session.payment_intent)}`);

    await k.t.ctx.db
      .update(memberships)
      .set({ periodEnd: new Date(Date.now() - 60_000) })
      .where(eq(memberships.userId, k.ids.customer!));
    expect((await k.t.ctx.billing.memberships.renewDue())[k.ids.customer!]).toBe('renewed');
    const charge = stripeServer.calls.find((c) => c.method === 'POST' && c.path === '/v1/payment_intents')!;
    expect(charge.form).toMatchObject({
      amount: '2900',
      customer: String(session.customer),
      payment_method: `pm_${String(session.customer)}`,
      off_session: 'true',
      confirm: 'true',
    });
    expect(charge.idempotencyKey).toMatch(/^saved-charge:/);
    expect((await k.trial()).totalCents).toBe(0);

    stripeServer.declineLaterCharges(String(session.customer));
    await k.t.ctx.db
      .update(memberships)
      .set({ periodEnd: new Date(Date.now() - 60_000) })
      .where(eq(memberships.userId, k.ids.customer!));
    expect((await k.t.ctx.billing.memberships.renewDue())[k.ids.customer!]).toBe('failed');
    const mine = (await k.call('customer', 'GET', '/api/me/membership')).json();
    expect(mine).toMatchObject({ status: 'past_due', plan: { name: 'Pro' } });
  });

  test('a plan paid at Stripe whose webhook failed (the database away) is settled with Stripe: booked once, the card kept', async () => {
    const chosen = await k.call(
      'other',
      'POST',
      '/api/me/membership',
      { plan: 'Pro' },
      {
        'idempotency-key': 'stripe-plan-outage-1',
      },
    );
    expect(chosen.statusCode, chosen.body).toBe(200);
    const { paymentId } = chosen.json();
    const sessionOf = (id: string) =>
      [...stripeServer.sessions.values()].find((s) => s.client_reference_id === id)!;
    // paid at Stripe; its webhook found the database away and Stripe tries again minutes later
    const session = stripeServer.complete(String(sessionOf(paymentId).id));
    // another checkout opened and not paid
    const projectId = await k.projectAtPayment('Stripe unpaid ring', 15_000, 'designer2');
    const unpaid = (await k.checkout(`/api/projects/${projectId}/payment`, 'stripe-key-0005')).json();

    const settled = await k.t.ctx.payments.settlePending();
    expect(settled.booked).toEqual([paymentId]);
    const asked = stripeServer.calls.filter(
      (c) => c.method === 'GET' && c.path.startsWith('/v1/checkout/sessions/'),
    );
    expect(asked.map((c) => c.path)).toEqual(
      expect.arrayContaining([
        `/v1/checkout/sessions/${String(session.id)}`,
        `/v1/checkout/sessions/${String(sessionOf(unpaid.paymentId).id)}`,
      ]),
    );
    const [row] = await k.t.ctx.db.select().from(memberships).where(eq(memberships.userId, k.ids.other!));
    // the card the checkout kept, named as the webhook names it: renewals can charge it
    expect(row!.paymentMethodRef).toBe(`${String(session.customer)}/${String(session.payment_intent)}`);
    expect((await k.call('other', 'GET', '/api/me')).json().user.membership.name).toBe('Pro');
    expect((await k.call('customer', 'GET', `/api/payments/${unpaid.paymentId}`)).json().status).toBe(
      'pending',
    );
    // a session Stripe does not know (deleted, another account) is not paid: settling goes on
    stripeServer.sessions.delete(String(sessionOf(unpaid.paymentId).id));
    expect((await k.t.ctx.payments.settlePending()).booked).toEqual([]);

    // Stripe's next try: the event is taken, nothing is booked twice
    const paid = event('checkout.session.completed', session);
    expect((await webhook(paid, signed(paid))).statusCode).toBe(200);
    expect(
      await k.t.ctx.db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.key, `charge:${paymentId}`)),
    ).toHaveLength(1);
    expect((await k.trial()).totalCents).toBe(0);
  });
});
