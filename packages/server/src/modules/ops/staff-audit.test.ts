import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { CANCELLED_STAGE, stageWire } from '@facet/domain/workflow';
import { sandboxMoneyMoves } from '../../platform/payments/payments.tables';
import { metalSpotPrices } from '../catalog/catalog.tables';
import { postEntry } from '../payments/ledger';
import { paymentEventFailures, payments, payoutAccounts, payouts } from '../payments/payments.tables';
import { orders } from '../orders/orders.tables';
import { ordersTestKit } from '../orders/orders-test-kit';
import { staffActions } from '../../platform/audit/audit.tables';

// Issue 28, item 3: every successful staff action leaves its audit row, written in the transaction of
// its change; a row the database refuses undoes the action.

/** The metal price provider, on a local port: the refresh route reads it. */
let provider: Server;
let k: Awaited<ReturnType<typeof ordersTestKit>>;
beforeAll(async () => {
  provider = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        success: true,
        base: 'USD',
        timestamp: 1764057600,
        rates: { USDXAU: 2650, USDXAG: 31, USDXPT: 980, USDXPD: 1010 },
      }),
    );
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  const port = (provider.address() as AddressInfo).port;
  k = await ordersTestKit({
    metalFeed: {
      url: `http://127.0.0.1:${port}/v1/latest`,
      apiKey: 'audit-feed',
      keyParam: 'api_key',
      timeoutMs: 3000,
    },
  });
}, 120_000);
afterAll(async () => {
  await k?.t.close();
  provider.closeAllConnections();
  await new Promise((resolve) => provider.close(resolve));
});

const auditOf = async (route: string) =>
  (
    (await k.call('staff', 'GET', '/api/staff/audit?pageSize=100')).json().entries as {
      route: string;
      detail: Record<string, unknown>;
    }[]
  ).filter((e) => e.route === route);

/** The audit rows of one route (its pattern, as Fastify names it) and method, read from the table. */
const rowsOf = async (method: string, route: string, subjectId?: string) =>
  (
    await k.t.ctx.db
      .select({ n: count() })
      .from(staffActions)
      .where(
        and(
          eq(staffActions.method, method),
          eq(staffActions.route, route),
          subjectId ? eq(staffActions.subjectId, subjectId) : undefined,
        ),
      )
  )[0]!.n;

const run = (statement: string) => k.t.ctx.db.execute(sql.raw(statement));

/** Runs `body` while the database refuses audit rows of `route` (a real constraint, dropped after). */
async function whileAuditRefuses(route: string, body: () => Promise<void>) {
  await run(
    `alter table staff_actions add constraint i28_refuse_audit check (route <> '${route}') not valid`,
  );
  try {
    await body();
  } finally {
    await run('alter table staff_actions drop constraint i28_refuse_audit');
  }
}

/**
 * Runs `body` while the database takes the first audit row of `route` tried and refuses every later
 * one (a trigger counting with a sequence, which a rollback does not turn back): the row tried before
 * a gateway call passes, the one written with the gateway's outcome is refused.
 */
async function whileAuditRefusesAfterFirstTry(route: string, body: () => Promise<void>) {
  await run('create sequence i28_audit_tries');
  await run(`create function i28_refuse_later() returns trigger language plpgsql as $$
    begin
      if new.route = '${route}' and nextval('i28_audit_tries') > 1 then
        raise exception 'audit row refused (test)';
      end if;
      return new;
    end $$`);
  await run(
    'create trigger i28_refuse_later before insert on staff_actions for each row execute function i28_refuse_later()',
  );
  try {
    await body();
  } finally {
    await run('drop trigger i28_refuse_later on staff_actions');
    await run('drop function i28_refuse_later()');
    await run('drop sequence i28_audit_tries');
  }
}

const expectNotMade = (r: {
  statusCode: number;
  body: string;
  json(): { error: { code: string; message: string } };
}) => {
  expect(r.statusCode, r.body).toBe(500);
  expect(r.json().error.code).toBe('audit_failed');
  expect(r.json().error.message).toMatch(/so it was not made/);
};

// ---- what the routes act on ----------------------------------------------------------------------

let keys = 0;
const key = (what: string) => `audit-${what}-${++keys}`;

