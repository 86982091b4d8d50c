import { loadavg } from 'node:os';
import pg from 'pg';
import Stripe from 'stripe';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { login, signIn, startNode, type NodeSession, type ServerNode } from '../modules/chat/cluster-kit';
import { startStripeServer } from '../test/stripe-server';
import { postgresProcess, type PostgresProcess } from './postgres-process';

/**
 * Issue 28, item 2: payments charged just before PostgreSQL stops are applied within 30 s of its return,
 * with either gateway. Two real servers on one PostgreSQL of the test's own (a database each): one on the
 * sandbox gateway (its webhook jobs, and its chaos: some events delivered twice, late), one on Stripe (a
 * local server speaking Stripe's API; the test delivers Stripe's webhooks). On each, 8 credit packs are
 * bought and charged; PostgreSQL stops right after for 8 s (FAULT_OUTAGE_MS to try another length), then
 * starts again.
 */

const PAYMENTS = 8;
const OUTAGE_MS = Number(process.env.FAULT_OUTAGE_MS ?? 8_000);
/** What the issue asks: every charged payment applied within this long of PostgreSQL's return. */
const APPLIED_WITHIN_MS = 30_000;
/** How long the test watches before it gives up (a run without the fix reports how far it got). */
const WATCH_MS = APPLIED_WITHIN_MS + 15_000;
const PACK = { code: 'pack-50', credits: 50, priceCents: 900 };
const WEBHOOK_QUEUE = 'payments-sandbox-webhook';
const STRIPE_WEBHOOK_SECRET = 'whsec_fault_suite';

interface Shop {
  gateway: 'sandbox' | 'stripe';
  databaseUrl: string;
  node: ServerNode;
  customer: NodeSession;
  staffCookie: string;
  creditsBefore: number;
  bought: { paymentId: string; checkoutUrl: string }[];
  /** Milliseconds from PostgreSQL's return to each payment seen paid. */
  appliedAfter: Map<string, number>;
  /** The payments booked before PostgreSQL stopped (they show nothing here). */
  bookedBeforeStop: number;
}

let postgres: PostgresProcess;
let stripeServer: Awaited<ReturnType<typeof startStripeServer>>;
const shops: Shop[] = [];

const alive = (n: ServerNode) => n.process.exitCode === null && n.process.signalCode === null;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function getJson<T>(node: ServerNode, cookie: string, path: string): Promise<T> {
  const r = await fetch(`${node.url}${path}`, { headers: { cookie } });
  expect(r.status, path).toBe(200);
  return (await r.json()) as T;
}

async function openShop(gateway: Shop['gateway'], databaseUrl: string, env: Record<string, string>) {
  // two nodes start side by side: on a loaded 2-core machine that takes longer than one alone
  const node = await startNode({ databaseUrl, seedDemo: true, env, timeoutMs: 150_000 });
  const customer = await signIn(node.url, 'customer@demo.facet', 'customer');
  const staffCookie = await login(node.url, 'staff@demo.facet', 'staff');
  const { purchased } = await getJson<{ purchased: number }>(node, customer.cookie, '/api/me/credits');
  const shop: Shop = {
    gateway,
    databaseUrl,
    node,
    customer,
    staffCookie,
    creditsBefore: purchased,
    bought: [],
    appliedAfter: new Map(),
    bookedBeforeStop: 0,
  };
  shops.push(shop);
  return shop;
}

beforeAll(async () => {
  postgres = await postgresProcess();
  stripeServer = await startStripeServer();
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query('CREATE DATABASE stripe_shop');
  await admin.end();
  await Promise.all([
    openShop('sandbox', postgres.url, {}),
    openShop('stripe', postgres.url.replace(/\/postgres$/, '/stripe_shop'), {
      STRIPE_SECRET_KEY: 'sk_test_fault_suite',
      STRIPE_WEBHOOK_SECRET,
      STRIPE_API_URL: stripeServer.url,
    }),
  ]);
});

afterAll(async () => {
  for (const shop of shops) {
    if (!alive(shop.node))
      process.stdout.write(`${shop.gateway} node output:\n${shop.node.output.join('')}\n`);
    await shop.node.kill();
  }
  await stripeServer?.close();
  await postgres?.remove();
});

const shop = (gateway: Shop['gateway']) => shops.find((s) => s.gateway === gateway)!;

