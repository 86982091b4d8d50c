import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { mailOutbox } from '../../platform/mail/mail.tables';
import { paymentsTestKit } from '../payments/payments-test-kit';
import { customerSignup } from '../accounts/test-payloads';
import { sessionCookie } from '../../test/test-app';
import { payments } from '../payments/payments.tables';
import { billingPurchases, creditAccounts, discountCodes, memberships } from './billing.tables';

let k: Awaited<ReturnType<typeof paymentsTestKit>>;

beforeAll(async () => {
  k = await paymentsTestKit();
}, 120_000);
afterAll(() => k.t.close());

const me = async (who: string) => (await k.call(who, 'GET', '/api/me')).json().user;
const choose = (who: string, body: unknown, key: string) =>
  k.call(who, 'POST', '/api/me/membership', body, { 'idempotency-key': key });
const buy = (who: string, body: unknown, key: string) =>
  k.call(who, 'POST', '/api/me/credits/purchase', body, { 'idempotency-key': key });
const mails = async (event: string, to: string) =>
  k.t.ctx.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.event, event), eq(mailOutbox.to, to)));

/** A new customer (a fresh membership and credit account) with their session under `who`. */
async function newCustomer(who: string, email: string) {
  const r = await k.t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: customerSignup(email) });
  expect(r.statusCode, r.body).toBe(201);
  k.c[who] = sessionCookie(r);
  k.ids[who] = (await me(who)).id;
}

/** Pays a checkout with a card and lets the sandbox's event reach the webhook. */
async function payWith(checkoutUrl: string, card: string) {
  const paid = await k.pay(checkoutUrl, card);
  expect(paid.statusCode, paid.body).toBe(303);
  await k.t.ctx.jobs.drain();
}

const staffCode = (body: Record<string, unknown>) =>
  k.call('staff', 'POST', '/api/staff/discount-codes', body);

describe('plans and discount codes', () => {
  test('the plans are public data; only staff create codes, and a bad code body is refused', async () => {
    const r = await k.t.app.inject({ method: 'GET', url: '/api/memberships' });
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.plans.map((p: { name: string }) => p.name)).toEqual(['Standard', 'Pro', 'Business']);
    expect(body.plans[0].priceCents).toBe(0);
    expect(body.packs.length).toBeGreaterThan(0);
    expect(body.creditsPerGeneration).toBeGreaterThan(0);

    const byCustomer = { code: 'MINE', percentOff: 90, appliesTo: 'both' };
    expect((await k.call('customer', 'POST', '/api/staff/discount-codes', byCustomer)).statusCode).toBe(403);
    const both = await staffCode({ code: 'HALF', percentOff: 50, amountOffCents: 100, appliesTo: 'both' });
    expect(both.statusCode).toBe(400);
    expect(both.json().error.message).toBe('Give either percentOff or amountOffCents.');
    expect((await staffCode({ code: 'x y', percentOff: 10, appliesTo: 'both' })).statusCode).toBe(400);
    expect((await staffCode({ code: 'tenoff', percentOff: 10, appliesTo: 'credits' })).statusCode).toBe(201);
    const again = await staffCode({ code: 'TENOFF', percentOff: 20, appliesTo: 'credits' });
    expect(again.statusCode).toBe(409);
    expect(
      (await staffCode({ code: 'PLANS5', amountOffCents: 500, appliesTo: 'plans', maxUses: 1 })).statusCode,
    ).toBe(201);
    expect(
      (
        await staffCode({
          code: 'OLD',
          percentOff: 10,
          appliesTo: 'both',
          validUntil: '2020-01-01T00:00:00.000Z',
        })
      ).statusCode,
    ).toBe(201);
  });

  test('a wrong, expired or misapplied code is refused with a clear text and takes nothing', async () => {
    const cases: [string, string][] = [
      ['NOPE', 'This discount code is not valid.'],
      ['OLD', 'This discount code has expired.'],
      ['PLANS5', 'This discount code is for plans, not credit packs.'],
    ];
    for (const [code, message] of cases) {
      const r = await buy('customer', { pack: 'pack-50', discountCode: code }, `bad-code-${code}`);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().error.message).toBe(message);
    }
    const plan = await choose('customer', { plan: 'Pro', discountCode: 'TENOFF' }, 'bad-code-plan');
    expect(plan.statusCode).toBe(400);
    expect(plan.json().error.message).toBe('This discount code is for credit packs, not plans.');
    const purchases = await k.t.ctx.db
      .select()
      .from(billingPurchases)
      .where(eq(billingPurchases.userId, k.ids.customer!));
    expect(purchases).toHaveLength(0);
    expect((await buy('customer', { pack: 'pack-9' }, 'bad-pack-1')).statusCode).toBe(400);
    expect(
      (await k.call('customer', 'POST', '/api/me/credits/purchase', { pack: 'pack-50' })).statusCode,
    ).toBe(400);
    expect((await buy('designer', { pack: 'pack-50' }, 'designer-pack-1')).statusCode).toBe(403);
    expect((await choose('customer', { plan: 'Platinum' }, 'no-such-plan')).statusCode).toBe(404);
  });
});

