import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox } from '../../platform/mail/mail.tables';
import { signPayload } from '../../platform/payments/sandbox-gateway';
import { ledgerEntries } from './payments.tables';
import { paymentsTestKit } from './payments-test-kit';

let k: Awaited<ReturnType<typeof paymentsTestKit>>;
beforeAll(async () => {
  k = await paymentsTestKit();
}, 90_000);
afterAll(async () => k?.t.close());

// the flows share one app and run in order; on a loaded CI machine on PostgreSQL a flow with 100 concurrent
// confirmations takes longer than the suite's 30 s default
let completedProjectId = '';
const sent = async () => (await k.t.ctx.db.select().from(mailOutbox)).map((m) => `${m.event}:${m.to}`);

describe('Customer pays a project at Make Payment through the sandbox gateway', { timeout: 90_000 }, () => {
  let projectId: string;
  let paymentId: string;
  let checkoutUrl: string;

  test("the payment is asked only of the project's customer, with an Idempotency-Key", async () => {
    projectId = await k.projectAtPayment('Paid ring', 48_000);
    const quote = await k.call('customer', 'GET', `/api/projects/${projectId}/payment`);
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toMatchObject({ amountCents: 48_000, heldInEscrow: true, latestPayment: null });
    expect(quote.json().lines[0].amountCents).toBe(48_000);

    const noKey = await k.call('customer', 'POST', `/api/projects/${projectId}/payment`);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().error.code).toBe('validation_failed');
    // another customer does not see the project; the pro may not pay it
    expect((await k.checkout(`/api/projects/${projectId}/payment`, 'other-key-1', 'other')).statusCode).toBe(
      404,
    );
    expect(
      (await k.checkout(`/api/projects/${projectId}/payment`, 'pro-key-01', 'designer')).statusCode,
    ).toBe(403);
    expect((await k.checkout(`/api/projects/${projectId}/payment`, 'anon-key-1', 'nobody')).statusCode).toBe(
      401,
    );

    const first = await k.checkout(`/api/projects/${projectId}/payment`, 'pay-ring-0001');
    expect(first.statusCode, first.body).toBe(200);
    ({ paymentId, checkoutUrl } = first.json());
    expect(checkoutUrl).toMatch(/\/sandbox\/checkout\/cs_sbx_/);
    // same key, same answer — also when sent side by side
    const again = await Promise.all(
      Array.from({ length: 5 }, () => k.checkout(`/api/projects/${projectId}/payment`, 'pay-ring-0001')),
    );
    for (const r of again) expect(r.json()).toEqual({ paymentId, checkoutUrl });
    const page = await k.t.app.inject({ method: 'GET', url: new URL(checkoutUrl).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('$480.00');
    expect(page.body).toContain('Cancel and return to Facet');
    // the other customer cannot read it
    expect((await k.call('other', 'GET', `/api/payments/${paymentId}`)).statusCode).toBe(404);
    expect((await k.call('customer', 'GET', `/api/payments/${paymentId}`)).json()).toMatchObject({
      status: 'pending',
      amountCents: 48_000,
    });
  });

  test("a declined card changes nothing but the payment, which shows the gateway's reason", async () => {
    const form = await k.t.app.inject({
      method: 'POST',
      url: `${new URL(checkoutUrl).pathname}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'cardNumber=4000+0000+0000+0002&expMonth=12&expYear=40&cvc=123',
    });
    expect(form.statusCode).toBe(402);
    expect(form.body).toContain('Your card was declined.');
    const funds = await k.pay(checkoutUrl, '4000000000009995');
    expect(funds.statusCode).toBe(402);
    expect(funds.json().error).toEqual({
      code: 'card_declined',
      message: 'Your card has insufficient funds.',
    });
    await k.t.ctx.jobs.drain();
    const payment = (await k.call('customer', 'GET', `/api/payments/${paymentId}`)).json();
    expect(payment.status).toBe('failed');
    // the two refusals' events may arrive in either order: the payment shows one of the gateway's reasons
    expect(['Your card has insufficient funds.', 'Your card was declined.']).toContain(
      payment.failureMessage,
    );
    expect(await k.status(projectId)).toBe('Make Payment');
    expect((await k.trial()).accounts).toEqual([]);
  });

  test('100 confirmations of one payment make one charge; the project moves on and mails go out', async () => {
    const tries = await Promise.all(
      Array.from({ length: 100 }, () => k.pay(checkoutUrl, '4242 4242 4242 4242')),
    );
    for (const r of tries) {
      expect(r.statusCode).toBe(303);
      expect(r.headers.location).toBe(`http://localhost:3000/projects/${projectId}?payment=${paymentId}`);
    }
    await k.t.ctx.jobs.drain();
    const charges = await k.t.ctx.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.key, `charge:${paymentId}`));
    expect(charges).toHaveLength(1);
    expect(await k.status(projectId)).toBe('In Design');
    const payment = (await k.call('customer', 'GET', `/api/payments/${paymentId}`)).json();
    expect(payment).toMatchObject({
      status: 'succeeded',
      failureMessage: null,
      receiptUrl: `/api/payments/${paymentId}/receipt`,
    });
    expect(await k.balance('platform_escrow')).toBe(48_000);
    expect(await k.balance('customer_funds')).toBe(-48_000);
    // the sandbox's fee: 2.9% + 30 cents, borne by the platform
    expect(await k.balance('processor_fees')).toBe(1_422);
    expect((await k.trial()).totalCents).toBe(0);
    const events = (await k.call('customer', 'GET', `/api/projects/${projectId}/events`)).json().events;
    expect(events.map((e: { message: string }) => e.message)).toContain(
      'Project has been moved to In Design',
    );
    const mails = await sent();
    expect(mails).toContain(`payment-receipt:${k.people.customer.email}`);
    expect(mails).toContain(`designer-status-moved:${k.people.designer.email}`);
    const receipt = await k.call('customer', 'GET', `/api/payments/${paymentId}/receipt`);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.body).toContain('$480.00');
    expect((await k.call('other', 'GET', `/api/payments/${paymentId}/receipt`)).statusCode).toBe(404);
    // paid: no second payment for it
    expect((await k.checkout(`/api/projects/${projectId}/payment`, 'pay-ring-0002')).statusCode).toBe(409);
    const transactions = (await k.call('customer', 'GET', '/api/me/transactions')).json().transactions;
    expect(transactions[0]).toMatchObject({ id: paymentId, status: 'succeeded', projectId });
    expect((await k.call('other', 'GET', '/api/me/transactions')).json().transactions).toEqual([]);
  });

  test('a webhook delivered three times and out of order makes one ledger entry; a forged one is refused', async () => {
    const events = await k.sandbox.eventIds();
    const bodies = await Promise.all(events.map((id) => k.sandbox.eventBody(id)));
    const success = bodies.find((b) => b!.includes('checkout.session.completed'))!;
    const failure = bodies.find((b) => b!.includes('payment_intent.payment_failed'))!;
    const post = (body: string, signature: string) =>
      k.t.app.inject({
        method: 'POST',
        url: '/api/webhooks/payments',
        headers: { 'content-type': 'application/json', 'facet-signature': signature },
        payload: body,
      });
    for (const body of [success, failure, success, success]) {
      const r = await post(body, signPayload(body, k.sandbox.secret));
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toEqual({ received: true, applied: false });
    }
    expect(
      await k.t.ctx.db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.key, `charge:${paymentId}`)),
    ).toHaveLength(1);
    expect((await k.call('customer', 'GET', `/api/payments/${paymentId}`)).json().status).toBe('succeeded');

    // a forged event (right shape, wrong secret; or no signature; or an old one) is refused and changes nothing
    const forged = success.replace(/"id":"evt_sbx_[0-9a-f]+"/, '"id":"evt_forged"');
    for (const signature of [
      signPayload(forged, 'whsec_not_ours'),
      '',
      signPayload(forged, k.sandbox.secret, Math.floor(Date.now() / 1000) - 3600),
    ]) {
      const r = await post(forged, signature);
      expect(r.statusCode).toBe(400);
      expect(r.json().error.code).toBe('invalid_signature');
    }
    // a tampered body with a signature of the original
    const r = await post(forged, signPayload(success, k.sandbox.secret));
    expect(r.statusCode).toBe(400);
  });

  test('the customer asks for changes, pays them after a confirmation step, and the project returns to work', async () => {
    await k.deliver(projectId);
    const cr = await k.call('customer', 'POST', `/api/projects/${projectId}/change-requests`, {
      changes: ['Thicker band'],
    });
    const changeId = cr.json().changeRequest.id as string;
    await k.call('designer', 'POST', `/api/change-requests/${changeId}/quote`, { priceCents: 9_000 });
    // not approved yet: nothing to pay
    expect((await k.checkout(`/api/change-requests/${changeId}/payment`, 'pay-changes-01')).statusCode).toBe(
      409,
    );
    const approved = await k.call('customer', 'POST', `/api/change-requests/${changeId}/approve`, {});
    expect(approved.json().changeRequest.status).toBe('approved');
    expect(approved.json().project.activeStatus.name).toBe('Review & Delivery');
    // the customer cannot approve the delivery while the changes wait for their payment
    expect((await k.call('customer', 'POST', `/api/projects/${projectId}/approve`)).statusCode).toBe(409);
    const quote = (await k.call('customer', 'GET', `/api/change-requests/${changeId}/payment`)).json();
    expect(quote.amountCents).toBe(9_000);
    expect(
      (await k.checkout(`/api/change-requests/${changeId}/payment`, 'pay-changes-x', 'other')).statusCode,
    ).toBe(404);
    const opened = await k.checkout(`/api/change-requests/${changeId}/payment`, 'pay-changes-01');
    expect(opened.statusCode, opened.body).toBe(200);
    const { checkoutUrl: url, paymentId: changePaymentId } = opened.json();
    const step = await k.pay(url, '4000 0025 0000 3155');
    expect(step.statusCode).toBe(303);
    expect(step.headers.location).toMatch(/\/confirm$/);
    await k.t.ctx.jobs.drain();
    expect(await k.status(projectId)).toBe('Review & Delivery');
    const done = await k.t.app.inject({
      method: 'POST',
      url: new URL(String(step.headers.location)).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=complete',
    });
    expect(done.statusCode).toBe(303);
    await k.t.ctx.jobs.drain();
    expect(await k.status(projectId)).toBe('In Design');
    expect((await k.call('customer', 'GET', `/api/payments/${changePaymentId}`)).json().status).toBe(
      'succeeded',
    );
    const mails = await sent();
    expect(mails).toContain(`user-changes-payment-submitted:${k.people.designer.email}`);
    expect(mails).toContain(`user-changes-payment-submitted:${k.people.staff.email}`);
    expect(await k.balance('platform_escrow')).toBe(57_000);
    expect((await k.trial()).totalCents).toBe(0);
  });

  test('approval releases the escrow; the connected designer is paid out; earnings are their own', async () => {
    await k.deliver(projectId, 'designer', 'ring-v2.stl');
    const before = (await k.call('designer', 'GET', '/api/me/earnings')).json();
    expect(before).toMatchObject({
      inEscrowCents: 45_600,
      availableCents: 0,
      paidOutCents: 0,
      earnedPercentage: 80,
    });
    // each held share is listed with its project until it is released
    expect(
      before.transactions.map((x: { kind: string; amountCents: number; projectId: string }) => [
        x.kind,
        x.amountCents,
        x.projectId,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['held', 38_400, projectId],
        ['held', 7_200, projectId],
      ]),
    );
    expect((await k.call('customer', 'POST', `/api/projects/${projectId}/approve`)).statusCode).toBe(200);
    completedProjectId = projectId;
    expect(await k.balance('platform_escrow')).toBe(0);
    expect(await k.balance(`pro_payable:${k.ids.designer}`)).toBe(45_600);
    // 20% of 57 000, less the fees the platform bore
    expect(await k.balance('platform_revenue')).toBe(11_400 - 1_422 - 291);
    expect((await k.trial()).totalCents).toBe(0);

    // no payout account yet: nothing is paid out
    await k.t.ctx.payments.runPayouts();
    expect((await k.call('designer', 'GET', '/api/me/earnings')).json()).toMatchObject({
      availableCents: 45_600,
      paidOutCents: 0,
    });
    expect((await k.call('designer', 'GET', '/api/me/payout-account')).json()).toEqual({
      status: 'none',
      accountId: null,
    });
    const started = await k.call('designer', 'POST', '/api/me/payout-account');
    expect(started.statusCode, started.body).toBe(200);
    const onboarding = new URL(started.json().onboardingUrl);
    expect((await k.call('designer', 'GET', '/api/me/payout-account')).json().status).toBe('pending');
    const page = await k.t.app.inject({ method: 'GET', url: `${onboarding.pathname}${onboarding.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Set up payouts');
    const finished = await k.t.app.inject({
      method: 'POST',
      url: `${onboarding.pathname}${onboarding.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'holder=Ava&routing=110000000&account=000123456789',
    });
    expect(finished.statusCode).toBe(303);
    expect(finished.headers.location).toBe('http://localhost:3000/success');
    expect((await k.call('designer', 'GET', '/api/me/payout-account')).json().status).toBe('active');
    await k.t.ctx.jobs.drain();
    expect(await k.t.ctx.payments.runPayouts()).toBe(1);
    expect(await k.t.ctx.payments.runPayouts()).toBe(0);
    const after = (await k.call('designer', 'GET', '/api/me/earnings')).json();
    expect(after).toMatchObject({ inEscrowCents: 0, availableCents: 0, paidOutCents: 45_600 });
    expect(after.transactions.some((x: { kind: string }) => x.kind === 'held')).toBe(false);
    expect(
      after.transactions.map((x: { kind: string; amountCents: number }) => [x.kind, x.amountCents]),
    ).toEqual(
      expect.arrayContaining([
        ['payout', 45_600],
        ['earning', 38_400],
        ['earning', 7_200],
      ]),
    );
    expect((await k.trial()).totalCents).toBe(0);
    // another pro sees only their own (nothing); a customer has no earnings
    expect((await k.call('designer2', 'GET', '/api/me/earnings')).json()).toMatchObject({
      inEscrowCents: 0,
      availableCents: 0,
      paidOutCents: 0,
      transactions: [],
    });
    expect((await k.call('customer', 'GET', '/api/me/earnings')).statusCode).toBe(403);
    expect((await k.call('customer', 'GET', '/api/staff/ledger/trial-balance')).statusCode).toBe(403);
  });
});