/** Buys a credit pack as a customer does: a checkout at the gateway, under an idempotency key. */
async function buyPack(s: Shop, key: string) {
  const r = await fetch(`${s.node.url}/api/me/credits/purchase`, {
    method: 'POST',
    headers: { cookie: s.customer.cookie, 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify({ pack: PACK.code }),
  });
  expect(r.status, await r.clone().text()).toBe(200);
  return (await r.json()) as { paymentId: string; checkoutUrl: string };
}

/** Pays on the sandbox's hosted page with the test card (JSON, as a script would): a 303 once charged. */
async function payOnSandboxPage(checkoutUrl: string) {
  const r = await fetch(`${checkoutUrl}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      cardNumber: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 2,
      cvc: '123',
    }),
    redirect: 'manual',
  });
  expect(r.status).toBe(303);
}

/** Stripe's `checkout.session.completed` for a session the customer paid, signed as Stripe signs it. */
function stripeWebhook(session: Record<string, unknown>) {
  const payload = JSON.stringify({
    id: `evt_fault_${String(session.id)}`,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: { object: session },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET });
  return { payload, signature };
}

async function deliverToNode(s: Shop, hook: { payload: string; signature: string }) {
  const r = await fetch(`${s.node.url}/api/webhooks/payments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': hook.signature },
    body: hook.payload,
    signal: AbortSignal.timeout(10_000),
  }).catch(() => null);
  return r ? { status: r.status, body: (await r.json()) as { applied?: boolean } } : null;
}

interface PaymentSeen {
  status: string;
  succeededAt: string | null;
}

/** The payment as its payer sees it; null while the node cannot answer (PostgreSQL still away). */
async function paymentOf(s: Shop, id: string): Promise<PaymentSeen | null> {
  const r = await fetch(`${s.node.url}/api/payments/${id}`, {
    headers: { cookie: s.customer.cookie },
    signal: AbortSignal.timeout(5_000),
  }).catch(() => null);
  if (!r?.ok) return null;
  return (await r.json()) as PaymentSeen;
}

/** Waits until the node's worker holds webhook jobs, each waiting on its payment's row (held by `holder`). */
async function webhookJobsCaught(holder: pg.Client) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const { rows } = await holder.query(
      `SELECT (SELECT count(*)::int FROM pgboss.job WHERE name = $1 AND state = 'active') AS active,
              (SELECT count(*)::int FROM pg_stat_activity
                WHERE datname = current_database() AND wait_event_type = 'Lock') AS waiting`,
      [WEBHOOK_QUEUE],
    );
    const { active, waiting } = rows[0] as { active: number; waiting: number };
    if (active > 0 && waiting >= active) return;
    if (Date.now() > deadline)
      throw new Error(`webhook jobs not caught (${active} active, ${waiting} waiting)`);
    await pause(50);
  }
}

/** Books as they should be: each payment paid and charged once, the credits added once, the ledger even. */
async function checkBooks(s: Shop) {
  const ids = s.bought.map((b) => b.paymentId);
  for (const id of ids) expect((await paymentOf(s, id))?.status, s.gateway).toBe('succeeded');
  const credits = await getJson<{ purchased: number }>(s.node, s.customer.cookie, '/api/me/credits');
  expect(credits.purchased - s.creditsBefore, s.gateway).toBe(PAYMENTS * PACK.credits);
  const trial = await getJson<{ totalCents: number }>(
    s.node,
    s.staffCookie,
    '/api/staff/ledger/trial-balance',
  );
  expect(trial.totalCents, s.gateway).toBe(0);
  const db = new pg.Client({ connectionString: s.databaseUrl });
  await db.connect();
  try {
    const charges = await db.query(
      `SELECT payment_id, count(*)::int AS n FROM ledger_entries
        WHERE kind = 'charge' AND payment_id = ANY($1::uuid[]) GROUP BY payment_id`,
      [ids],
    );
    expect(
      charges.rows.map((r) => Number(r.n)),
      s.gateway,
    ).toEqual(Array(PAYMENTS).fill(1));
    const funds = await db.query(
      `SELECT coalesce(sum(l.amount_cents), 0)::int AS cents FROM ledger_lines l
         JOIN ledger_entries e ON e.id = l.entry_id
        WHERE l.account = 'customer_funds' AND e.payment_id = ANY($1::uuid[])`,
      [ids],
    );
    expect(funds.rows[0].cents, s.gateway).toBe(-PAYMENTS * PACK.priceCents);
  } finally {
    await db.end();
  }
}