/** A project of the customer paid through the sandbox gateway (its money held in escrow). */
async function paidProject(title: string) {
  const projectId = await k.projectAtPayment(title, 20_000, 'designer2');
  const opened = await k.checkout(`/api/projects/${projectId}/payment`, key('project'));
  expect(opened.statusCode, opened.body).toBe(200);
  const { checkoutUrl, paymentId } = opened.json() as { checkoutUrl: string; paymentId: string };
  await k.pay(checkoutUrl, '4242424242424242');
  await k.t.ctx.jobs.drain();
  expect(await k.status(projectId)).toBe('In Design');
  return { projectId, paymentId };
}

/** A project whose approved changes wait for their payment. */
async function changesAwaitingPayment(title: string) {
  const projectId = await k.projectAtPayment(title, 20_000, 'designer');
  const paid = await k.call('staff', 'POST', `/api/staff/projects/${projectId}/mark-paid`);
  expect(paid.statusCode, paid.body).toBe(200);
  await k.deliver(projectId, 'designer');
  const cr = await k.call('customer', 'POST', `/api/projects/${projectId}/change-requests`, {
    changes: ['Thicker band'],
  });
  const changeId = cr.json().changeRequest.id as string;
  expect(
    (await k.call('designer', 'POST', `/api/change-requests/${changeId}/quote`, { priceCents: 9_000 }))
      .statusCode,
  ).toBe(200);
  const approved = await k.call('customer', 'POST', `/api/change-requests/${changeId}/approve`, {});
  expect(approved.json().changeRequest.status).toBe('approved');
  return { projectId, changeId };
}

let payoutAccountReady = false;
/** A payout to designer2 that the gateway refused (we believe the account ready; the gateway does not). */
async function failedPayout() {
  if (!payoutAccountReady) {
    expect((await k.call('designer2', 'POST', '/api/me/payout-account')).statusCode).toBe(200);
    await k.t.ctx.db
      .update(payoutAccounts)
      .set({ payoutsEnabled: true })
      .where(eq(payoutAccounts.userId, k.ids.designer2!));
    payoutAccountReady = true;
  }
  await k.t.ctx.db.transaction((tx) =>
    postEntry(tx, {
      key: key('earning'),
      kind: 'release',
      memo: 'Earning for the audit test',
      currency: 'usd',
      lines: [
        { account: 'platform_escrow', amountCents: -5_000 },
        { account: 'pro_payable', ownerId: k.ids.designer2, amountCents: 5_000 },
      ],
    }),
  );
  // the job's run (no staff request): nothing to audit, the gateway refuses the transfer
  await k.t.ctx.payments.runPayouts();
  const [payout] = await k.t.ctx.db
    .select()
    .from(payouts)
    .where(and(eq(payouts.proId, k.ids.designer2!), eq(payouts.status, 'failed')))
    .orderBy(desc(payouts.createdAt))
    .limit(1);
  return payout!;
}

/** A gateway event that failed to apply (our amount disagreed with the charge), since put right. */
async function failedEvent(title: string) {
  const projectId = await k.projectAtPayment(title, 30_000, 'designer2');
  const opened = await k.checkout(`/api/projects/${projectId}/payment`, key('event'));
  const { paymentId, checkoutUrl } = opened.json() as { paymentId: string; checkoutUrl: string };
  await k.t.ctx.db
    .update(payments)
    .set({ amountCents: sql`${payments.amountCents} + 1` })
    .where(eq(payments.id, paymentId));
  await k.pay(checkoutUrl, '4242424242424242');
  await k.t.ctx.jobs.drain();
  const open = await k.t.ctx.db
    .select()
    .from(paymentEventFailures)
    .where(isNull(paymentEventFailures.resolvedAt));
  const failure = open.find((f) => (f.payload as { clientReference?: string }).clientReference === paymentId);
  expect(failure, 'the refused event is kept').toBeDefined();
  await k.t.ctx.db.update(payments).set({ amountCents: 30_000 }).where(eq(payments.id, paymentId));
  return { eventId: failure!.id, paymentId, projectId };
}

const paymentStatus = async (paymentId: string) =>
  (await k.t.ctx.db.select().from(payments).where(eq(payments.id, paymentId)))[0]!.status;
const gatewayRefunded = async (paymentId: string) =>
  (
    await k.t.ctx.db
      .select()
      .from(sandboxMoneyMoves)
      .where(eq(sandboxMoneyMoves.idempotencyKey, `refund:${paymentId}`))
  ).length;

// ---- the standing rule ---------------------------------------------------------------------------

