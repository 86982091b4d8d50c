import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { callerFor, createTestApp, loginAs } from '../../test/test-app';
import { seedDemo } from '../../db/seed';

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
    expect(filled(await series('designer', 'earnings'))).toBeGreaterThanOrEqual(3);
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

  test('seeding again adds nothing', async () => {
    const before = await series('staff', 'revenue');
    const spend = await series('staff', 'spend');
    await seedDemo(t.ctx);
    expect(await series('staff', 'revenue')).toEqual(before);
    expect(await series('staff', 'spend')).toEqual(spend);
  });
});
