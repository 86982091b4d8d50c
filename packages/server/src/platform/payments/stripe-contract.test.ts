import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import Stripe from 'stripe';
import { eq, inArray } from 'drizzle-orm';
import { generateTorus, writeStlBinary } from '@facet/domain/mesh';
import { startStripeServer, type StripeCall } from '../../test/stripe-server';
import { paymentsTestKit } from '../../modules/payments/payments-test-kit';
import { uploadModel } from '../../modules/models/models.test-helper';
import { checkoutBody } from '../../modules/cart/cart-test-kit';
import { memberships } from '../../modules/billing/billing.tables';
import { payments } from '../../modules/payments/payments.tables';
import { WEBHOOK_EVENT_TYPES } from './stripe-events';

/**
 * The Stripe adapter's contract: each money flow of the app runs against a local server speaking Stripe's
 * endpoints, which records what the SDK sends (method, path, form body, idempotency key). Every recorded
 * request is then checked against the parameters Stripe's API reference documents as required for that
 * endpoint (the table below, with its page), and against what the flow itself needs Stripe to do (keep the
 * card, group the transfers). A request to an endpoint the table does not know fails too: a new call
 * comes with its documented parameters.
 */

type Form = Record<string, string>;
/** What a form lacks (or carries malformed), in Stripe's parameter names; empty when it is right. */
type Rule = (form: Form) => string[];

const given = (form: Form, key: string) => (form[key] ?? '') !== '';
const need =
  (key: string): Rule =>
  (f) =>
    given(f, key) ? [] : [`${key} is missing`];
const needOneOf =
  (...keys: string[]): Rule =>
  (f) =>
    keys.some((key) => given(f, key)) ? [] : [`one of ${keys.join(' / ')} is missing`];
const equals =
  (key: string, value: string): Rule =>
  (f) =>
    f[key] === value ? [] : [`${key} must be ${value} (sent: ${f[key] ?? 'nothing'})`];
const absent =
  (key: string): Rule =>
  (f) =>
    key in f ? [`${key} must not be sent (sent: ${f[key]})`] : [];
const matching =
  (key: string, pattern: RegExp, what: string): Rule =>
  (f) =>
    !given(f, key) || pattern.test(f[key]!) ? [] : [`${key} must be ${what} (sent: ${f[key]})`];
/** Stripe's amounts: a positive integer in the currency's smallest unit (cents). */
const cents = (key: string) => matching(key, /^[1-9]\d*$/, 'a positive integer in cents');
/** "Three-letter ISO currency code, in lowercase." */
const currency = (key: string) => matching(key, /^[a-z]{3}$/, 'a lowercase 3-letter currency code');
const absoluteUrl = (key: string) => matching(key, /^https?:\/\/[^/\s]+/, 'an absolute URL');
const all =
  (...rules: Rule[]): Rule =>
  (f) =>
    rules.flatMap((rule) => rule(f));

/** `line_items[i]…` for every line item sent (at least one). */
const eachLineItem =
  (rule: (item: string) => Rule): Rule =>
  (f) => {
    const indices = [
      ...new Set(Object.keys(f).flatMap((key) => key.match(/^line_items\[(\d+)\]/)?.[1] ?? [])),
    ];
    if (indices.length === 0) return ['line_items is missing'];
    return indices.flatMap((i) => rule(`line_items[${i}]`)(f));
  };

/** A Checkout line item: a Price, or inline price_data with its currency, amount and product. */
const lineItem = (item: string): Rule =>
  all(
    // "One of `price` or `price_data` is required."
    needOneOf(`${item}[price]`, `${item}[price_data][currency]`),
    (f) =>
      given(f, `${item}[price]`)
        ? []
        : all(
            need(`${item}[price_data][currency]`),
            currency(`${item}[price_data][currency]`),
            // "One of `unit_amount` or `unit_amount_decimal` is required."
            needOneOf(`${item}[price_data][unit_amount]`, `${item}[price_data][unit_amount_decimal]`),
            cents(`${item}[price_data][unit_amount]`),
            // "One of `product` or `product_data` is required." (product_data.name: required)
            needOneOf(`${item}[price_data][product]`, `${item}[price_data][product_data][name]`),
          )(f),
    // required for a line item that is not metered
    need(`${item}[quantity]`),
    cents(`${item}[quantity]`),
  );