/**
 * How to call each state-changing staff route with success: the request, made ready by `prepare` (which
 * may make other calls; only the route's own rows are counted). A route the OpenAPI document lists and
 * this table does not fails the test, so a new staff route cannot go unaudited unnoticed.
 */
type Call = { url: string; body?: object };
/** A new entry of each kind staff may add: the `n`th, so each is unique. */
const CATALOG_CREATES: Record<string, (n: number) => object> = {
  materials: (n) => ({
    name: `Audit resin ${n}`,
    sku: `AUDR${n}`,
    code: `AUDR${n}`,
    kind: 'resin',
    basePrice: 1,
    gravity: 1.1,
    canPlate: false,
  }),
  polishes: (n) => ({ name: `Audit polish ${n}`, basePrice: 0.01 }),
  platings: (n) => ({ name: `Audit plating ${n}`, basePrice: 0.01 }),
  fonts: (n) => ({ name: `Audit Sans ${n}`, packageName: `@fontsource/audit-sans-${n}` }),
  categories: (n) => ({ name: `Audit category ${n}` }),
  'item-types': (n) => ({ name: `Audit type ${n}` }),
  'quantity-breaks': (n) => ({ minQuantity: 30 + n, factor: 0.9 }),
};
const created: Record<string, number> = {};
async function createdEntry(kind: string) {
  if (created[kind] === undefined) {
    const r = await k.call('staff', 'POST', `/api/staff/catalog/${kind}`, CATALOG_CREATES[kind]!(1));
    expect(r.statusCode, r.body).toBe(201);
    const entry = r.json().entry as { id?: number; minQuantity?: number };
    created[kind] = entry.id ?? entry.minQuantity!;
  }
  return created[kind];
}
async function catalogEntry(kind: string): Promise<number> {
  if (CATALOG_CREATES[kind]) return createdEntry(kind);
  const catalog = (await k.call('staff', 'GET', '/api/staff/catalog')).json();
  const list: { id: number }[] =
    kind === 'assembly-options'
      ? catalog.assemblyOptions
      : kind === 'assembly-sub-items'
        ? catalog.assemblyOptions.flatMap((o: { subItems: { id: number }[] }) => o.subItems)
        : kind === 'laser-options'
          ? catalog.laserEngravingOptions
          : [];
  expect(list.length, `a ${kind} entry to edit`).toBeGreaterThan(0);
  return list[0]!.id;
}

const PREPARE: Record<string, () => Promise<Call>> = {
  'PATCH /api/staff/accounts/:id': async () => ({
    url: `/api/staff/accounts/${k.ids.other}`,
    body: { status: 'active' },
  }),
  'POST /api/staff/change-requests/:id/mark-paid': async () => ({
    url: `/api/staff/change-requests/${(await changesAwaitingPayment('Standing changes')).changeId}/mark-paid`,
  }),
  'POST /api/staff/discount-codes': async () => ({
    url: '/api/staff/discount-codes',
    body: { code: 'STANDING5', percentOff: 5, appliesTo: 'both' },
  }),
  'POST /api/staff/metal-prices': async () => ({
    url: '/api/staff/metal-prices',
    body: { metal: 'silver', priceCents: 3_200 },
  }),
  'POST /api/staff/metal-prices/refresh': async () => ({ url: '/api/staff/metal-prices/refresh' }),
  'POST /api/staff/orders/:id/shipment': async () => ({
    url: `/api/staff/orders/${(await k.paidOrder('customer')).orderId}/shipment`,
    body: { carrier: 'UPS', trackingNumber: '1Z999' },
  }),
  'POST /api/staff/orders/:id/stage': async () => ({
    url: `/api/staff/orders/${(await k.paidOrder('customer')).orderId}/stage`,
    body: { stage: stageWire(CANCELLED_STAGE) },
  }),
  'POST /api/staff/payments/payouts': async () => ({ url: '/api/staff/payments/payouts' }),
  'POST /api/staff/payments/reconcile': async () => ({ url: '/api/staff/payments/reconcile' }),
  'POST /api/staff/payouts/:id/retry': async () => ({
    url: `/api/staff/payouts/${(await failedPayout()).id}/retry`,
  }),
  'PATCH /api/staff/plans/:id': async () => ({ url: '/api/staff/plans/pro', body: { priceCents: 1_900 } }),
  'POST /api/staff/projects/:id/mark-paid': async () => ({
    url: `/api/staff/projects/${await k.projectAtPayment('Standing mark-paid')}/mark-paid`,
  }),
  'POST /api/staff/projects/:id/refund': async () => ({
    url: `/api/staff/projects/${(await paidProject('Standing refund')).projectId}/refund`,
  }),
  'PUT /api/staff/settings/earned-percentage': async () => ({
    url: '/api/staff/settings/earned-percentage',
    body: { percentage: 80 },
  }),
  'POST /api/staff/webhook-events/:id/retry': async () => ({
    url: `/api/staff/webhook-events/${(await failedEvent('Standing event')).eventId}/retry`,
  }),
};
for (const kind of [
  'materials',
  'polishes',
  'platings',
  'assembly-options',
  'assembly-sub-items',
  'laser-options',
  'fonts',
  'categories',
  'item-types',
  'quantity-breaks',
]) {
  PREPARE[`PATCH /api/staff/catalog/${kind}/:id`] = async () => ({
    url: `/api/staff/catalog/${kind}/${await catalogEntry(kind)}`,
    body: kind === 'quantity-breaks' ? { factor: 0.85 } : { sort: 7 },
  });
  if (CATALOG_CREATES[kind]) {
    PREPARE[`POST /api/staff/catalog/${kind}`] = async () => ({
      url: `/api/staff/catalog/${kind}`,
      body: CATALOG_CREATES[kind]!(2),
    });
    PREPARE[`DELETE /api/staff/catalog/${kind}/:id`] = async () => ({
      url: `/api/staff/catalog/${kind}/${await createdEntry(kind)}`,
    });
  }
}