describe('credit packs', () => {
  test('a pack bought with a code: one payment per key, credits added once when paid, the ledger balances', async () => {
    const before = await me('customer');
    expect(before.credits).toEqual({ monthly: 20, purchased: 0, balance: 20 });
    const preview = await k.call('customer', 'GET', '/api/me/credits/preview?pack=pack-150&code=tenoff');
    expect(preview.json()).toMatchObject({ listPriceCents: 2400, discountCents: 240, amountCents: 2160 });
    const first = await buy('customer', { pack: 'pack-150', discountCode: 'tenoff' }, 'pack-attempt-1');
    expect(first.statusCode, first.body).toBe(200);
    const second = await buy('customer', { pack: 'pack-150', discountCode: 'tenoff' }, 'pack-attempt-1');
    expect(second.json()).toEqual(first.json());
    const reused = await buy('customer', { pack: 'pack-50' }, 'pack-attempt-1');
    expect(reused.statusCode).toBe(409);
    // the same pack without its code (or with another) under the key is another request, not the first one
    for (const body of [{ pack: 'pack-150' }, { pack: 'pack-150', discountCode: 'PLANS5' }]) {
      const otherCode = await buy('customer', body, 'pack-attempt-1');
      expect(otherCode.statusCode, otherCode.body).toBe(409);
      expect(otherCode.json().error.code).toBe('idempotency_key_reused');
    }
    // spelled another way, the code is the same request: the same answer
    const spelled = await buy('customer', { discountCode: ' TenOff ', pack: 'pack-150' }, 'pack-attempt-1');
    expect(spelled.json()).toEqual(first.json());
    const asked = await k.t.ctx.db.select().from(payments).where(eq(payments.payerId, k.ids.customer!));
    expect(asked.filter((p) => p.purpose === 'credits')).toHaveLength(1);
    const [payment] = await k.t.ctx.db.select().from(payments).where(eq(payments.id, first.json().paymentId));
    expect(payment!.amountCents).toBe(2160);
    expect(payment!.purpose).toBe('credits');
    expect((await me('customer')).credits.purchased).toBe(0);

    await payWith(first.json().checkoutUrl, '4242 4242 4242 4242');
    expect((await me('customer')).credits).toEqual({ monthly: 20, purchased: 150, balance: 170 });
    // the webhook again changes nothing
    for (const id of await k.sandbox.eventIds()) await k.sandbox.deliver(id);
    const credits = (await k.call('customer', 'GET', '/api/me/credits')).json();
    expect(credits).toMatchObject({ monthly: 20, purchased: 150, balance: 170 });
    expect(credits.history.map((h: { kind: string }) => h.kind)).toEqual(['purchase', 'grant']);
    expect((await k.trial()).totalCents).toBe(0);
    expect(await k.balance('customer_funds')).toBe(-2160);
  }, 60_000);
});