interface Endpoint {
  method: 'GET' | 'POST';
  path: RegExp;
  /** Stripe's API reference page of the endpoint. */
  doc: string;
  /** The parameters it documents as required (and their documented formats), for the way we call it. */
  required: Rule;
}

const ENDPOINTS: Record<string, Endpoint> = {
  'create a Checkout Session': {
    method: 'POST',
    path: /^\/v1\/checkout\/sessions$/,
    doc: 'https://docs.stripe.com/api/checkout/sessions/create',
    required: all(
      // every checkout of ours is a one-time payment: mode=payment, which requires line_items
      equals('mode', 'payment'),
      eachLineItem(lineItem),
      // required for the hosted page (ui_mode defaults to hosted)
      need('success_url'),
      absoluteUrl('success_url'),
      absoluteUrl('cancel_url'),
    ),
  },
  'expire a Checkout Session': {
    method: 'POST',
    path: /^\/v1\/checkout\/sessions\/cs_[^/]+\/expire$/,
    doc: 'https://docs.stripe.com/api/checkout/sessions/expire',
    required: () => [],
  },
  'retrieve a Checkout Session': {
    method: 'GET',
    path: /^\/v1\/checkout\/sessions\/cs_[^/]+$/,
    doc: 'https://docs.stripe.com/api/checkout/sessions/retrieve',
    required: () => [],
  },
  'list Checkout Sessions': {
    method: 'GET',
    path: /^\/v1\/checkout\/sessions$/,
    doc: 'https://docs.stripe.com/api/checkout/sessions/list',
    required: () => [],
  },
  'create a PaymentIntent (a saved card, off session)': {
    method: 'POST',
    path: /^\/v1\/payment_intents$/,
    doc: 'https://docs.stripe.com/api/payment_intents/create',
    required: all(
      need('amount'),
      cents('amount'),
      need('currency'),
      currency('currency'),
      // charging a saved card without the customer: their card, confirmed now, off session
      need('customer'),
      need('payment_method'),
      equals('off_session', 'true'),
      equals('confirm', 'true'),
    ),
  },
  'retrieve a PaymentIntent': {
    method: 'GET',
    path: /^\/v1\/payment_intents\/pi_[^/]+$/,
    doc: 'https://docs.stripe.com/api/payment_intents/retrieve',
    required: () => [],
  },
  'create a connected account': {
    method: 'POST',
    path: /^\/v1\/accounts$/,
    doc: 'https://docs.stripe.com/api/accounts/create',
    // the account's kind: `type` (custom, express, standard) or its controller properties
    required: (f) =>
      given(f, 'type') || Object.keys(f).some((key) => key.startsWith('controller['))
        ? matching('type', /^(custom|express|standard)$/, 'custom, express or standard')(f)
        : ['one of type / controller is missing'],
  },
  'retrieve a connected account': {
    method: 'GET',
    path: /^\/v1\/accounts\/acct_[^/]+$/,
    doc: 'https://docs.stripe.com/api/accounts/retrieve',
    required: () => [],
  },
  'create an account link': {
    method: 'POST',
    path: /^\/v1\/account_links$/,
    doc: 'https://docs.stripe.com/api/account_links/create',
    required: all(
      need('account'),
      need('type'),
      matching('type', /^(account_onboarding|account_update)$/, 'account_onboarding or account_update'),
      need('refresh_url'),
      absoluteUrl('refresh_url'),
      need('return_url'),
      absoluteUrl('return_url'),
    ),
  },
  'create a transfer': {
    method: 'POST',
    path: /^\/v1\/transfers$/,
    doc: 'https://docs.stripe.com/api/transfers/create',
    required: all(
      need('amount'),
      cents('amount'),
      need('currency'),
      currency('currency'),
      need('destination'),
    ),
  },
  'create a refund': {
    method: 'POST',
    path: /^\/v1\/refunds$/,
    doc: 'https://docs.stripe.com/api/refunds/create',
    // "you must specify a Charge or a PaymentIntent object"; the amount, when given, in cents
    required: all(needOneOf('payment_intent', 'charge'), cents('amount')),
  },
};

