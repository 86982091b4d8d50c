import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { signPayload } from '../../platform/payments/sandbox-gateway';
import { paymentsTestKit } from './payments-test-kit';
import { ledgerEntries, payments } from './payments.tables';

// Issue 28, items 5 and 6: a signed event that cannot be ours is kept for staff, books nothing, and is
// answered so the gateway stops retrying (never a 500).
let k: Awaited<ReturnType<typeof paymentsTestKit>>;
beforeAll(async () => {
  k = await paymentsTestKit();
  k.sandbox.setDeliverer(null);
});
afterAll(() => k.t.close());

const post = (body: string) =>
  k.t.app.inject({
    method: 'POST',
    url: '/api/webhooks/payments',
    headers: { 'content-type': 'application/json', 'facet-signature': signPayload(body, k.sandbox.secret) },
    payload: body,
  });

/** A project at payment with its checkout open; the payment's id and hosted page. */
async function opened(title: string, key: string) {
  const projectId = await k.projectAtPayment(title, 30_000);
  const r = await k.checkout(`/api/projects/${projectId}/payment`, key);
  expect(r.statusCode, r.body).toBe(200);
  return { projectId, ...(r.json() as { paymentId: string; checkoutUrl: string }) };
}

/** The last stored success event of the sandbox (sent by no one: the test delivers it). */
async function lastSuccess() {
  const bodies = await Promise.all((await k.sandbox.eventIds()).map((id) => k.sandbox.eventBody(id)));
  return bodies.filter((b) => b!.includes('checkout.session.completed')).at(-1)!;
}

const openFailures = async () =>
  (await k.call('staff', 'GET', '/api/staff/money/webhook-events')).json().events as {
    id: string;
    error: string;
    attempts: number;
  }[];
const chargeEntries = async (paymentId: string) =>
  k.t.ctx.db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.key, `charge:${paymentId}`));

describe('a signed event that does not fit its payment', () => {
  test("an event naming one payment with another payment's session books nothing and is kept", async () => {
    const a = await opened('Reference ring', 'refusal-a-0001');
    const b = await opened('Session ring', 'refusal-b-0001');
    expect((await k.pay(b.checkoutUrl, '4242 4242 4242 4242')).statusCode).toBeLessThan(400);
    const genuine = JSON.parse(await lastSuccess()) as {
      id: string;
      data: { object: Record<string, unknown> };
    };
    expect(genuine.data.object.client_reference_id).toBe(b.paymentId);
    // B's session, A's reference, a new event id: signed with our secret
    genuine.id = 'evt_sbx_swapped_reference';
    genuine.data.object.client_reference_id = a.paymentId;
    const swapped = JSON.stringify(genuine);
    const r = await post(swapped);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ received: true, applied: false });
    expect(r.body).not.toContain('internal_error');

    expect((await k.call('customer', 'GET', `/api/payments/${a.paymentId}`)).json().status).toBe('pending');
    expect((await k.call('customer', 'GET', `/api/payments/${b.paymentId}`)).json().status).toBe('pending');
    expect(await chargeEntries(a.paymentId)).toEqual([]);
    expect(await chargeEntries(b.paymentId)).toEqual([]);
    const failure = (await openFailures()).find((f) => f.id === 'evt_sbx_swapped_reference');
    expect(failure?.error).toMatch(/session/i);
    expect((await k.trial()).totalCents).toBe(0);

    // B's own event still books B
    const own = await post(await lastSuccess());
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().applied).toBe(true);
    expect((await k.call('customer', 'GET', `/api/payments/${b.paymentId}`)).json().status).toBe('succeeded');
    expect((await k.call('customer', 'GET', `/api/payments/${a.paymentId}`)).json().status).toBe('pending');
  });

  test('an event whose amount differs from the payment is kept for staff and answered 200, not 500', async () => {
    const c = await opened('Amount ring', 'refusal-c-0001');
    await k.t.ctx.db
      .update(payments)
      .set({ amountCents: sql`${payments.amountCents} + 1` })
      .where(eq(payments.id, c.paymentId));
    expect((await k.pay(c.checkoutUrl, '4242 4242 4242 4242')).statusCode).toBeLessThan(400);
    const success = await lastSuccess();
    const eventId = (JSON.parse(success) as { id: string }).id;
    for (const attempt of [1, 2]) {
      const r = await post(success);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toEqual({ received: true, applied: false });
      const failure = (await openFailures()).find((f) => f.id === eventId);
      expect(failure).toMatchObject({ attempts: attempt });
      expect(failure!.error).toMatch(/amount/i);
    }
    expect((await k.call('staff', 'GET', '/api/staff/money/alerts')).json().failedWebhooks).toBeGreaterThan(
      0,
    );
    expect((await k.call('customer', 'GET', `/api/payments/${c.paymentId}`)).json().status).toBe('pending');
    expect(await chargeEntries(c.paymentId)).toEqual([]);
    // still wrong: staff's retry says so
    const retry = await k.call('staff', 'POST', `/api/staff/webhook-events/${eventId}/retry`);
    expect(retry.statusCode).toBe(409);
    expect(retry.json().error.code).toBe('retry_failed');
  });
});