describe('a key already used on another route', () => {
  test("a pack or a plan under a project payment's key: 409, and no purchase, code use or payment is left behind", async () => {
    // the key of a payment the customer asked on another route (a project's)
    const projectId = await k.projectAtPayment('Keyed elsewhere', 20_000);
    const paid = await k.checkout(`/api/projects/${projectId}/payment`, 'elsewhere-key-1');
    expect(paid.statusCode, paid.body).toBe(200);
    await staffCode({ code: 'KEYED5', percentOff: 5, appliesTo: 'both' });
    const usesOf = async () =>
      (await k.t.ctx.db.select().from(discountCodes).where(eq(discountCodes.code, 'KEYED5')))[0]!.used;
    const purchasesOf = (userId: string) =>
      k.t.ctx.db.select().from(billingPurchases).where(eq(billingPurchases.userId, userId));
    const before = (await purchasesOf(k.ids.customer!)).length;
    const paymentsBefore = (
      await k.t.ctx.db.select().from(payments).where(eq(payments.payerId, k.ids.customer!))
    ).length;
    for (const [what, send] of [
      ['pack', () => buy('customer', { pack: 'pack-50', discountCode: 'KEYED5' }, 'elsewhere-key-1')],
      ['plan', () => choose('customer', { plan: 'Business', discountCode: 'KEYED5' }, 'elsewhere-key-1')],
    ] as const) {
      const r = await send();
      expect(r.statusCode, `${what}: ${r.body}`).toBe(409);
      expect(r.json().error.code, what).toBe('idempotency_key_reused');
    }
    // nothing left pending, no use of the code taken, no payment asked
    expect(await purchasesOf(k.ids.customer!)).toHaveLength(before);
    expect(await usesOf()).toBe(0);
    expect(
      await k.t.ctx.db.select().from(payments).where(eq(payments.payerId, k.ids.customer!)),
    ).toHaveLength(paymentsBefore);
    // a new key buys the same pack: the purchase and its payment, the code's use taken once
    const fresh = await buy('customer', { pack: 'pack-50', discountCode: 'KEYED5' }, 'elsewhere-key-2');
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(await purchasesOf(k.ids.customer!)).toHaveLength(before + 1);
    expect(await usesOf()).toBe(1);
  });
});