const endpointOf = (call: StripeCall) =>
  Object.entries(ENDPOINTS).find(([, e]) => e.method === call.method && e.path.test(call.path));

/** What each recorded call lacks against Stripe's table: "<flow>: <endpoint>: <problem>" lines. */
function contractProblems(flow: string, calls: StripeCall[]) {
  return calls.flatMap((call) => {
    const found = endpointOf(call);
    if (!found) return [`${flow}: ${call.method} ${call.path} is not in the table of documented endpoints`];
    const [name, endpoint] = found;
    return endpoint.required(call.form).map((problem) => `${flow}: ${name}: ${problem}`);
  });
}

/** What one flow needs Stripe to do, beyond what Stripe requires of the request. */
const checkoutOf = (clientReference: string): Rule =>
  all(
    // the webhook finds our payment by the session's client_reference_id, the refund by its metadata
    equals('client_reference_id', clientReference),
    equals('metadata[paymentId]', clientReference),
    equals('payment_intent_data[metadata][paymentId]', clientReference),
  );
/** Escrowed money is paid to the pro later by a transfer of the same group (separate charges and transfers). */
const escrowed = (clientReference: string) => equals('payment_intent_data[transfer_group]', clientReference);
/** Only a membership keeps the card (Checkout: setup_future_usage=off_session, and a Customer to keep it on). */
const keepsCard = all(
  equals('payment_intent_data[setup_future_usage]', 'off_session'),
  equals('customer_creation', 'always'),
);
const keepsNoCard = all(absent('payment_intent_data[setup_future_usage]'), absent('customer_creation'));

const WEBHOOK_SECRET = 'whsec_contract_test_secret';
let stripe: Awaited<ReturnType<typeof startStripeServer>>;
let k: Awaited<ReturnType<typeof paymentsTestKit>>;
let ringId: string;

beforeAll(async () => {
  stripe = await startStripeServer();
  k = await paymentsTestKit({
    payments: {
      stripe: { secretKey: 'sk_test_contract', webhookSecret: WEBHOOK_SECRET, apiUrl: stripe.url },
      currency: 'usd',
      sandboxChaos: false,
    },
  });
  const ring = writeStlBinary(generateTorus(9.5, 1, [0, 0, 0], 96, 32));
  ringId = (await uploadModel(k.t.app, k.c.customer!, 'ring.stl', ring)).model.id;
}, 120_000);
afterAll(async () => {
  await k?.t.close();
  await stripe?.close();
});

/** Every flow's recorded calls, for the last test (a dropped parameter is caught). */
const recorded: { flow: string; calls: StripeCall[] }[] = [];

/**
 * Runs one flow, records the Stripe calls it made, and checks them: the endpoints the flow must reach (in
 * order), each call against the documented table, and the flow's own needs of the one call that carries them.
 */
