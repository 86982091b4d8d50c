import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { generateTorus, writeStlBinary } from '@facet/domain/mesh';
import type { ChatMessage } from '@facet/domain/chat';
import { buildApp, type BuiltApp } from '../app';
import { loginAs, sessionCookie, testConfig } from '../test/test-app';
import { WORLD_PASSWORD } from '../test/world';
import { startFakeAi, solidPng, type FakeAi } from '../test/fake-openai';
import { signInAtProvider, startTestProvider, type TestProvider } from '../test/test-oidc-provider';
import { paymentsTestKit } from '../modules/payments/payments-test-kit';
import { payments } from '../modules/payments/payments.tables';
import { signPayload } from '../platform/payments/sandbox-gateway';
import { uploadModel } from '../modules/models/models.test-helper';
import { checkoutBody } from '../modules/cart/cart-test-kit';
import { walkDraft } from '../modules/design/design-test-kit';
import { chatClient, connected, multipart, sent, type ClientSocket } from '../modules/chat/chat-test-kit';
import { customerSignup, designerSignup } from '../modules/accounts/test-payloads';

/**
 * Backup and restore on PostgreSQL, as docs/operations.md ("Backup and restore") tells an operator to do it:
 * a database with a row in every table of our schema (the demo with its money, then every flow the demo
 * leaves out, through the API), the app stopped, `pg_dump -Fc`, `createdb`, `pg_restore` into the new
 * database, and a new app on it that serves what was there. PostgreSQL only: the embedded database is backed
 * up by copying DATA_DIR with the server stopped.
 */

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.warn(
    'backup and restore test skipped: it needs DATABASE_URL and pg_dump/pg_restore (CI sets it in its second pass)',
  );
}

const run = promisify(execFile);

/**
 * Tables of our schema (`public`) this test leaves empty, each with why; every other one must have a row, so a
 * table added later fails here until the test fills it. None today. pg-boss's tables (`pgboss.*`: a partition
 * per queue, most without a job at the moment of the dump) and drizzle's migration record are compared
 * before and after but need no row.
 */
const LEFT_EMPTY: Record<string, string> = {};

const PUBLIC_URL = 'http://localhost:3000';
const CLIENT = { clientId: 'facet-customers', clientSecret: 'customer-secret-0123456789abcdef' };