describe('credits', () => {
  test('20 concurrent spends never take the balance below 0; a key spends once; a give-back returns once', async () => {
    await newCustomer('spender', 'spender@example.com');
    const credits = k.t.ctx.billing.credits;
    const userId = k.ids.spender!;
    // 20 monthly credits: five spends of 4 fit, fifteen are refused
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        credits.spend({ userId, credits: 4, reason: 'AI generation', idempotencyKey: `gen-${i}` }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(ok).toHaveLength(5);
    expect(refused).toHaveLength(15);
    expect(refused[0]!.reason).toMatchObject({
      code: 'insufficient_credits',
      status: 402,
      message: 'You need 4 credits for this; you have 0.',
    });
    const [account] = await k.t.ctx.db.select().from(creditAccounts).where(eq(creditAccounts.userId, userId));
    expect(account).toMatchObject({ monthly: 0, purchased: 0 });

    const spent = (ok[0] as PromiseFulfilledResult<{ spendId: string }>).value;
    const same = await credits.spend({
      userId,
      credits: 4,
      reason: 'AI generation',
      idempotencyKey: 'gen-0',
    });
    const first = await credits
      .spend({ userId, credits: 4, reason: 'x', idempotencyKey: 'gen-0' })
      .catch(() => null);
    expect(first?.spendId ?? same.spendId).toBeDefined();
    expect(await credits.giveBack(spent.spendId)).toEqual({ givenBack: true });
    expect(await credits.giveBack(spent.spendId)).toEqual({ givenBack: false });
    expect((await me('spender')).credits).toEqual({ monthly: 4, purchased: 0, balance: 4 });
    await expect(
      credits.spend({ userId, credits: 0, reason: 'x', idempotencyKey: 'zero' }),
    ).rejects.toMatchObject({
      status: 400,
    });
  }, 60_000);

  test('a Standard month that ended resets the monthly credits to the allowance (not added); purchased ones stay', async () => {
    const userId = k.ids.spender!;
    const [before] = await k.t.ctx.db.select().from(creditAccounts).where(eq(creditAccounts.userId, userId));
    expect(before!.monthly).toBe(4);
    const later = new Date(before!.monthlyResetsAt.getTime() + 60_000);
    expect(await k.t.ctx.billing.credits.resetDue(later)).toBeGreaterThanOrEqual(1);
    const [after] = await k.t.ctx.db.select().from(creditAccounts).where(eq(creditAccounts.userId, userId));
    expect(after!.monthly).toBe(20);
    expect(after!.monthlyResetsAt.getTime()).toBeGreaterThan(later.getTime());
    // run again at the same moment: nothing more
    await k.t.ctx.billing.credits.resetDue(later);
    const history = await k.t.ctx.billing.credits.history(userId);
    expect(history.filter((h) => h.kind === 'reset')).toHaveLength(1);
  });

  test('monthly credits go first, then purchased ones', async () => {
    const credits = k.t.ctx.billing.credits;
    // the customer has 20 monthly and 150 purchased
    await credits.spend({
      userId: k.ids.customer!,
      credits: 26,
      reason: 'AI generation',
      idempotencyKey: 'mix-1',
    });
    expect((await me('customer')).credits).toEqual({ monthly: 0, purchased: 144, balance: 144 });
  });
});

describe('memberships', () => {
  test('a Pro design is refused on Standard with the spec text; paying for Pro opens it and grants its credits', async () => {
    const library = (await k.call('customer', 'GET', '/api/library')).json();
    const pro = library.products.find((p: { membership: string }) => p.membership === 'Pro');
    expect(pro.access.allowed).toBe(false);
    const refused = await k.call('customer', 'POST', `/api/library/${pro.id}/models`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Upgrade your membership to use this design!');

    const preview = await k.call('customer', 'GET', '/api/me/membership/preview?plan=Pro&code=PLANS5');
    expect(preview.json()).toMatchObject({
      kind: 'new',
      listPriceCents: 2900,
      discountCents: 500,
      amountCents: 2400,
    });
    const r = await choose('customer', { plan: 'Pro', discountCode: 'PLANS5' }, 'pro-attempt-1');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().checkoutUrl).toContain('/sandbox/checkout/');
    expect((await me('customer')).membership.name).toBe('Standard');
    await payWith(r.json().checkoutUrl, '4242424242424242');

    const after = await me('customer');
    expect(after.membership.name).toBe('Pro');
    expect(after.credits.monthly).toBe(200);
    const mine = (await k.call('customer', 'GET', '/api/me/membership')).json();
    expect(mine).toMatchObject({ status: 'active', hasSavedCard: true, plan: { name: 'Pro' } });
    const opened = await k.call('customer', 'POST', `/api/library/${pro.id}/models`);
    expect(opened.statusCode, opened.body).toBeLessThan(300);
    // the code had one use
    const other = await k.call('other', 'GET', '/api/me/membership/preview?plan=Pro&code=PLANS5');
    expect(other.json().error.message).toBe('This discount code has been used up.');
    expect((await k.trial()).totalCents).toBe(0);
  }, 60_000);

  test('an upgrade is prorated now; a downgrade and a cancel wait for the period end', async () => {
    const now = Date.now();
    // half of a 30-day period left
    await k.t.ctx.db
      .update(memberships)
      .set({ periodStart: new Date(now - 15 * 86_400_000), periodEnd: new Date(now + 15 * 86_400_000) })
      .where(eq(memberships.userId, k.ids.customer!));
    const preview = (await k.call('customer', 'GET', '/api/me/membership/preview?plan=Business')).json();
    expect(preview.kind).toBe('upgrade');
    expect(preview.prorated).toBe(true);
    expect(Math.abs(preview.amountCents - 3500)).toBeLessThanOrEqual(1);

    const down = await choose('customer', { plan: 'Standard' }, 'cancel-1');
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json().paymentId).toBeNull();
    expect(down.json().quote.kind).toBe('cancel');
    expect(down.json().membership.pendingPlan.name).toBe('Standard');
    expect((await me('customer')).membership.name).toBe('Pro');
    const keep = await choose('customer', { plan: 'Pro' }, 'keep-pro-1');
    expect(keep.json().membership.pendingPlan).toBeNull();

    const up = await choose('customer', { plan: 'Business' }, 'business-1');
    expect(up.statusCode, up.body).toBe(200);
    await payWith(up.json().checkoutUrl, '4242424242424242');
    const mine = (await k.call('customer', 'GET', '/api/me/membership')).json();
    expect(mine.plan.name).toBe('Business');
    // the period it kept
    expect(Math.abs(new Date(mine.periodEnd).getTime() - (now + 15 * 86_400_000))).toBeLessThan(1000);
    expect((await me('customer')).credits.monthly).toBe(1000);
  }, 60_000);

  test('a second paid plan checkout (another tab) is refunded: the plan paid first runs; an upgrade paid twice is refunded once', async () => {
    await newCustomer('tabs', 'two-tabs@example.com');
    const business = await choose('tabs', { plan: 'Business' }, 'tabs-business-1');
    const pro = await choose('tabs', { plan: 'Pro' }, 'tabs-pro-1');
    expect(business.statusCode, business.body).toBe(200);
    expect(pro.statusCode, pro.body).toBe(200);
    await payWith(business.json().checkoutUrl, '4242424242424242');
    await payWith(pro.json().checkoutUrl, '4242424242424242');
    expect((await me('tabs')).membership.name).toBe('Business');
    const status = async (who: string, paymentId: string) =>
      (await k.call(who, 'GET', `/api/payments/${paymentId}`)).json().status;
    expect(await status('tabs', business.json().paymentId)).toBe('succeeded');
    expect(await status('tabs', pro.json().paymentId)).toBe('refunded');

    await newCustomer('upgrader', 'upgrades-twice@example.com');
    const first = await choose('upgrader', { plan: 'Pro' }, 'upgrader-pro-1');
    await payWith(first.json().checkoutUrl, '4242424242424242');
    const up1 = await choose('upgrader', { plan: 'Business' }, 'upgrader-business-1');
    const up2 = await choose('upgrader', { plan: 'Business' }, 'upgrader-business-2');
    expect(up1.json().quote.kind).toBe('upgrade');
    expect(up2.json().quote.kind).toBe('upgrade');
    await payWith(up1.json().checkoutUrl, '4242424242424242');
    await payWith(up2.json().checkoutUrl, '4242424242424242');
    expect((await me('upgrader')).membership.name).toBe('Business');
    expect(await status('upgrader', up1.json().paymentId)).toBe('succeeded');
    expect(await status('upgrader', up2.json().paymentId)).toBe('refunded');
    expect((await k.trial()).totalCents).toBe(0);
  }, 90_000);

  test('the renewal job charges the saved card for the next month, and a scheduled downgrade applies then', async () => {
    await k.call(
      'customer',
      'POST',
      '/api/me/membership',
      { plan: 'Pro' },
      { 'idempotency-key': 'down-pro-1' },
    );
    const [row] = await k.t.ctx.db.select().from(memberships).where(eq(memberships.userId, k.ids.customer!));
    expect(row!.pendingPlanId).toBe('pro');
    const ended = new Date(Date.now() - 60_000);
    await k.t.ctx.db
      .update(memberships)
      .set({ periodEnd: ended })
      .where(eq(memberships.userId, k.ids.customer!));
    const results = await k.t.ctx.billing.memberships.renewDue();
    expect(results[k.ids.customer!]).toBe('renewed');
    const mine = (await k.call('customer', 'GET', '/api/me/membership')).json();
    expect(mine).toMatchObject({ status: 'active', plan: { name: 'Pro' }, pendingPlan: null });
    expect(new Date(mine.periodStart).getTime()).toBe(ended.getTime());
    expect(new Date(mine.periodEnd).getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    const renewal = await k.t.ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.payerId, k.ids.customer!), eq(payments.amountCents, 2900)));
    expect(renewal.filter((p) => p.status === 'succeeded')).toHaveLength(1);
    // nothing is due now: a second run charges nothing
    expect(await k.t.ctx.billing.memberships.renewDue()).toEqual({});
    expect((await k.trial()).totalCents).toBe(0);
  }, 60_000);

  test('a renewal the card declines keeps the plan for the grace, mails, then drops to Standard with mail', async () => {
    await newCustomer('declined', 'declined-renewal@example.com');
    const r = await choose('declined', { plan: 'Pro' }, 'declined-pro-1');
    // this test card pays now and declines later charges
    await payWith(r.json().checkoutUrl, '4000 0000 0000 0341');
    expect((await me('declined')).membership.name).toBe('Pro');
    const periodEnd = new Date(Date.now() - 60_000);
    await k.t.ctx.db.update(memberships).set({ periodEnd }).where(eq(memberships.userId, k.ids.declined!));

    const first = await k.t.ctx.billing.memberships.renewDue();
    expect(first[k.ids.declined!]).toBe('failed');
    let mine = (await k.call('declined', 'GET', '/api/me/membership')).json();
    expect(mine.status).toBe('past_due');
    expect(mine.plan.name).toBe('Pro');
    expect(new Date(mine.graceUntil).getTime()).toBe(periodEnd.getTime() + 3 * 86_400_000);
    await k.t.ctx.jobs.drain();
    const failedMail = await mails('membership-renewal-failed', 'declined-renewal@example.com');
    expect(failedMail).toHaveLength(1);
    expect(failedMail[0]!.subject).toBe('We could not renew your Pro membership');

    // paying the plan again now is offered at its full price
    const again = (await k.call('declined', 'GET', '/api/me/membership/preview?plan=Pro')).json();
    expect(again).toMatchObject({ kind: 'new', amountCents: 2900 });

    // a retry the next day fails again: no second mail
    const nextDay = new Date(Date.now() + 86_400_000 + 60_000);
    expect((await k.t.ctx.billing.memberships.renewDue(nextDay))[k.ids.declined!]).toBe('failed');
    const afterGrace = new Date(periodEnd.getTime() + 3 * 86_400_000 + 60_000);
    expect((await k.t.ctx.billing.memberships.renewDue(afterGrace))[k.ids.declined!]).toBe('ended');
    mine = (await k.call('declined', 'GET', '/api/me/membership')).json();
    expect(mine).toMatchObject({ status: 'active', plan: { name: 'Standard' }, periodEnd: null });
    expect((await me('declined')).membership.name).toBe('Standard');
    await k.t.ctx.jobs.drain();
    expect(await mails('membership-renewal-failed', 'declined-renewal@example.com')).toHaveLength(1);
    const endedMail = await mails('membership-ended', 'declined-renewal@example.com');
    expect(endedMail).toHaveLength(1);
    const failedPayments = await k.t.ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.payerId, k.ids.declined!), eq(payments.status, 'failed')));
    expect(failedPayments.length).toBeGreaterThanOrEqual(2);
    expect(failedPayments[0]!.failureMessage).toBe('Your card was declined.');
    expect((await k.trial()).totalCents).toBe(0);
  }, 60_000);
});