async function flow(
  name: string,
  work: () => Promise<void>,
  expected: { endpoints: string[]; needs?: () => { endpoint: string; rule: Rule; key: RegExp } },
) {
  const from = stripe.calls.length;
  await work();
  const calls = stripe.calls.slice(from);
  recorded.push({ flow: name, calls });
  expect(
    calls.map((call) => endpointOf(call)?.[0] ?? `${call.method} ${call.path}`),
    `${name}: the Stripe calls made`,
  ).toEqual(expected.endpoints);
  expect(contractProblems(name, calls)).toEqual([]);
  if (expected.needs) {
    const { endpoint, rule, key } = expected.needs();
    const call = calls.find((c) => endpointOf(c)?.[0] === endpoint)!;
    expect(rule(call.form), `${name}: what the flow needs of ${endpoint}`).toEqual([]);
    expect(call.idempotencyKey, `${name}: the idempotency key`).toMatch(key);
  }
  return calls;
}

const webhook = async (type: string, object: Record<string, unknown>) => {
  const payload = JSON.stringify({
    id: `evt_${Math.random().toString(16).slice(2)}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  const r = await k.t.app.inject({
    method: 'POST',
    url: '/api/webhooks/payments',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    payload,
  });
  expect(r.statusCode, r.body).toBe(200);
  return r;
};

const sessionOf = (paymentId: string) =>
  [...stripe.sessions.values()].find((s) => s.client_reference_id === paymentId)!;

/** The customer pays on Stripe's page; checkout.session.completed reaches the webhook. */
const paid = (paymentId: string) =>
  webhook('checkout.session.completed', stripe.complete(String(sessionOf(paymentId).id)));

const opened = (r: { statusCode: number; body: string; json: () => { paymentId: string } }) => {
  expect(r.statusCode, r.body).toBe(200);
  return r.json().paymentId;
};

describe('the Stripe adapter against Stripe’s documented parameters', () => {
  let accountId: string;
  let projectId: string;
  let escrowPayment: string;
  let planPayment: string;

  test('Connect: an Express account and its onboarding link', async () => {
    await flow(
      'Connect account + link',
      async () => {
        const r = await k.call('designer', 'POST', '/api/me/payout-account');
        expect(r.statusCode, r.body).toBe(200);
        expect(r.json().onboardingUrl).toMatch(/^https:\/\/connect\.stripe\.test\/setup\/acct_test_/);
      },
      {
        endpoints: ['create a connected account', 'create an account link'],
        needs: () => ({
          endpoint: 'create a connected account',
          // payouts to the pro are transfers: the account asks for that capability
          rule: all(equals('type', 'express'), equals('capabilities[transfers][requested]', 'true')),
          key: /^payout-account:/,
        }),
      },
    );
    const link = stripe.calls.find((c) => c.path === '/v1/account_links')!;
    accountId = link.form.account!;
    expect(stripe.accounts.has(accountId)).toBe(true);
    // the pro finishes onboarding at Stripe
    stripe.accounts.get(accountId)!.payouts_enabled = true;
    await webhook('account.updated', stripe.accounts.get(accountId)!);
    expect((await k.call('designer', 'GET', '/api/me/payout-account')).json().status).toBe('active');
  });

  test('escrow: a project payment is a Checkout Session whose payment intent names its transfer group', async () => {
    projectId = await k.projectAtPayment('Contract ring', 40_000);
    await flow(
      'escrow (project payment)',
      async () => {
        escrowPayment = opened(await k.checkout(`/api/projects/${projectId}/payment`, 'contract-escrow-1'));
        await paid(escrowPayment);
      },
      {
        // the webhook asks the charge's fee of its balance transaction
        endpoints: ['create a Checkout Session', 'retrieve a PaymentIntent'],
        needs: () => ({
          endpoint: 'create a Checkout Session',
          rule: all(checkoutOf(escrowPayment), escrowed(escrowPayment), keepsNoCard),
          key: new RegExp(`^checkout:${escrowPayment}$`),
        }),
      },
    );
    expect(await k.status(projectId)).toBe('In Design');
  });

  test('change payment: approved changes are paid by a Checkout Session of the same escrow kind', async () => {
    await k.deliver(projectId);
    const cr = await k.call('customer', 'POST', `/api/projects/${projectId}/change-requests`, {
      changes: ['Thicker band'],
    });
    const changeId = cr.json().changeRequest.id as string;
    expect(
      (await k.call('designer', 'POST', `/api/change-requests/${changeId}/quote`, { priceCents: 9_000 }))
        .statusCode,
    ).toBe(200);
    expect(
      (await k.call('customer', 'POST', `/api/change-requests/${changeId}/approve`, {})).statusCode,
    ).toBe(200);
    let changePayment = '';
    await flow(
      'change payment',
      async () => {
        changePayment = opened(
          await k.checkout(`/api/change-requests/${changeId}/payment`, 'contract-changes-1'),
        );
        await paid(changePayment);
      },
      {
        endpoints: ['create a Checkout Session', 'retrieve a PaymentIntent'],
        needs: () => ({
          endpoint: 'create a Checkout Session',
          rule: all(
            checkoutOf(changePayment),
            escrowed(changePayment),
            keepsNoCard,
            equals('line_items[0][price_data][unit_amount]', '9000'),
          ),
          key: new RegExp(`^checkout:${changePayment}$`),
        }),
      },
    );
    expect(await k.status(projectId)).toBe('In Design');
  });

  test('transfer: the approved project’s escrow is transferred to the pro’s connected account', async () => {
    await k.deliver(projectId);
    expect((await k.call('customer', 'POST', `/api/projects/${projectId}/approve`)).statusCode).toBe(200);
    await flow('transfer', () => k.t.ctx.payments.runPayouts().then(() => undefined), {
      endpoints: ['create a transfer'],
      needs: () => ({
        endpoint: 'create a transfer',
        rule: all(equals('destination', accountId), equals('currency', 'usd')),
        key: /^payout:/,
      }),
    });
    const earnings = (await k.call('designer', 'GET', '/api/me/earnings')).json();
    expect(earnings.availableCents).toBe(0);
    const transfer = stripe.calls.filter((c) => c.path === '/v1/transfers').at(-1)!;
    expect(Number(transfer.form.amount)).toBe(earnings.paidOutCents);
  });

  test('refund: staff refund a paid project through its payment intent', async () => {
    const refunded = await k.projectAtPayment('Contract refund', 20_000, 'designer2');
    const paymentId = opened(await k.checkout(`/api/projects/${refunded}/payment`, 'contract-refund-1'));
    await paid(paymentId);
    const intent = String(sessionOf(paymentId).payment_intent);
    await flow(
      'refund',
      async () => {
        const r = await k.call('staff', 'POST', `/api/staff/projects/${refunded}/refund`);
        expect(r.statusCode, r.body).toBe(200);
      },
      {
        endpoints: ['create a refund'],
        needs: () => ({
          endpoint: 'create a refund',
          rule: all(equals('payment_intent', intent), equals('amount', '20000')),
          key: new RegExp(`^refund:${paymentId}$`),
        }),
      },
    );
  });

  test('checkout: a cart order is a Checkout Session that returns to the order, or to the cart when cancelled', async () => {
    expect(
      (await k.call('customer', 'POST', '/api/cart/items', { modelId: ringId, quantity: 2 })).statusCode,
    ).toBe(201);
    let paymentId = '';
    let orderId = '';
    await flow(
      'checkout (cart)',
      async () => {
        const r = await k.call('customer', 'POST', '/api/checkout', checkoutBody(), {
          'idempotency-key': 'contract-cart-1',
        });
        paymentId = opened(r);
        orderId = r.json().orderId as string;
      },
      {
        endpoints: ['create a Checkout Session'],
        needs: () => ({
          endpoint: 'create a Checkout Session',
          rule: all(
            checkoutOf(paymentId),
            keepsNoCard,
            matching(
              'success_url',
              new RegExp(`/order-details/${orderId}\\?payment=${paymentId}$`),
              'the order',
            ),
            matching('cancel_url', new RegExp(`/checkout\\?payment=${paymentId}&cancelled=1$`), 'the cart'),
          ),
          key: new RegExp(`^checkout:${paymentId}$`),
        }),
      },
    );
  });

  test('credit pack: a Checkout Session for the pack', async () => {
    let paymentId = '';
    await flow(
      'credit pack',
      async () => {
        paymentId = opened(
          await k.call(
            'customer',
            'POST',
            '/api/me/credits/purchase',
            { pack: 'pack-50' },
            {
              'idempotency-key': 'contract-pack-1',
            },
          ),
        );
      },
      {
        endpoints: ['create a Checkout Session'],
        needs: () => ({
          endpoint: 'create a Checkout Session',
          rule: all(checkoutOf(paymentId), keepsNoCard),
          key: new RegExp(`^checkout:${paymentId}$`),
        }),
      },
    );
  });

  test('plan with saved card: the Checkout Session keeps the card on a new Customer', async () => {
    await flow(
      'plan with saved card',
      async () => {
        planPayment = opened(
          await k.call(
            'customer',
            'POST',
            '/api/me/membership',
            { plan: 'Pro' },
            {
              'idempotency-key': 'contract-plan-1',
            },
          ),
        );
        await paid(planPayment);
      },
      {
        endpoints: ['create a Checkout Session', 'retrieve a PaymentIntent'],
        needs: () => ({
          endpoint: 'create a Checkout Session',
          rule: all(checkoutOf(planPayment), keepsCard),
          key: new RegExp(`^checkout:${planPayment}$`),
        }),
      },
    );
    const session = sessionOf(planPayment);
    const [row] = await k.t.ctx.db.select().from(memberships).where(eq(memberships.userId, k.ids.customer!));
    expect(row!.paymentMethodRef).toBe(`${String(session.customer)}/${String(session.payment_intent)}`);
  });

  test('renewal off session: the saved card is charged by a confirmed off-session PaymentIntent', async () => {
    const session = sessionOf(planPayment);
    await k.t.ctx.db
      .update(memberships)
      .set({ periodEnd: new Date(Date.now() - 60_000) })
      .where(eq(memberships.userId, k.ids.customer!));
    await flow(
      'renewal off session',
      async () => {
        expect((await k.t.ctx.billing.memberships.renewDue())[k.ids.customer!]).toBe('renewed');
      },
      {
        // the first payment's card, the charge, then its fee
        endpoints: [
          'retrieve a PaymentIntent',
          'create a PaymentIntent (a saved card, off session)',
          'retrieve a PaymentIntent',
        ],
        needs: () => ({
          endpoint: 'create a PaymentIntent (a saved card, off session)',
          rule: all(
            equals('customer', String(session.customer)),
            equals('payment_method', `pm_${String(session.customer)}`),
            need('metadata[paymentId]'),
          ),
          key: /^saved-charge:/,
        }),
      },
    );
    expect((await k.trial()).totalCents).toBe(0);
  });

  test("settling after a database outage: each pending payment's Checkout Session retrieved, a paid one's fee", async () => {
    // the credit pack above is paid at Stripe; its webhook found the database away
    // what settling asks about: the payments waiting for a charge (pending, or failed), with a checkout
    const pending = (
      await k.t.ctx.db
        .select()
        .from(payments)
        .where(inArray(payments.status, ['pending', 'failed']))
    ).filter((p) => p.sessionId);
    const pack = pending.find((p) => p.purpose === 'credits')!;
    stripe.complete(pack.sessionId!);
    const from = stripe.calls.length;
    expect((await k.t.ctx.payments.settlePending()).booked).toEqual([pack.id]);
    const calls = stripe.calls.slice(from);
    expect(contractProblems('settle pending', calls)).toEqual([]);
    expect(calls.map((call) => endpointOf(call)?.[0]).sort()).toEqual(
      [...pending.map(() => 'retrieve a Checkout Session'), 'retrieve a PaymentIntent'].sort(),
    );
    expect(
      calls
        .filter((c) => c.path.startsWith('/v1/checkout/sessions/'))
        .map((c) => c.path)
        .sort(),
    ).toEqual(pending.map((p) => `/v1/checkout/sessions/${p.sessionId}`).sort());
    expect((await k.trial()).totalCents).toBe(0);
  });

  test('the table catches a dropped parameter: each required one, removed from each recorded body', () => {
    expect(recorded.map((r) => r.flow)).toEqual([
      'Connect account + link',
      'escrow (project payment)',
      'change payment',
      'transfer',
      'refund',
      'checkout (cart)',
      'credit pack',
      'plan with saved card',
      'renewal off session',
    ]);
    let dropped = 0;
    for (const { flow: name, calls } of recorded) {
      for (const call of calls.filter((c) => c.method === 'POST')) {
        const [endpoint, { required }] = endpointOf(call)!;
        // the keys the table needs: those whose removal it reports
        const needed = Object.keys(call.form).filter((key) => {
          const { [key]: _, ...without } = call.form;
          return required(without).length > 0;
        });
        expect(needed.length, `${name}: ${endpoint} has required parameters`).toBeGreaterThan(0);
        dropped += needed.length;
        for (const key of needed) {
          const { [key]: _, ...without } = call.form;
          expect(contractProblems(name, [{ ...call, form: without }]).join('\n')).toContain(endpoint);
        }
      }
    }
    // the documented ones, at least: a transfer's amount, currency and destination; a link's four; …
    const requiredOf = (endpoint: string) => {
      const call = recorded.flatMap((r) => r.calls).find((c) => endpointOf(c)?.[0] === endpoint)!;
      return Object.keys(call.form)
        .filter((key) => {
          const { [key]: _, ...without } = call.form;
          return ENDPOINTS[endpoint]!.required(without).length > 0;
        })
        .sort();
    };
    expect(requiredOf('create a transfer')).toEqual(['amount', 'currency', 'destination']);
    expect(requiredOf('create a refund')).toEqual(['payment_intent']);
    expect(requiredOf('create an account link')).toEqual(['account', 'refresh_url', 'return_url', 'type']);
    expect(requiredOf('create a PaymentIntent (a saved card, off session)')).toEqual([
      'amount',
      'confirm',
      'currency',
      'customer',
      'off_session',
      'payment_method',
    ]);
    expect(requiredOf('create a Checkout Session')).toEqual([
      'line_items[0][price_data][currency]',
      'line_items[0][price_data][product_data][name]',
      'line_items[0][price_data][unit_amount]',
      'line_items[0][quantity]',
      'mode',
      'success_url',
    ]);
    expect(dropped).toBeGreaterThan(0);
  });

  test('every event type the go-live checklist subscribes to is read, and the checklist names them all', async () => {
    const operations = await readFile(new URL('../../../../../docs/operations.md', import.meta.url), 'utf8');
    const at = operations.indexOf('\n## Before going live with Stripe\n');
    expect(at, 'docs/operations.md has the section').toBeGreaterThan(-1);
    const checklist = operations.slice(at, operations.indexOf('\n## ', at + 1));
    expect(checklist).toContain('/api/webhooks/payments');
    for (const type of WEBHOOK_EVENT_TYPES) {
      expect(checklist, `docs/operations.md names ${type}`).toContain(`\`${type}\``);
      const payload = JSON.stringify({
        id: `evt_${type}`,
        object: 'event',
        type,
        created: 1,
        data: { object: { id: 'obj_1', payment_status: 'paid', client_reference_id: 'p', metadata: {} } },
      });
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
      const read = await k.t.ctx.gateway.parseWebhook(payload, signature);
      expect(read.type, type).not.toBe('ignored');
    }
  });
});
