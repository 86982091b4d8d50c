import type { CurrencyCode } from '@facet/domain/money';
import type { Db } from '../db/client';
import { accountsQueries } from '../modules/accounts/accounts.queries';
import { seedDemoOrders, type DemoOrderCustomer } from './demo-orders';
import { seedDemoPayments, type DemoPayment } from './demo-payments';
import { paidProjectsOfCustomers } from '../modules/projects/projects.reads';

/**
 * The demo's past money: the payments of the history's paid projects (released on completion) and past
 * orders of the demo customers with their checkouts' payments, so the dashboards' charts have months to
 * show on a fresh start. Idempotent (each part skips what is there).
 */
export async function seedDemoMoney(
  db: Db,
  customerEmails: string[],
  historyEmails: string[],
  currency: CurrencyCode,
) {
  const q = accountsQueries(db);
  const users = async (emails: string[]) =>
    (await Promise.all(emails.map((e) => q.findByEmail(e)))).flatMap((u) => (u ? [u] : []));
  const customers = await users(customerEmails);
  const history = await users(historyEmails);
  const byId = new Map([...customers, ...history].map((u) => [u.id, u]));
  const payer = (id: string) => {
    const u = byId.get(id)!;
    return { payerId: u.id, payerName: `${u.firstName} ${u.lastName}`.trim(), receiptEmail: u.email };
  };

  const projectPayments: DemoPayment[] = (
    await paidProjectsOfCustomers(
      db,
      history.map((u) => u.id),
    )
  )
    .filter((p) => p.totalPriceCents && p.totalPriceCents > 0)
    .map((p) => ({
      id: crypto.randomUUID(),
      ...payer(p.customerId),
      purpose: 'project',
      subjectId: p.id,
      projectId: p.id,
      proId: p.proId,
      amountCents: p.totalPriceCents!,
      description: `Project: ${p.title}`,
      paidAt: p.paidAt!,
      releasedAt: p.completedAt,
    }));

  const orderCustomers: DemoOrderCustomer[] = customers.map((u) => ({
    id: u.id,
    name: `${u.firstName} ${u.lastName}`.trim(),
    address: {
      street: '500 Market Street',
      city: 'San Francisco',
      state: 'CA',
      zipcode: '94105',
      country: 'US',
    },
  }));
  const orders = await seedDemoOrders(db, orderCustomers);
  const orderPayments: DemoPayment[] = orders.map((o) => ({
    id: o.paymentId,
    ...payer(o.customerId),
    purpose: 'cart',
    subjectId: o.orderId,
    projectId: null,
    proId: null,
    amountCents: o.totalCents,
    description: o.description,
    paidAt: o.paidAt,
    releasedAt: null,
  }));
  await seedDemoPayments(db, [...projectPayments, ...orderPayments], currency);
}