describe('staff edit plans', () => {
  test('choosing Standard while a renewal is past due ends the paid plan now: no retry charges the card', async () => {
    await newCustomer('quits', 'quits-while-past-due@example.com');
    const r = await choose('quits', { plan: 'Pro' }, 'quits-pro-1');
    await payWith(r.json().checkoutUrl, '4000 0000 0000 0341');
    await k.t.ctx.db
      .update(memberships)
      .set({ periodEnd: new Date(Date.now() - 60_000) })
      .where(eq(memberships.userId, k.ids.quits!));
    expect((await k.t.ctx.billing.memberships.renewDue())[k.ids.quits!]).toBe('failed');

    const preview = (await k.call('quits', 'GET', '/api/me/membership/preview?plan=Standard')).json();
    expect(preview).toMatchObject({
      kind: 'cancel',
      amountCents: 0,
      message: 'Your account moves to Standard now. Nothing more is charged.',
    });
    const quit = await choose('quits', { plan: 'Standard' }, 'quits-standard-1');
    expect(quit.statusCode, quit.body).toBe(200);
    expect(quit.json().paymentId).toBeNull();
    const mine = (await k.call('quits', 'GET', '/api/me/membership')).json();
    expect(mine).toMatchObject({ status: 'active', plan: { name: 'Standard' }, pendingPlan: null });
    expect((await me('quits')).membership.name).toBe('Standard');
    // the next day's retry finds nothing to charge
    const charges = async () =>
      (await k.t.ctx.db.select().from(payments).where(eq(payments.payerId, k.ids.quits!))).length;
    const before = await charges();
    const nextDay = new Date(Date.now() + 86_400_000 + 60_000);
    expect((await k.t.ctx.billing.memberships.renewDue(nextDay))[k.ids.quits!]).toBeUndefined();
    expect(await charges()).toBe(before);
  }, 60_000);

  test('a new price shows in the plans; Standard stays free; only staff may', async () => {
    expect((await k.call('customer', 'PATCH', '/api/staff/plans/pro', { priceCents: 3900 })).statusCode).toBe(
      403,
    );
    const free = await k.call('staff', 'PATCH', '/api/staff/plans/standard', { priceCents: 500 });
    expect(free.statusCode).toBe(409);
    expect((await k.call('staff', 'PATCH', '/api/staff/plans/nope', { priceCents: 500 })).statusCode).toBe(
      404,
    );
    expect((await k.call('staff', 'PATCH', '/api/staff/plans/pro', { priceCents: -1 })).statusCode).toBe(400);
    const edited = await k.call('staff', 'PATCH', '/api/staff/plans/business', { monthlyCredits: 1200 });
    expect(edited.statusCode, edited.body).toBe(200);
    const plans = (await k.t.app.inject({ method: 'GET', url: '/api/memberships' })).json().plans;
    expect(plans.find((p: { id: string }) => p.id === 'business').monthlyCredits).toBe(1200);
  });
});