describe('Staff cancel a project before delivery, with refund', { timeout: 90_000 }, () => {
  test('the escrow goes back to the customer and the project is cancelled; a delivered project is refused', async () => {
    const projectId = await k.projectAtPayment('Refunded ring', 20_000, 'designer2');
    const { checkoutUrl, paymentId } = (
      await k.checkout(`/api/projects/${projectId}/payment`, 'refund-ring-01')
    ).json();
    await k.pay(checkoutUrl, '4242424242424242');
    await k.t.ctx.jobs.drain();
    const escrow = await k.balance('platform_escrow');
    expect((await k.call('customer', 'POST', `/api/staff/projects/${projectId}/refund`)).statusCode).toBe(
      403,
    );
    const refunded = await k.call('staff', 'POST', `/api/staff/projects/${projectId}/refund`);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toEqual({ refunded: 1, refundedCents: 20_000 });
    expect(await k.balance('platform_escrow')).toBe(escrow - 20_000);
    expect(await k.balance('refunds')).toBe(20_000);
    expect((await k.call('customer', 'GET', `/api/payments/${paymentId}`)).json().status).toBe('refunded');
    expect(await k.status(projectId)).toBe('Cancelled');
    // a retry answers the same and refunds nothing more (project-cancel.test.ts has the rest)
    const again = await k.call('staff', 'POST', `/api/staff/projects/${projectId}/refund`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ refunded: 1, refundedCents: 20_000 });
    expect(await k.balance('platform_escrow')).toBe(escrow - 20_000);
    const delivered = await k.call('staff', 'POST', `/api/staff/projects/${completedProjectId}/refund`);
    expect(delivered.statusCode).toBe(409);
    expect(delivered.json().error.code).toBe('already_delivered');
    expect((await k.trial()).totalCents).toBe(0);
  });
});

