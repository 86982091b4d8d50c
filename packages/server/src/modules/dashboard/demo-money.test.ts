import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { callerFor, createTestApp, loginAs } from '../../test/test-app';
import { seedDemo } from '../../demo/seed-demo';
import { and, eq, isNotNull } from 'drizzle-orm';
import { MAX_SERIES_MONTHS, monthKey } from '@facet/domain/metrics';
import { sandboxCheckoutSessions } from '../../platform/payments/payments.tables';
import { payments } from '../payments/payments.tables';

let t: Awaited<ReturnType<typeof createTestApp>>;
let call: ReturnType<typeof callerFor>;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: true, seedDemoMoney: true });
  call = callerFor(t.app, {
    customer: await loginAs(t.app, 'customer@demo.facet', 'customer'),
    designer: await loginAs(t.app, 'designer@demo.facet', 'designer'),
    staff: await loginAs(t.app, 'staff@demo.facet', 'staff'),
  });
});
afterAll(() => t.close());

const series = async (who: string, metric: string) =>
  (await call(who, 'GET', `/api/me/dashboard/series?metric=${metric}&months=6`)).json().series.months;
const filled = (months: { cents: number }[]) => months.filter((m) => m.cents > 0).length;

describe("the demo's past money gives every dashboard months to show", () => {
  test('earnings, spend and revenue over several months; one late order; the ledger balances', async () => {
    // earnings are credited as projects complete (the ledger's releases): the team's over several months
    expect(filled(await series('staff', 'earnings'))).toBeGreaterThanOrEqual(3);
    expect(filled(await series('designer', 'earnings'))).toBeGreaterThanOrEqual(1);
    expect(filled(await series('customer', 'spend'))).toBeGreaterThanOrEqual(4);
    expect(filled(await series('staff', 'revenue'))).toBeGreaterThanOrEqual(5);
    const offers = await series('designer', 'offers');
    expect(offers.some((m: { won: number }) => m.won > 0)).toBe(true);
    const customer = (await call('customer', 'GET', '/api/me/dashboard')).json().dashboard;
    expect(customer.ordersInProduction.filter((o: { late: boolean }) => o.late)).toHaveLength(1);
    const staff = (await call('staff', 'GET', '/api/me/dashboard')).json().dashboard;
    expect(staff.lateOrders).toBeGreaterThanOrEqual(1);
    expect(staff.ordersPerStage.reduce((n: number, s: { count: number }) => n + s.count, 0)).toBeGreaterThan(
      5,
    );
    const trial = (await call('staff', 'GET', '/api/staff/ledger/trial-balance')).json();
    expect(trial.totalCents).toBe(0);
    // the history's released shares sit on the demo pros' payables
    const payables = trial.accounts.filter((a: { name: string }) => a.name.startsWith('pro_payable:'));
    expect(payables.length).toBeGreaterThanOrEqual(3);
  });

  test("earnings read from the ledger are the payments' released shares, month by month, pro by pro", async () => {
    const rows = await t.ctx.db
      .select()
      .from(payments)
      .where(and(isNotNull(payments.proId), eq(payments.status, 'succeeded')));
    const released = rows.filter((p) => p.releasedAt);
    const held = rows.filter((p) => !p.releasedAt);
    expect(released.length).toBeGreaterThan(5);
    // what the payments table says each pro earned per month of the release (the old reading's shares)
    const expected = (proId: string | null) => {
      const byMonth = new Map<string, { cents: number; count: number }>();
      for (const p of released.filter((r) => proId === null || r.proId === proId)) {
        const m = byMonth.get(monthKey(p.releasedAt!)) ?? { cents: 0, count: 0 };
        m.cents += p.proShareCents;
        m.count += 1;
        byMonth.set(monthKey(p.releasedAt!), m);
      }
      return byMonth;
    };
    const compare = (months: { month: string; cents: number; count: number }[], proId: string | null) => {
      const want = expected(proId);
      expect(months.map((m) => [m.month, m.cents, m.count])).toEqual(
        months.map((m) => [m.month, want.get(m.month)?.cents ?? 0, want.get(m.month)?.count ?? 0]),
      );
    };
    const all = (
      await call('staff', 'GET', `/api/me/dashboard/series?metric=earnings&months=${MAX_SERIES_MONTHS}`)
    ).json().series.months;
    compare(all, null);
    const designer = (
      await call('designer', 'GET', `/api/me/dashboard/series?metric=earnings&months=${MAX_SERIES_MONTHS}`)
    ).json().series.months;
    const designerId = (await call('designer', 'GET', '/api/me')).json().user.id as string;
    compare(designer, designerId);
    // the same money as the shares of every payment charged, less what is still held in escrow
    const total = (list: { cents: number }[]) => list.reduce((sum, m) => sum + m.cents, 0);
    const shares = (list: typeof rows) => list.reduce((sum, p) => sum + p.proShareCents, 0);
    expect(total(all)).toBe(shares(rows) - shares(held));
    expect(total(all)).toBeGreaterThan(0);
  });

  test('seeding again adds nothing', async () => {
    const before = await series('staff', 'revenue');
    const spend = await series('staff', 'spend');
    await seedDemo(t.ctx);
    expect(await series('staff', 'revenue')).toEqual(before);
    expect(await series('staff', 'spend')).toEqual(spend);
  });

  test('a refund the gateway refuses is a 502 saying why, and changes nothing', async () => {
    const board = (await call('staff', 'GET', '/api/staff/projects/board')).json();
    const paid = (
      board.columns.flatMap((c: { projects: unknown[] }) => c.projects) as {
        id: string;
        canRefund: boolean;
      }[]
    ).find((c) => c.canRefund)!;
    // the gateway no longer knows the charge (a payment booked before the sandbox held its charges)
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.subjectId, paid.id));
    const [charge] = await t.ctx.db
      .delete(sandboxCheckoutSessions)
      .where(eq(sandboxCheckoutSessions.chargeId, payment!.chargeRef!))
      .returning();
    expect(charge).toBeDefined();
    const before = (await call('staff', 'GET', '/api/staff/ledger/trial-balance')).json();
    const res = await call('staff', 'POST', `/api/staff/projects/${paid.id}/refund`, {
      reason: 'The customer asked to stop.',
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toEqual({
      code: 'gateway_refused',
      message: 'The payment gateway refused this: No such charge.',
    });
    expect((await call('staff', 'GET', '/api/staff/ledger/trial-balance')).json()).toEqual(before);
    const project = (await call('staff', 'GET', `/api/projects/${paid.id}`)).json();
    expect(JSON.stringify(project)).not.toMatch(/Cancelled/);
    // the gateway knows the charge again, for the next test
    await t.ctx.db.insert(sandboxCheckoutSessions).values(charge!);
  });

  test("staff can cancel a demo project with refund: the sandbox gateway holds the demo's charges", async () => {
    const board = (await call('staff', 'GET', '/api/staff/projects/board')).json();
    const cards = board.columns.flatMap((c: { projects: unknown[] }) => c.projects) as {
      id: string;
      canRefund: boolean;
    }[];
    const paid = cards.find((c) => c.canRefund);
    expect(paid, 'a paid demo project in progress').toBeDefined();
    const before = (await call('staff', 'GET', '/api/staff/ledger/trial-balance')).json();
    const refunds = (b: { accounts: { name: string; balanceCents: number }[] }) =>
      b.accounts.find((a) => a.name === 'refunds')?.balanceCents ?? 0;
    const res = await call('staff', 'POST', `/api/staff/projects/${paid!.id}/refund`, {
      reason: 'The customer asked to stop.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().refundedCents).toBeGreaterThan(0);
    const after = (await call('staff', 'GET', '/api/staff/ledger/trial-balance')).json();
    expect(refunds(after) - refunds(before)).toBe(res.json().refundedCents);
    expect(after.totalCents).toBe(0);
  });
});
