import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accountMessages } from '@facet/domain/rules';
import { buildApp, type BuiltApp } from '../app';
import { loadConfig } from '../config';
import { DEMO_PASSWORD } from '../demo/seed-demo';
import { freshDatabase } from '../test/fresh-database';
import { runCli } from './main';

/**
 * The operator's command against a real database: PGlite in a folder of its own, or a fresh PostgreSQL
 * database when DATABASE_URL is set (as the other server tests choose). The app built on the same data
 * afterwards is how a test sees what a command did.
 */

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'facet-cli-'));
let database: Awaited<ReturnType<typeof freshDatabase>> | null = null;

beforeAll(async () => {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return;
  database = await freshDatabase(serverUrl, 'facet_cli');
});

afterAll(async () => {
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The environment an operator's shell would have: the server's settings, nothing else. */
const cliEnv = () => ({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  SEED_DEMO_MONEY: 'false',
  ...(database ? { DATABASE_URL: database.url } : {}),
});

function sink() {
  let text = '';
  return {
    stream: new Writable({
      write(chunk: Buffer, _encoding, done) {
        text += chunk.toString();
        done();
      },
    }),
    text: () => text,
  };
}

/** Runs the command in this process; `input` is its standard input (not a terminal). */
async function facet(argv: string[], input = '') {
  const out = sink();
  const err = sink();
  const code = await runCli(argv, {
    stdin: Readable.from(input ? [Buffer.from(input)] : []),
    stdout: out.stream,
    stderr: err.stream,
    env: cliEnv(),
  });
  return { code, stdout: out.text(), stderr: err.text() };
}

/** Runs `npm run facet -- …` as a process of its own, `input` piped to its standard input. */
function facetProcess(argv: string[], input: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/cli/main.ts', ...argv], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...cliEnv() },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdin.end(input);
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('close', (code) => resolve({ code, stdout, stderr })),
  );
}

/** The server's app on the same data (no workers: a test drives what happens). */
async function withApp<T>(fn: (built: BuiltApp) => Promise<T>): Promise<T> {
  const config = {
    ...loadConfig({ ...cliEnv(), SEED_DEMO: 'false' }),
    runWorkers: false,
    loginRateLimit: 1000,
    signupRateLimit: 1000,
  };
  const built = await buildApp(config);
  try {
    return await fn(built);
  } finally {
    await built.app.close();
  }
}

async function login(built: BuiltApp, email: string, password: string, portal = 'staff') {
  const response = await built.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password, portal },
  });
  return response;
}

const PASSWORD = 'Gold-ring-42';

describe('usage', () => {
  test('--help lists every command; each command has its own --help', async () => {
    const help = await facet(['--help']);
    expect(help.code).toBe(0);
    for (const command of [
      'migrate',
      'staff create',
      'account set-status',
      'payments reconcile',
      'seed-demo',
    ])
      expect(help.stdout).toContain(`  ${command}`);
    const staffHelp = await facet(['staff', 'create', '--help']);
    expect(staffHelp.code).toBe(0);
    expect(staffHelp.stdout).toMatch(/^Usage: npm run facet -- staff create --email E --name "First Last"/);
    expect(staffHelp.stdout).toContain('--password-stdin');
  });

  test('an unknown command, an unknown flag, a missing or a wrong value: the usage and status 2', async () => {
    const unknown = await facet(['staff', 'delete']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^Unknown command: staff delete\n\nUsage: npm run facet -- <command>/);
    expect((await facet([])).code).toBe(2);
    const flag = await facet(['migrate', '--force']);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toMatch(/^Unknown option '--force'/);
    expect(flag.stderr).toContain('Usage: npm run facet -- migrate');
    // a password is never an argument
    const password = await facet([
      'staff',
      'create',
      '--email',
      'x@y.co',
      '--name',
      'X Y',
      '--password',
      'p',
    ]);
    expect(password.code).toBe(2);
    const missing = await facet(['account', 'set-status', '--email', 'x@y.co', '--status', 'hold']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^--reason is required\n/);
    const status = await facet([
      'account',
      'set-status',
      '--email',
      'x@y.co',
      '--status',
      'gone',
      '--reason',
      'r',
    ]);
    expect(status.code).toBe(2);
    expect(status.stderr).toMatch(/^--status must be one of active, hold, deactivated \(not gone\)/);
    // no terminal to ask the password on, and no --password-stdin
    const noTerminal = await facet(['staff', 'create', '--email', 'x@y.co', '--name', 'X Y']);
    expect(noTerminal.code).toBe(2);
    expect(noTerminal.stderr).toMatch(
      /^no terminal to ask the password on: pipe it in with --password-stdin/,
    );
  });
});