describe('Reconciliation', { timeout: 90_000 }, () => {
  test('a charge whose webhook never arrived is found and booked once', async () => {
    const projectId = await k.projectAtPayment('Lost webhook ring', 30_000, 'designer2');
    const { checkoutUrl, paymentId } = (
      await k.checkout(`/api/projects/${projectId}/payment`, 'lost-hook-01')
    ).json();
    // the process "crashes" between the charge and its webhook: the delivery never reaches us
    k.sandbox.setDeliverer(async () => 503);
    await k.pay(checkoutUrl, '4242424242424242');
    expect(await k.status(projectId)).toBe('Make Payment');
    const report = await k.t.ctx.payments.reconcile({ repair: true });
    expect(report.missed).toEqual([
      expect.objectContaining({ paymentId, amountCents: 30_000, repaired: true }),
    ]);
    expect(await k.status(projectId)).toBe('In Design');
    expect((await k.t.ctx.payments.reconcile({ repair: true })).missed).toEqual([]);
    // the webhook comes through at last: nothing is booked twice
    k.sandbox.setDeliverer(
      async (body, headers) =>
        (await k.t.app.inject({ method: 'POST', url: '/api/webhooks/payments', headers, payload: body }))
          .statusCode,
    );
    await k.t.ctx.jobs.drain(60_000);
    expect(
      await k.t.ctx.db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.key, `charge:${paymentId}`)),
    ).toHaveLength(1);
    expect((await k.trial()).totalCents).toBe(0);
  }, 90_000);

  test('a charge its webhook could not apply (the database away) is settled with the gateway, once; an unpaid checkout waits', async () => {
    const projectId = await k.projectAtPayment('Outage ring', 25_000, 'designer2');
    const { checkoutUrl, paymentId } = (
      await k.checkout(`/api/projects/${projectId}/payment`, 'outage-hook-01')
    ).json();
    const unpaidProjectId = await k.projectAtPayment('Unpaid ring', 12_000, 'designer2');
    const unpaid = (await k.checkout(`/api/projects/${unpaidProjectId}/payment`, 'outage-unpaid-01')).json();
    // the webhook fails as it does while PostgreSQL is away (503); its job retries later
    k.sandbox.setDeliverer(async () => 503);
    await k.pay(checkoutUrl, '4242424242424242');
    expect(await k.status(projectId)).toBe('Make Payment');

    const settled = await k.t.ctx.payments.settlePending();
    expect(settled.booked).toEqual([paymentId]);
    expect(settled.checked).toBeGreaterThanOrEqual(2);
    expect(await k.status(projectId)).toBe('In Design');
    expect((await k.call('customer', 'GET', `/api/payments/${unpaid.paymentId}`)).json().status).toBe(
      'pending',
    );
    expect(await k.status(unpaidProjectId)).toBe('Make Payment');
    expect((await k.t.ctx.payments.settlePending()).booked).toEqual([]);

    // the delivery job comes through at last: nothing is booked twice
    k.sandbox.setDeliverer(
      async (body, headers) =>
        (await k.t.app.inject({ method: 'POST', url: '/api/webhooks/payments', headers, payload: body }))
          .statusCode,
    );
    await k.t.ctx.jobs.drain(60_000);
    expect(
      await k.t.ctx.db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.key, `charge:${paymentId}`)),
    ).toHaveLength(1);
    expect(await k.status(projectId)).toBe('In Design');
    expect((await k.trial()).totalCents).toBe(0);
  }, 90_000);
});
