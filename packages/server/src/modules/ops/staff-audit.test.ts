import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { paymentsTestKit } from '../payments/payments-test-kit';

// Issue 28, item 3: every successful staff action leaves its audit row, whatever its text.
let k: Awaited<ReturnType<typeof paymentsTestKit>>;
beforeAll(async () => {
  k = await paymentsTestKit();
});
afterAll(() => k.t.close());

const auditOf = async (route: string) =>
  (
    (await k.call('staff', 'GET', '/api/staff/audit?pageSize=100')).json().entries as {
      route: string;
      detail: Record<string, unknown>;
    }[]
  ).filter((e) => e.route === route);

describe('the audit keeps text whole', () => {
  test('a metal price note of 199 letters and an emoji is audited, cut between characters', async () => {
    const before = (await auditOf('/api/staff/metal-prices')).length;
    const note = `${'a'.repeat(199)}💎`;
    const r = await k.call('staff', 'POST', '/api/staff/metal-prices', {
      metal: 'silver',
      priceCents: 3_100,
      note,
    });
    expect(r.statusCode, r.body).toBe(201);
    const rows = await auditOf('/api/staff/metal-prices');
    expect(rows.length).toBe(before + 1);
    const kept = rows[0]!.detail.note as string;
    // 200 characters (code points): the emoji is kept whole, never half of it
    expect(Array.from(kept)).toHaveLength(200);
    expect(kept).toBe(note);
  });
});

describe('cutText', () => {
  test('counts code points: a pair at the edge is kept whole or left out, never halved', async () => {
    const { cutText } = await import('./ops.audit');
    expect(cutText(`${'a'.repeat(199)}💎b`, 200)).toBe(`${'a'.repeat(199)}💎`);
    expect(cutText(`${'a'.repeat(200)}💎`, 200)).toBe('a'.repeat(200));
    expect(cutText('short', 200)).toBe('short');
  });
});