describe.sequential('on a database', () => {
  test('a command refuses a database without migrations; migrate applies them, once', async () => {
    const early = await facet(
      ['staff', 'create', '--email', 'a@b.co', '--name', 'A B', '--password-stdin'],
      PASSWORD,
    );
    expect(early.code).toBe(1);
    expect(early.stderr).toMatch(
      /^The database lacks \d+ migrations of this version: run `npm run facet -- migrate` first\.\n$/,
    );
    const first = await facet(['migrate']);
    expect(first).toMatchObject({ code: 0, stderr: '' });
    expect(first.stdout).toMatch(/^Applied \d+ migrations; the database is up to date\.\n$/);
    expect(await facet(['migrate'])).toMatchObject({
      code: 0,
      stdout: 'The database is up to date: no migration to apply.\n',
    });
  }, 60_000);

  test('seed-demo fills an empty database, and refuses one with accounts', async () => {
    const seeded = await facet(['seed-demo']);
    expect(seeded.stderr).toBe('');
    expect(seeded.code).toBe(0);
    expect(seeded.stdout).toContain(`sign in with the password ${DEMO_PASSWORD}`);
    expect(seeded.stdout).toMatch(/ {2}staff {5}staff@demo\.facet\n/);
    const again = await facet(['seed-demo']);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(
      /^The database has \d+ accounts already; seed-demo only fills an empty one\.\n$/,
    );
    await withApp(async (built) => {
      expect((await login(built, 'staff@demo.facet', DEMO_PASSWORD)).statusCode).toBe(200);
      expect((await login(built, 'customer@demo.facet', DEMO_PASSWORD, 'customer')).statusCode).toBe(200);
    });
  }, 120_000);

  test('staff create: signs in at the staff login at once; a taken email or a weak password changes nothing', async () => {
    const made = await facet(
      [
        'staff',
        'create',
        '--email',
        'Ada.Lovelace@Facet.Studio',
        '--name',
        'Ada  Lovelace',
        '--password-stdin',
      ],
      `${PASSWORD}\n`,
    );
    expect(made).toEqual({
      code: 0,
      stdout:
        'Staff account made for Ada Lovelace <ada.lovelace@facet.studio>; it signs in at http://localhost:3000/login-staff.\n',
      stderr: '',
    });
    expect(made.stdout).not.toContain(PASSWORD);

    const taken = await facet(
      [
        'staff',
        'create',
        '--email',
        'ada.lovelace@facet.studio',
        '--name',
        'Someone Else',
        '--password-stdin',
      ],
      'Other-pass-99\n',
    );
    expect(taken).toEqual({
      code: 1,
      stdout: '',
      stderr: 'An account with this email already exists. Nothing was changed.\n',
    });
    const weak = await facet(
      ['staff', 'create', '--email', 'weak@facet.studio', '--name', 'Weak Pass', '--password-stdin'],
      'goldring\n',
    );
    expect(weak.code).toBe(1);
    // the sign-up's own rule and words
    expect(weak.stderr).toBe(`${accountMessages.passwordNeedsUppercase}. Nothing was changed.\n`);

    // a process of its own, the password piped in
    const piped = await facetProcess(
      ['staff', 'create', '--email', 'grace@facet.studio', '--name', 'Grace Hopper', '--password-stdin'],
      'Cobol-1959!\n',
    );
    expect(piped.stderr).toBe('');
    expect(piped.code).toBe(0);
    expect(piped.stdout).toMatch(/^Staff account made for Grace Hopper <grace@facet\.studio>/);
    expect(piped.stdout).not.toContain('Cobol-1959!');

    await withApp(async (built) => {
      const signedIn = await login(built, 'ada.lovelace@facet.studio', PASSWORD);
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect(signedIn.json().user).toMatchObject({
        role: 'staff',
        status: 'active',
        fullName: 'Ada Lovelace',
      });
      // the refused attempt changed neither the password nor the name
      expect((await login(built, 'ada.lovelace@facet.studio', 'Other-pass-99')).statusCode).toBe(401);
      expect((await login(built, 'weak@facet.studio', 'goldring')).statusCode).toBe(401);
      expect((await login(built, 'grace@facet.studio', 'Cobol-1959!')).statusCode).toBe(200);
      // the staff login only: the customer page refuses a staff account
      expect((await login(built, 'grace@facet.studio', 'Cobol-1959!', 'customer')).json().error.code).toBe(
        'wrong_portal',
      );

      // the embedded database is open in this process (the server): another process is refused
      if (!database) {
        const locked = await facetProcess(['migrate'], '');
        expect(locked.code).toBe(1);
        expect(locked.stderr).toBe(
          `The embedded database in ${join(dataDir, 'db')} is in use by process ${process.pid} (the server, or another facet command); stop it first (if no Facet process is running, remove ${join(dataDir, 'db', 'facet.lock')}).\n`,
        );
      }
    });
  }, 120_000);

  test('account set-status: the console’s decision, mailed and audited with the operator as actor', async () => {
    const held = await facet([
      'account',
      'set-status',
      '--email',
      'designer@demo.facet',
      '--status',
      'hold',
      '--reason',
      'Portfolio images need checking',
    ]);
    expect(held).toEqual({
      code: 0,
      stdout: 'designer@demo.facet: active -> hold; the person is mailed and the change audited.\n',
      stderr: '',
    });
    const staff = await facet([
      'account',
      'set-status',
      '--email',
      'staff@demo.facet',
      '--status',
      'hold',
      '--reason',
      'r',
    ]);
    expect(staff).toMatchObject({
      code: 1,
      stderr: 'Staff accounts cannot be changed here. Nothing was changed.\n',
    });
    const nobody = await facet([
      'account',
      'set-status',
      '--email',
      'nobody@x.co',
      '--status',
      'hold',
      '--reason',
      'r',
    ]);
    expect(nobody).toMatchObject({
      code: 1,
      stderr: 'No account has the email nobody@x.co; nothing was changed.\n',
    });

    await withApp(async (built) => {
      const { ctx } = built;
      const designer = (await ctx.accounts.queries.findByEmail('designer@demo.facet'))!;
      expect(designer.status).toBe('hold');
      const staffAccount = (await ctx.accounts.queries.findByEmail('staff@demo.facet'))!;
      expect(staffAccount.status).toBe('active');
      const { entries } = await ctx.ops.audit({ page: 1, pageSize: 50 });
      expect(entries.filter((e) => e.subjectId === designer.id)).toEqual([
        expect.objectContaining({
          actorId: null,
          actorName: 'Operator (command line)',
          action: "Account decision (operator's command)",
          method: 'CLI',
          route: 'facet account set-status',
          reason: 'Portfolio images need checking',
          detail: expect.objectContaining({ status: 'hold', operator: expect.any(String) }),
        }),
      ]);
      // a refused change is not audited
      expect(entries.filter((e) => e.subjectId === staffAccount.id)).toEqual([]);
      // a pro on hold signs in to a blocked account
      const signIn = await login(built, 'designer@demo.facet', DEMO_PASSWORD, 'designer');
      expect(signIn.json().user).toMatchObject({ status: 'hold', blocked: true });
    });
    // the person is mailed: the job waits in the queue for the server's workers
    await withApp(async (built) => {
      const mails = await built.ctx.database.sql.executeSql(
        "select data from pgboss.job where name = 'mail' and data->>'event' = 'account-status'",
      );
      expect(mails.rows).toEqual([
        {
          data: expect.objectContaining({
            to: 'designer@demo.facet',
            data: expect.objectContaining({ status: 'hold' }),
          }),
        },
      ]);
    });
  }, 120_000);

  test('payments reconcile books a paid checkout the ledger missed, and says so in one line', async () => {
    // a customer pays at the sandbox; the webhook never comes (no workers run the delivery)
    const projectId = await withApp(async (built) => {
      const { app } = built;
      const cookie = async (email: string, portal: string) => {
        const r = await login(built, email, DEMO_PASSWORD, portal);
        expect(r.statusCode, r.body).toBe(200);
        return r.cookies.find((c) => c.name === 'facet_session')!.value;
      };
      const customer = { cookie: `facet_session=${await cookie('customer@demo.facet', 'customer')}` };
      const pro = { cookie: `facet_session=${await cookie('designer3@demo.facet', 'designer')}` };
      const proId = (await app.inject({ method: 'GET', url: '/api/me', headers: pro })).json().user.id;
      const created = await app.inject({
        method: 'POST',
        url: '/api/projects',
        headers: customer,
        payload: {
          title: 'Reconciled ring',
          items: [{ title: 'Ring', category: 'Rings', itemType: 'Ring', dimensions: [{ width: '20' }] }],
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().project.id as string;
      const invited = await app.inject({
        method: 'POST',
        url: `/api/projects/${id}/invitations`,
        headers: customer,
        payload: { proId },
      });
      const offerId = invited.json().offer.id as string;
      const offered = await app.inject({
        method: 'POST',
        url: `/api/invitations/${offerId}/offer`,
        headers: pro,
        payload: { priceCents: 30_000, leadTimeDays: 7 },
      });
      expect(offered.statusCode, offered.body).toBe(200);
      const accepted = await app.inject({
        method: 'POST',
        url: `/api/invitations/${offerId}/accept`,
        headers: customer,
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      const payment = await app.inject({
        method: 'POST',
        url: `/api/projects/${id}/payment`,
        headers: { ...customer, 'idempotency-key': `cli-test-${id}` },
      });
      expect(payment.statusCode, payment.body).toBe(200);
      const paid = await app.inject({
        method: 'POST',
        url: `${new URL(payment.json().checkoutUrl as string).pathname}/pay`,
        payload: {
          cardNumber: '4242424242424242',
          expMonth: 12,
          expYear: new Date().getUTCFullYear() + 2,
          cvc: '123',
        },
      });
      expect(paid.statusCode, paid.body).toBeLessThan(400);
      const project = await app.inject({ method: 'GET', url: `/api/projects/${id}`, headers: customer });
      expect(project.json().project.activeStatus.name).toBe('Make Payment');
      return id;
    });

    const reconciled = await facet(['payments', 'reconcile']);
    expect(reconciled.stderr).toBe('');
    expect(reconciled.code).toBe(0);
    expect(reconciled.stdout).toMatch(
      /^Reconciled with the sandbox gateway: \d+ paid checkouts? checked, 1 missed by the ledger, 1 booked now\.\n$/,
    );
    const again = await facet(['payments', 'reconcile']);
    expect(again.stdout).toMatch(
      /^Reconciled with the sandbox gateway: \d+ paid checkouts? checked, 0 missed by the ledger\.\n$/,
    );

    await withApp(async (built) => {
      const signedIn = await login(built, 'customer@demo.facet', DEMO_PASSWORD, 'customer');
      const cookie = `facet_session=${signedIn.cookies.find((c) => c.name === 'facet_session')!.value}`;
      const project = await built.app.inject({
        method: 'GET',
        url: `/api/projects/${projectId}`,
        headers: { cookie },
      });
      // the booked payment moved the project on, as the webhook would have
      expect(project.json().project.activeStatus.name).toBe('In Design');
      expect((await built.ctx.payments.trialBalance()).totalCents).toBe(0);
      const [payment] = await built.ctx.payments.paymentsOf('project', projectId);
      expect(payment?.status).toBe('succeeded');
    });
  }, 180_000);
});