/** A database URL on the same server as DATABASE_URL. */
function urlOf(name: string) {
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer<T>(fn: (client: pg.Client) => Promise<T>, url = serverUrl!): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const dropDatabase = (name: string) =>
  onServer((c) => c.query(`drop database if exists ${name} with (force)`));

interface TableState {
  rows: number;
  /** md5 of every row as text, in text order: equal contents, not only equal counts. */
  digest: string;
}

/** Every table of the database (ours, pg-boss's and drizzle's migration record) with its rows' digest. */
async function tableStates(url: string): Promise<Map<string, TableState>> {
  return onServer(async (c) => {
    const tables = (
      await c.query<{ name: string }>(
        `select format('%I.%I', schemaname, tablename) as name from pg_tables
          where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
      )
    ).rows.map((r) => r.name);
    const states = new Map<string, TableState>();
    for (const table of tables) {
      const { rows } = await c.query<{ rows: number; digest: string }>(
        `select count(*)::int as rows, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as digest
           from ${table} t`,
      );
      states.set(table, rows[0]!);
    }
    return states;
  }, url);
}

/** The major version of a PostgreSQL client tool (`pg_dump (PostgreSQL) 15.20 …` → 15). */
async function toolMajor(tool: string) {
  const { stdout } = await run(tool, ['--version']).catch((error: Error) => {
    throw new Error(
      `${tool} is needed on PATH for this test (apt-get install postgresql-client): ${error.message}`,
    );
  });
  return Number(/\b(\d+)(\.\d+)?/.exec(stdout)?.[1]);
}

/** An app on an existing database, configured as the test apps are (test/test-app.ts), without the demo. */
const appOn = (databaseUrl: string): Promise<BuiltApp> =>
  buildApp(testConfig({ databaseUrl, seedDemo: false }));

describe.skipIf(!serverUrl)(
  'a pg_dump of a database with every kind of row, restored into a fresh database',
  () => {
    let provider: TestProvider;
    let ai: FakeAi;
    let k: Awaited<ReturnType<typeof paymentsTestKit>>;
    let sourceName = '';
    let sourceOpen = false;
    const restoredName = `facet_restored_${randomBytes(6).toString('hex')}`;
    const scratch = mkdtempSync(join(tmpdir(), 'facet-backup-'));
    const dumpFile = join(scratch, 'facet.dump');
    const sockets: ClientSocket[] = [];
    let restored: BuiltApp | null = null;

    /** What the source app served before the backup, to compare with the restored app's answers. */
    const before = {
      projectId: '',
      roomId: '',
      orderId: '',
      customerProjects: { total: 0, titles: [] as string[] },
      history: [] as ChatMessage[],
      trialBalance: { accounts: [] as { name: string; balanceCents: number }[], totalCents: NaN },
      tables: new Map<string, TableState>(),
    };

    beforeAll(async () => {
      provider = await startTestProvider({
        clients: [
          {
            ...CLIENT,
            redirectUris: [`${PUBLIC_URL}/api/identity/callback/customer`],
            postLogoutRedirectUris: [`${PUBLIC_URL}/`],
          },
        ],
      });
      ai = await startFakeAi();
      k = await paymentsTestKit({
        publicUrl: PUBLIC_URL,
        // the demo with its money fills the tables of its past (ratings, orders, payouts) as `npm start` does
        seedDemo: true,
        seedDemoMoney: true,
        ai: {
          baseUrl: ai.url,
          apiKey: 'sk-test-key',
          imageModel: 'fake-image',
          textModel: 'fake-text',
          timeoutMs: 5000,
          maxRetries: 1,
        },
        identity: {
          customer: { issuer: provider.issuer, ...CLIENT, name: 'Acme ID' },
          professional: null,
          timeoutMs: 10_000,
          retries: 3,
          leewaySeconds: 60,
          tokenKey: 'a-test-key-for-provider-tokens-0123456789',
        },
      });
      sourceOpen = true;
      sourceName = new URL(k.t.ctx.config.databaseUrl!).pathname.slice(1);
    }, 180_000);

    afterAll(async () => {
      for (const s of sockets) s.disconnect();
      await restored?.app.close();
      // the kit's close stops the app and drops its database; once the app was stopped for the dump, only the drop
      if (sourceOpen) await k?.t.close();
      else if (sourceName) await dropDatabase(sourceName);
      await dropDatabase(restoredName);
      await ai?.close();
      await provider?.close();
      rmSync(scratch, { recursive: true, force: true });
    }, 60_000);

    test('every table of our schema has a row: the demo with its money, then the flows it leaves out', async () => {
      const { t, call } = k;
      const ok = (r: { statusCode: number; body: string }, status: number, what: string) =>
        expect(r.statusCode, `${what}: ${r.body}`).toBe(status);

      // sign-in refused once (auth_throttle), the customer's mail preferences
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: k.people.designer2.email, password: 'not-the-password', portal: 'designer' },
      });
      ok(wrong, 401, 'a wrong password');
      ok(
        await call('customer', 'PUT', '/api/me/notification-preferences', {
          preferences: [{ type: 'designer-invite-accept', mail: false }],
        }),
        200,
        'mail preferences',
      );

      // a designer signs up with a portfolio image; staff approve them (status event, audit log)
      const boundary = '----facetbackup';
      const png = solidPng(8, [200, 180, 40]);
      const form = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify({
            ...designerSignup('backup-designer@example.com'),
            portfolioLink: '',
          })}\r\n--${boundary}\r\nContent-Disposition: form-data; name="portfolioImages"; filename="ring.png"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const pro = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: form,
      });
      ok(pro, 201, 'designer sign-up with a portfolio');
      ok(
        await call('staff', 'PATCH', `/api/staff/accounts/${pro.json().user.id}`, {
          status: 'active',
          reason: 'Portfolio checked.',
        }),
        200,
        'approval',
      );

      // staff: a spot price, a catalog change, a discount code, the pros' share
      ok(
        await call('staff', 'POST', '/api/staff/metal-prices', { metal: 'silver', priceCents: 95 }),
        201,
        'spot price',
      );
      ok(
        await call('staff', 'PATCH', '/api/staff/catalog/polishes/1', { basePrice: 0.5 }),
        200,
        'catalog change',
      );
      ok(
        await call('staff', 'POST', '/api/staff/discount-codes', {
          code: 'BACKUP10',
          percentOff: 10,
          appliesTo: 'both',
        }),
        201,
        'discount code',
      );
      ok(
        await call('staff', 'PUT', '/api/staff/settings/earned-percentage', { percentage: 80 }),
        200,
        'earned percentage',
      );

      // a project paid into escrow through the sandbox; a lead-time change; a delivery; a change request
      const projectId = await k.projectAtPayment('Backup ring', 48_000);
      before.projectId = projectId;
      const opened = await k.checkout(`/api/projects/${projectId}/payment`, 'backup-pay-0001');
      ok(opened, 200, 'project checkout');
      ok(await k.pay(opened.json().checkoutUrl, '4242 4242 4242 4242'), 303, 'project payment');
      await t.ctx.jobs.drain();
      expect(await k.status(projectId)).toBe('In Design');
      ok(
        await call('designer', 'PUT', `/api/projects/${projectId}/lead-time`, {
          leadTimeDays: 12,
          reason: 'The stone supplier ships a week later than planned.',
        }),
        200,
        'lead-time change',
      );
      await k.deliver(projectId);
      ok(
        await call('customer', 'POST', `/api/projects/${projectId}/change-requests`, {
          changes: ['Thicker band'],
        }),
        201,
        'change request',
      );

      // chat over socket.io: a message with a file, a plain one, and the designer's read receipt
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const rooms = (await call('customer', 'GET', `/api/projects/${projectId}/rooms`)).json().rooms as {
        id: string;
        proId: string;
      }[];
      const room = rooms.find((r) => r.proId === k.ids.designer)!.id;
      before.roomId = room;
      const [customerSocket, designerSocket] = [
        chatClient(address, k.c.customer!),
        chatClient(address, k.c.designer!),
      ];
      sockets.push(customerSocket, designerSocket);
      await Promise.all(sockets.map(connected));
      await customerSocket
        .timeout(5000)
        .emitWithAck('join', { chatRoom: room, id: k.ids.customer!, type: 'user' });
      await designerSocket
        .timeout(5000)
        .emitWithAck('join', { chatRoom: room, id: k.ids.designer!, type: 'designer' });
      const upload = multipart('sketch.png', png);
      const attached = await t.app.inject({
        method: 'POST',
        url: `/api/rooms/${encodeURIComponent(room)}/attachments`,
        headers: { cookie: k.c.customer!, ...upload.headers },
        payload: upload.payload,
      });
      ok(attached, 201, 'chat attachment');
      const attachment = attached.json().attachment as { id: string };
      const withFile = sent(
        await customerSocket.timeout(5000).emitWithAck('sendMessage', {
          clientId: 'backup-file-1',
          chatRoom: room,
          projectId,
          message: 'My sketch of the band',
          attachment: { id: attachment.id, name: 'sketch.png', sizeBytes: png.byteLength },
        }),
      );
      const plain = sent(
        await customerSocket.timeout(5000).emitWithAck('sendMessage', {
          clientId: 'backup-text-1',
          chatRoom: room,
          projectId,
          message: 'Backup check: the band is 2 mm wide.',
        }),
      );
      await designerSocket.timeout(5000).emitWithAck('messageRead', {
        chatRoom: room,
        messages: [withFile.id, plain.id],
        allMessages: false,
      });

      // the demo designer's payout account (sandbox onboarding); the demo's released earnings are paid out
      k.c.demoDesigner = await loginAs(t.app, 'designer@demo.facet', 'designer');
      const started = await call('demoDesigner', 'POST', '/api/me/payout-account');
      ok(started, 200, 'payout account');
      const onboarding = new URL(started.json().onboardingUrl);
      ok(
        await t.app.inject({
          method: 'POST',
          url: `${onboarding.pathname}${onboarding.search}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'holder=Ava&routing=110000000&account=000123456789',
        }),
        303,
        'payout onboarding',
      );
      await t.ctx.jobs.drain();
      expect(await t.ctx.payments.runPayouts()).toBeGreaterThan(0);

      // a model, a kept quote, the cart, a checkout paid, a shipment
      const ring = writeStlBinary(generateTorus(9.5, 1, [0, 0, 0], 96, 32));
      const model = (await uploadModel(t.app, k.c.customer!, 'ring.stl', ring)).model;
      const silverId = (await t.ctx.catalog.getCatalog()).defaults.materialId!;
      ok(
        await call('customer', 'POST', '/api/pricing', {
          modelId: model.id,
          materialId: silverId,
          quantity: 1,
        }),
        200,
        'a quote',
      );
      ok(await call('customer', 'POST', '/api/cart/items', { modelId: model.id, quantity: 1 }), 201, 'cart');
      const placed = await call('customer', 'POST', '/api/checkout', checkoutBody(), {
        'idempotency-key': 'backup-checkout-1',
      });
      ok(placed, 200, 'checkout');
      before.orderId = placed.json().orderId;
      ok(await k.pay(placed.json().checkoutUrl, '4242424242424242'), 303, 'order payment');
      await t.ctx.jobs.drain();
      ok(
        await call('staff', 'POST', `/api/staff/orders/${before.orderId}/shipment`, {
          carrier: 'UPS',
          trackingNumber: '1Z999AA10123456784',
        }),
        200,
        'shipment',
      );
      // the paid lines left the cart; one more waits in it
      ok(
        await call('customer', 'POST', '/api/cart/items', { modelId: model.id, quantity: 2 }),
        201,
        'cart, again',
      );

      // the other customer buys a membership (a saved card, a purchase, credits)
      const plan = await call(
        'other',
        'POST',
        '/api/me/membership',
        { plan: 'Pro' },
        {
          'idempotency-key': 'backup-plan-1',
        },
      );
      ok(plan, 200, 'membership');
      ok(await k.pay(plan.json().checkoutUrl, '4242424242424242'), 303, 'membership payment');
      await t.ctx.jobs.drain();

      // the design wizard: a draft with an inspiration image, a generation paid with credits
      await walkDraft(call, silverId);
      const image = multipart('idea.png', png, 'image');
      ok(
        await t.app.inject({
          method: 'POST',
          url: '/api/design/draft/images',
          headers: { cookie: k.c.customer!, ...image.headers },
          payload: image.payload,
        }),
        201,
        'inspiration image',
      );
      ok(
        await call('customer', 'POST', '/api/design/generate', undefined, {
          'idempotency-key': 'backup-design-1',
        }),
        201,
        'design generation',
      );

      // a customer signs up through the identity provider (a link, a provider session); another sign-in is
      // started and left at the provider (a flow)
      provider.identities.set('backup-customer', {
        sub: 'backup-customer',
        email: 'backup.federated@example.test',
        name: 'Bea Federated',
      });
      const start = await t.app.inject({ method: 'GET', url: '/api/identity/login/customer' });
      ok(start, 302, 'identity login');
      const flowCookie = start.cookies.find((c) => c.name === 'facet_identity')!;
      const flow = `facet_identity=${flowCookie.value}`;
      const back = await signInAtProvider(
        String(start.headers.location),
        'backup-customer',
        `${PUBLIC_URL}/api/identity/callback/customer`,
      );
      ok(
        await t.app.inject({ method: 'GET', url: back.pathname + back.search, headers: { cookie: flow } }),
        302,
        'identity callback',
      );
      const { email: _e, password: _p, role: _r, ...rest } = customerSignup('ignored@example.test');
      const federated = await t.app.inject({
        method: 'POST',
        url: '/api/identity/signup',
        headers: { cookie: flow },
        payload: rest,
      });
      ok(federated, 201, 'identity sign-up');
      expect(sessionCookie(federated)).toMatch(/^facet_session=/);
      ok(await t.app.inject({ method: 'GET', url: '/api/identity/login/customer' }), 302, 'a pending flow');

      // last, as the sandbox stops delivering: a webhook event that failed to apply, then retried by staff
      k.sandbox.setDeliverer(null);
      const failing = await k.projectAtPayment('Webhook retry ring', 30_000, 'designer2');
      const second = await k.checkout(`/api/projects/${failing}/payment`, 'backup-webhook-1');
      ok(second, 200, 'second project checkout');
      const paymentId = second.json().paymentId as string;
      await t.ctx.db
        .update(payments)
        .set({ amountCents: sql`${payments.amountCents} + 1` })
        .where(eq(payments.id, paymentId));
      expect((await k.pay(second.json().checkoutUrl, '4242 4242 4242 4242')).statusCode).toBeLessThan(400);
      const bodies = await Promise.all((await k.sandbox.eventIds()).map((id) => k.sandbox.eventBody(id)));
      const success = bodies.filter((b) => b!.includes('checkout.session.completed')).at(-1)!;
      const eventId = (JSON.parse(success) as { id: string }).id;
      const webhook = await t.app.inject({
        method: 'POST',
        url: '/api/webhooks/payments',
        headers: {
          'content-type': 'application/json',
          'facet-signature': signPayload(success, k.sandbox.secret),
        },
        payload: success,
      });
      // refused (its amount is not the payment's): recorded as a failed event for staff, answered 200 so the
      // gateway stops sending it
      ok(webhook, 200, 'a webhook event that fails to apply');
      expect(webhook.json()).toEqual({ received: true, applied: false });
      await t.ctx.db.update(payments).set({ amountCents: 30_000 }).where(eq(payments.id, paymentId));
      ok(await call('staff', 'POST', `/api/staff/webhook-events/${eventId}/retry`), 200, 'webhook retry');
      // no drain after this: the sandbox's own delivery job of that event now waits for a deliverer, retried

      const states = await tableStates(t.ctx.config.databaseUrl!);
      const empty = [...states]
        .filter(([name, state]) => name.startsWith('public.') && state.rows === 0)
        .map(([name]) => name.slice('public.'.length));
      expect(
        empty,
        'tables of our schema without a row: fill them above, or list them in LEFT_EMPTY with why',
      ).toEqual(Object.keys(LEFT_EMPTY).sort());
    }, 300_000);

    test('the app stopped, pg_dump -Fc, createdb, pg_restore: every table holds the same rows', async () => {
      const { t, call } = k;
      // what the restored app must serve
      const projects = (await call('customer', 'GET', '/api/projects?pageSize=100')).json();
      before.customerProjects = {
        total: projects.total,
        titles: (projects.projects as { title: string }[]).map((p) => p.title).sort(),
      };
      expect(before.customerProjects.titles).toContain('Backup ring');
      before.history = (
        await call('customer', 'GET', `/api/rooms/${encodeURIComponent(before.roomId)}/messages?limit=200`)
      ).json().messages;
      expect(before.history.map((m) => m.message)).toContain('Backup check: the band is 2 mm wide.');
      before.trialBalance = (await call('staff', 'GET', '/api/staff/ledger/trial-balance')).json();
      expect(before.trialBalance.accounts.length).toBeGreaterThan(0);
      expect(before.trialBalance.totalCents).toBe(0);

      // the server stopped (docs: stop the nodes, or dump a running one: pg_dump reads one snapshot); the
      // rows then stay as they are while they are counted and dumped
      for (const s of sockets.splice(0)) s.disconnect();
      await t.app.close();
      sourceOpen = false;
      const sourceUrl = urlOf(sourceName);
      before.tables = await tableStates(sourceUrl);

      const serverMajor = await onServer(
        async (c) =>
          (
            await c.query<{ major: number }>(
              `select current_setting('server_version_num')::int / 10000 as major`,
            )
          ).rows[0]!.major,
      );
      for (const tool of ['pg_dump', 'pg_restore', 'createdb']) {
        expect(
          await toolMajor(tool),
          `${tool} must be at least the server's major version`,
        ).toBeGreaterThanOrEqual(serverMajor);
      }
      await run('pg_dump', ['--format=custom', `--file=${dumpFile}`, `--dbname=${sourceUrl}`]);
      await run('createdb', [`--maintenance-db=${serverUrl}`, restoredName]);
      await run('pg_restore', ['--exit-on-error', '--no-owner', `--dbname=${urlOf(restoredName)}`, dumpFile]);

      const after = await tableStates(urlOf(restoredName));
      expect([...after.keys()]).toEqual([...before.tables.keys()]);
      const differing = [...before.tables].filter(([name, state]) => {
        const other = after.get(name);
        return other?.rows !== state.rows || other.digest !== state.digest;
      });
      expect(
        differing.map(([name]) => name),
        'tables whose rows differ after the restore',
      ).toEqual([]);
      expect(before.tables.get('public.chat_messages')!.rows).toBeGreaterThan(2);
      expect(before.tables.get('pgboss.job')!.rows).toBeGreaterThan(0);
    }, 120_000);

    test('a new app on the restored database serves it: sign-in, projects, chat history, orders, the ledger', async () => {
      restored = await appOn(urlOf(restoredName));
      const { app } = restored;
      const customer = await loginAs(app, k.people.customer.email, 'customer', WORLD_PASSWORD);
      const staff = await loginAs(app, k.people.staff.email, 'staff', WORLD_PASSWORD);
      const get = (cookie: string, url: string) => app.inject({ method: 'GET', url, headers: { cookie } });

      const projects = (await get(customer, '/api/projects?pageSize=100')).json();
      expect(projects.total).toBe(before.customerProjects.total);
      expect((projects.projects as { title: string }[]).map((p) => p.title).sort()).toEqual(
        before.customerProjects.titles,
      );
      const project = await get(customer, `/api/projects/${before.projectId}`);
      expect(project.statusCode, project.body).toBe(200);
      expect(project.json().project.title).toBe('Backup ring');

      const history = await get(
        customer,
        `/api/rooms/${encodeURIComponent(before.roomId)}/messages?limit=200`,
      );
      expect(history.statusCode, history.body).toBe(200);
      expect(history.json().messages).toEqual(before.history);

      const orders = (await get(customer, '/api/orders')).json();
      expect((orders.orders as { id: string }[]).map((o) => o.id)).toContain(before.orderId);

      const trial = await get(staff, '/api/staff/ledger/trial-balance');
      expect(trial.statusCode, trial.body).toBe(200);
      expect(trial.json()).toEqual(before.trialBalance);
      expect(trial.json().totalCents).toBe(0);

      // the restored database takes new rows (its sequences came along)
      const created = await app.inject({
        method: 'POST',
        url: '/api/projects',
        headers: { cookie: customer },
        payload: {
          title: 'After the restore',
          items: [{ title: 'Band', category: 'Rings', itemType: 'Ring', dimensions: [{ width: '20' }] }],
        },
      });
      expect(created.statusCode, created.body).toBe(201);
    }, 120_000);
  },
);