describe('every state-changing staff route writes its audit row (standing)', () => {
  test('each POST, PUT, PATCH and DELETE /api/staff route of the OpenAPI document, called with success, leaves one row', async () => {
    const doc = (await k.t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/staff/'))
      .flatMap(([path, item]) =>
        Object.keys(item)
          .filter((m) => ['post', 'put', 'patch', 'delete'].includes(m))
          .map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
      );
    expect(routes.length).toBeGreaterThanOrEqual(35);
    expect(
      routes.filter((r) => !PREPARE[r]),
      'staff routes with no entry in PREPARE',
    ).toEqual([]);
    // deletes last, so the edits meet the entries they made
    routes.sort((a, b) => Number(a.startsWith('DELETE')) - Number(b.startsWith('DELETE')));
    for (const route of routes) {
      const [method, pattern] = route.split(' ') as ['POST' | 'PUT' | 'PATCH' | 'DELETE', string];
      const { url, body } = await PREPARE[route]!();
      const before = await rowsOf(method, pattern);
      const r = await k.call('staff', method, url, body);
      expect(r.statusCode, `${route}: ${r.body}`).toBeLessThan(300);
      expect(await rowsOf(method, pattern), `${route}: its audit row`).toBe(before + 1);
    }
  }, 180_000);
});

// ---- text kept whole -----------------------------------------------------------------------------

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

// ---- a refused row undoes the action -------------------------------------------------------------

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
      expectNotMade(r);
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

  test('a metal price refresh stores none of the feed prices without its audit row', async () => {
    const spots = async () => (await k.t.ctx.db.select({ n: count() }).from(metalSpotPrices))[0]!.n;
    const before = await spots();
    await whileAuditRefuses('/api/staff/metal-prices/refresh', async () => {
      expectNotMade(await k.call('staff', 'POST', '/api/staff/metal-prices/refresh'));
    });
    expect(await spots()).toBe(before);
    expect((await k.call('staff', 'POST', '/api/staff/metal-prices/refresh')).statusCode).toBe(200);
    expect(await spots()).toBe(before + 4);
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
      expectNotMade(r);
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
    await k.call('staff', 'PATCH', `/api/staff/accounts/${k.ids.other}`, { status: 'active' });
  });

  test('a catalog edit is not made without its audit row', async () => {
    const margin = async () =>
      (await k.call('staff', 'GET', '/api/staff/catalog'))
        .json()
        .materials.find((m: { id: number }) => m.id === 1).spotMarginPercent as number;
    const before = await margin();
    await whileAuditRefuses('/api/staff/catalog/materials/:id', async () => {
      expectNotMade(
        await k.call('staff', 'PATCH', '/api/staff/catalog/materials/1', { spotMarginPercent: before + 1 }),
      );
    });
    expect(await margin()).toBe(before);
  });

  test('a discount code is not created without its audit row', async () => {
    const body = { code: 'AUDITED10', percentOff: 10, appliesTo: 'both' };
    const audited = await rowsOf('POST', '/api/staff/discount-codes');
    await whileAuditRefuses('/api/staff/discount-codes', async () => {
      expectNotMade(await k.call('staff', 'POST', '/api/staff/discount-codes', body));
    });
    // not created: the same code is free
    const made = await k.call('staff', 'POST', '/api/staff/discount-codes', body);
    expect(made.statusCode, made.body).toBe(201);
    expect(await rowsOf('POST', '/api/staff/discount-codes')).toBe(audited + 1);
  });

  test('a project is not marked paid, nor changes recorded as paid, without the audit row', async () => {
    const projectId = await k.projectAtPayment('Unaudited mark-paid');
    await whileAuditRefuses('/api/staff/projects/:id/mark-paid', async () => {
      expectNotMade(await k.call('staff', 'POST', `/api/staff/projects/${projectId}/mark-paid`));
    });
    expect(await k.status(projectId)).toBe('Make Payment');

    const { projectId: changed, changeId } = await changesAwaitingPayment('Unaudited changes');
    await whileAuditRefuses('/api/staff/change-requests/:id/mark-paid', async () => {
      expectNotMade(await k.call('staff', 'POST', `/api/staff/change-requests/${changeId}/mark-paid`));
    });
    expect(await k.status(changed)).toBe('Review & Delivery');
    const paid = await k.call('staff', 'POST', `/api/staff/change-requests/${changeId}/mark-paid`);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await k.status(changed)).toBe('In Design');
  });

  test('payouts: a retry and a run transfer nothing without their audit row', async () => {
    const payout = await failedPayout();
    await whileAuditRefuses('/api/staff/payouts/:id/retry', async () => {
      expectNotMade(await k.call('staff', 'POST', `/api/staff/payouts/${payout.id}/retry`));
    });
    const [after] = await k.t.ctx.db.select().from(payouts).where(eq(payouts.id, payout.id));
    // not reopened, so never sent to the gateway
    expect(after).toMatchObject({ status: 'failed', failureMessage: payout.failureMessage });
    expect(await rowsOf('POST', '/api/staff/payouts/:id/retry', payout.id)).toBe(0);

    // more money to pay out: the run would make a payout, and makes none without its row
    await k.t.ctx.db.transaction((tx) =>
      postEntry(tx, {
        key: key('earning'),
        kind: 'release',
        memo: 'Earning for the audit test',
        currency: 'usd',
        lines: [
          { account: 'platform_escrow', amountCents: -1_000 },
          { account: 'pro_payable', ownerId: k.ids.designer2, amountCents: 1_000 },
        ],
      }),
    );
    const made = async () => (await k.t.ctx.db.select({ n: count() }).from(payouts))[0]!.n;
    const before = await made();
    await whileAuditRefuses('/api/staff/payments/payouts', async () => {
      expectNotMade(await k.call('staff', 'POST', '/api/staff/payments/payouts'));
    });
    expect(await made()).toBe(before);
    expect((await k.call('staff', 'POST', '/api/staff/payments/payouts')).statusCode).toBe(200);
    expect(await made()).toBe(before + 1);
  });

  test('a failed gateway event is not applied by a retry without its audit row, nor counted as failing again', async () => {
    const { eventId, paymentId, projectId } = await failedEvent('Unaudited event');
    const [kept] = await k.t.ctx.db
      .select()
      .from(paymentEventFailures)
      .where(eq(paymentEventFailures.id, eventId));
    await whileAuditRefuses('/api/staff/webhook-events/:id/retry', async () => {
      expectNotMade(await k.call('staff', 'POST', `/api/staff/webhook-events/${eventId}/retry`));
    });
    const [still] = await k.t.ctx.db
      .select()
      .from(paymentEventFailures)
      .where(eq(paymentEventFailures.id, eventId));
    expect(still).toMatchObject({ resolvedAt: null, attempts: kept!.attempts });
    expect(await paymentStatus(paymentId)).toBe('pending');
    expect(await k.status(projectId)).toBe('Make Payment');
    const retried = await k.call('staff', 'POST', `/api/staff/webhook-events/${eventId}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await paymentStatus(paymentId)).toBe('succeeded');
    expect(await rowsOf('POST', '/api/staff/webhook-events/:id/retry', eventId)).toBe(1);
  });

  test('a reconciliation books nothing without its audit row', async () => {
    const projectId = await k.projectAtPayment('Unaudited reconcile', 30_000, 'designer2');
    const opened = await k.checkout(`/api/projects/${projectId}/payment`, key('reconcile'));
    const { checkoutUrl, paymentId } = opened.json() as { checkoutUrl: string; paymentId: string };
    // the webhook never reaches us: only the reconciliation can book the charge
    k.sandbox.setDeliverer(async () => 503);
    try {
      await k.pay(checkoutUrl, '4242424242424242');
      await whileAuditRefuses('/api/staff/payments/reconcile', async () => {
        expectNotMade(await k.call('staff', 'POST', '/api/staff/payments/reconcile'));
      });
      expect(await paymentStatus(paymentId)).toBe('pending');
      const r = await k.call('staff', 'POST', '/api/staff/payments/reconcile');
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().missed).toEqual([expect.objectContaining({ paymentId, repaired: true })]);
      expect(await paymentStatus(paymentId)).toBe('succeeded');
    } finally {
      k.sandbox.setDeliverer(
        async (body, headers) =>
          (await k.t.app.inject({ method: 'POST', url: '/api/webhooks/payments', headers, payload: body }))
            .statusCode,
      );
    }
  });

  test('a refund: a row the database refuses stops it before the gateway gives any money back', async () => {
    const { projectId, paymentId } = await paidProject('Unaudited refund');
    const escrow = await k.balance('platform_escrow');
    await whileAuditRefuses('/api/staff/projects/:id/refund', async () => {
      expectNotMade(await k.call('staff', 'POST', `/api/staff/projects/${projectId}/refund`));
    });
    expect(await gatewayRefunded(paymentId)).toBe(0);
    expect(await paymentStatus(paymentId)).toBe('succeeded');
    expect(await k.status(projectId)).toBe('In Design');
    expect(await k.balance('platform_escrow')).toBe(escrow);

    const refunded = await k.call('staff', 'POST', `/api/staff/projects/${projectId}/refund`);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await gatewayRefunded(paymentId)).toBe(1);
    expect(await rowsOf('POST', '/api/staff/projects/:id/refund', projectId)).toBe(1);
  });

  test('a refund whose row is refused after the gateway gave the money back: booked all the same, and the answer says so', async () => {
    const { projectId, paymentId } = await paidProject('Refunded, unaudited');
    const escrow = await k.balance('platform_escrow');
    await whileAuditRefusesAfterFirstTry('/api/staff/projects/:id/refund', async () => {
      const r = await k.call('staff', 'POST', `/api/staff/projects/${projectId}/refund`);
      expect(r.statusCode, r.body).toBe(500);
      expect(r.json().error.code).toBe('audit_failed');
      expect(r.json().error.message).toMatch(/was made .* but could not be written to the audit log/);
    });
    // the money is back with the customer: the books say so, and the project is cancelled
    expect(await gatewayRefunded(paymentId)).toBe(1);
    expect(await paymentStatus(paymentId)).toBe('refunded');
    expect(await k.status(projectId)).toBe('Cancelled');
    expect(await k.balance('platform_escrow')).toBe(escrow - 20_000);
    expect((await k.trial()).totalCents).toBe(0);
    expect(await rowsOf('POST', '/api/staff/projects/:id/refund', projectId)).toBe(0);
  });

  test('an order cancelled by staff is neither cancelled nor refunded without its audit row', async () => {
    const { orderId, paymentId } = await k.paidOrder('customer');
    await whileAuditRefuses('/api/staff/orders/:id/stage', async () => {
      expectNotMade(
        await k.call('staff', 'POST', `/api/staff/orders/${orderId}/stage`, {
          stage: stageWire(CANCELLED_STAGE),
        }),
      );
    });
    const [order] = await k.t.ctx.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.status).toBe('paid');
    expect(await paymentStatus(paymentId)).toBe('succeeded');
    expect(await gatewayRefunded(paymentId)).toBe(0);
  });
});

describe('cutText', () => {
  test('counts code points: a pair at the edge is kept whole or left out, never halved', async () => {
    const { cutText } = await import('../../platform/audit/audit');
    expect(cutText(`${'a'.repeat(199)}💎b`, 200)).toBe(`${'a'.repeat(199)}💎`);
    expect(cutText(`${'a'.repeat(200)}💎`, 200)).toBe('a'.repeat(200));
    expect(cutText('short', 200)).toBe('short');
  });
});
