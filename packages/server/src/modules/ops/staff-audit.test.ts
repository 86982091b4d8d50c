import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { count, sql } from 'drizzle-orm';
import { paymentsTestKit } from '../payments/payments-test-kit';
import { metalSpotPrices } from '../catalog/catalog.tables';

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

/** Runs `body` while the database refuses audit rows of `route` (a real constraint, dropped after). */
async function whileAuditRefuses(route: string, body: () => Promise<void>) {
  await k.t.ctx.db.execute(
    sql.raw(
      `alter table staff_actions add constraint i28_refuse_audit check (route <> '${route}') not valid`,
    ),
  );
  try {
    await body();
  } finally {
    await k.t.ctx.db.execute(sql.raw('alter table staff_actions drop constraint i28_refuse_audit'));
  }
}

describe('an audit row that cannot be written fails the action', () => {
  test('a metal price is not stored without its audit row (one transaction), and the answer says so', async () => {
    const spots = async () => (await k.t.ctx.db.select({ n: count() }).from(metalSpotPrices))[0]!.n;
    const before = await spots();
    const audited = (await auditOf('/api/staff/metal-prices')).length;
    await whileAuditRefuses('/api/staff/metal-prices', async () => {
      const r = await k.call('staff', 'POST', '/api/staff/metal-prices', {
        metal: 'gold',
        priceCents: 250_000,
      });
      expect(r.statusCode, r.body).toBe(500);
      expect(r.json().error.code).toBe('audit_failed');
      expect(r.json().error.message).toMatch(/not made/);
    });
    expect(await spots()).toBe(before);
    expect(await auditOf('/api/staff/metal-prices')).toHaveLength(audited);
    // the database takes rows again: the same action is stored with its row
    const ok = await k.call('staff', 'POST', '/api/staff/metal-prices', {
      metal: 'gold',
      priceCents: 250_000,
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(await spots()).toBe(before + 1);
    const rows = await auditOf('/api/staff/metal-prices');
    expect(rows).toHaveLength(audited + 1);
    expect(rows[0]).toMatchObject({ detail: { metal: 'gold', priceCents: 250_000 } });
  });

  test('an account decision is not made without its audit row (one transaction)', async () => {
    const statusOf = async () =>
      (await k.call('staff', 'GET', `/api/staff/audit?subjectId=${k.ids.other}`)).json().total as number;
    const audited = await statusOf();
    await whileAuditRefuses('/api/staff/accounts/:id', async () => {
      const r = await k.call('staff', 'PATCH', `/api/staff/accounts/${k.ids.other}`, {
        status: 'hold',
        reason: 'Checking the address 📮',
      });
      expect(r.statusCode, r.body).toBe(500);
      expect(r.json().error.code).toBe('audit_failed');
      expect(r.json().error.message).toMatch(/not made/);
    });
    // still active: the decision rolled back with its row
    expect((await k.call('other', 'GET', '/api/me')).json().user.status).toBe('active');
    expect(await statusOf()).toBe(audited);
    const held = await k.call('staff', 'PATCH', `/api/staff/accounts/${k.ids.other}`, {
      status: 'hold',
      reason: 'Checking the address 📮',
    });
    expect(held.statusCode, held.body).toBe(200);
    expect(await statusOf()).toBe(audited + 1);
    const [row] = (await k.call('staff', 'GET', `/api/staff/audit?subjectId=${k.ids.other}`)).json().entries;
    expect(row).toMatchObject({ reason: 'Checking the address 📮', detail: { status: 'hold' } });
  });

  test('a catalog edit is not made without its audit row', async () => {
    const margin = async () =>
      (await k.call('staff', 'GET', '/api/staff/catalog'))
        .json()
        .materials.find((m: { id: number }) => m.id === 1).spotMarginPercent as number;
    const before = await margin();
    await whileAuditRefuses('/api/staff/catalog/materials/:id', async () => {
      const r = await k.call('staff', 'PATCH', '/api/staff/catalog/materials/1', {
        spotMarginPercent: before + 1,
      });
      expect(r.statusCode, r.body).toBe(500);
      expect(r.json().error.code).toBe('audit_failed');
    });
    expect(await margin()).toBe(before);
  });

  test('a discount code is not created without its audit row', async () => {
    const body = { code: 'AUDITED10', percentOff: 10, appliesTo: 'both' };
    await whileAuditRefuses('/api/staff/discount-codes', async () => {
      const r = await k.call('staff', 'POST', '/api/staff/discount-codes', body);
      expect(r.statusCode, r.body).toBe(500);
      expect(r.json().error.code).toBe('audit_failed');
    });
    // not created: the same code is free
    const created = await k.call('staff', 'POST', '/api/staff/discount-codes', body);
    expect(created.statusCode, created.body).toBe(201);
    expect(await auditOf('/api/staff/discount-codes')).toHaveLength(1);
  });

  test('a staff route audited after its handler answers audit_failed, never a silent success', async () => {
    const route = '/api/staff/payments/reconcile';
    await whileAuditRefuses(route, async () => {
      const r = await k.call('staff', 'POST', route, {});
      expect(r.statusCode, r.body).toBe(500);
      expect(r.json().error.code).toBe('audit_failed');
      expect(r.json().error.message).toMatch(/audit log/);
    });
    expect((await k.call('staff', 'POST', route, {})).statusCode).toBe(200);
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