test('PostgreSQL stopped for 8 s right after 8 charges on each gateway: every payment applied, once, within 30 s of its return', async () => {
  const sandbox = shop('sandbox');
  const stripe = shop('stripe');
  for (const s of shops) {
    s.bought = await Promise.all(
      Array.from({ length: PAYMENTS }, (_, i) => buyPack(s, `pg-restart-${s.gateway}-${i + 1}`)),
    );
  }

  // Stripe: the customer pays on Stripe's page; its webhook comes while PostgreSQL is away (below)
  const paidSessions = stripe.bought.map((b) => {
    const session = [...stripeServer.sessions.values()].find((x) => x.client_reference_id === b.paymentId)!;
    return stripeServer.complete(String(session.id));
  });

  // the sandbox: its payments' rows are held, so their webhook deliveries are caught mid-application when
  // PostgreSQL stops (as the issue saw them: jobs active, payments pending) rather than before or after it
  const holder = new pg.Client({ connectionString: sandbox.databaseUrl });
  holder.on('error', () => {}); // its connection ends with the server
  await holder.connect();
  await holder.query('BEGIN');
  await holder.query('SELECT id FROM payments WHERE id = ANY($1::uuid[]) FOR UPDATE', [
    sandbox.bought.map((b) => b.paymentId),
  ]);
  await Promise.all(sandbox.bought.map((b) => payOnSandboxPage(b.checkoutUrl)));
  await webhookJobsCaught(holder);

  const stoppedAt = Date.now();
  await postgres.stop();
  await holder.end().catch(() => {});
  // Stripe's first delivery of each event finds the database away (its next try would be minutes later)
  for (const session of paidSessions) {
    const answer = await deliverToNode(stripe, stripeWebhook(session));
    expect(answer?.status).toBe(503);
  }
  await pause(OUTAGE_MS - (Date.now() - stoppedAt));
  for (const s of shops) expect(alive(s.node)).toBe(true);
  await postgres.start();
  const returnedAt = Date.now();

  // every payment, as its payer sees it, until each is paid
  const seen = new Map<string, PaymentSeen>();
  const waiting = () =>
    shops.flatMap((s) => s.bought.map((b) => ({ s, b })).filter(({ b }) => !s.appliedAfter.has(b.paymentId)));
  while (waiting().length > 0 && Date.now() - returnedAt < WATCH_MS) {
    await Promise.all(
      waiting().map(async ({ s, b }) => {
        const payment = await paymentOf(s, b.paymentId);
        if (!payment) return;
        seen.set(b.paymentId, payment);
        if (payment.status === 'succeeded') s.appliedAfter.set(b.paymentId, Date.now() - returnedAt);
      }),
    );
    if (waiting().length > 0) await pause(100);
  }
  for (const s of shops) {
    s.bookedBeforeStop = s.bought.filter((b) => {
      const at = seen.get(b.paymentId)?.succeededAt;
      return at && new Date(at).getTime() <= stoppedAt;
    }).length;
    const times = [...s.appliedAfter.values()].sort((a, b) => a - b);
    process.stdout.write(
      `payments after a PostgreSQL restart (${s.gateway}): ${PAYMENTS} charged, ` +
        `${PAYMENTS - s.bookedBeforeStop} not yet applied when it stopped for ${OUTAGE_MS / 1000} s; ` +
        (times.length === PAYMENTS
          ? `all applied ${times.at(-1)} ms after it returned`
          : `${times.length} applied within ${WATCH_MS / 1000} s of its return`) +
        ` (each: ${times.join(', ')} ms; load average ${load()})\n`,
    );
  }
  for (const s of shops) {
    expect(s.appliedAfter.size, s.gateway).toBe(PAYMENTS);
    // the outage caught them unapplied, or this shows nothing
    expect(s.bookedBeforeStop, s.gateway).toBe(0);
    expect(Math.max(...s.appliedAfter.values()), s.gateway).toBeLessThanOrEqual(APPLIED_WITHIN_MS);
  }

  // the webhook jobs held through the outage (and chaos's second deliveries) run to their end, and
  // Stripe's retries come: applying an event after its payment was booked books nothing twice
  for (const session of paidSessions) {
    const answer = await deliverToNode(stripe, stripeWebhook(session));
    expect(answer?.status).toBe(200);
  }
  const db = new pg.Client({ connectionString: sandbox.databaseUrl });
  await db.connect();
  const deliveries = async () =>
    Number(
      (
        await db.query(
          `SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry', 'active')`,
          [WEBHOOK_QUEUE],
        )
      ).rows[0].n,
    );
  const settleDeadline = Date.now() + 45_000;
  while ((await deliveries()) > 0 && Date.now() < settleDeadline) await pause(250);
  expect(await deliveries()).toBe(0);
  await db.end();
  for (const s of shops) await checkBooks(s);
  for (const s of shops) expect(alive(s.node)).toBe(true);
});
