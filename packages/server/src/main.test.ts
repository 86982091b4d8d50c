import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { freePort } from './modules/chat/cluster-kit';

/** The real server process (`npm run serve`), started from the repository's root as an operator would. */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Only what a process needs to run at all: nothing of the machine's own Facet settings leaks in. */
const bareEnv = () => ({ PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' });

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...bareEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    exited,
    output: () => ({ stdout, stderr }),
    /** Resolves once the start-up banner is printed; rejects when the process ends before it. */
    listening: () =>
      new Promise<void>((resolve, reject) => {
        const printed = () => stdout.includes('Facet is running at') && resolve();
        if (printed()) return;
        child.stdout.on('data', printed);
        void exited.then((code) => reject(new Error(`server exited (${code}):\n${stdout}\n${stderr}`)));
      }),
  };
}

describe('the server process in production', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  test('with nothing but NODE_ENV=production it refuses to start, naming every missing item', async () => {
    const server = startServer({ NODE_ENV: 'production' });
    expect(await server.exited).toBe(1);
    const { stdout, stderr } = server.output();
    expect(stdout).not.toContain('Facet is running');
    const lines = stderr.trim().split('\n');
    expect(lines).toEqual([
      'Refusing to start in production:',
      expect.stringMatching(/^ {2}STRIPE_SECRET_KEY: required in production \(or PAYMENTS_SANDBOX=true/),
      expect.stringMatching(/^ {2}STRIPE_WEBHOOK_SECRET: required in production/),
      expect.stringMatching(/^ {2}UPLOAD_SECRET: required in production/),
      expect.stringMatching(/^ {2}PUBLIC_URL: required in production/),
    ]);
  });

  test('with a complete production environment it starts without the demo accounts', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'facet-production-'));
    dirs.push(dataDir);
    const port = await freePort();
    const server = startServer({
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: 'https://facet.example',
      DATA_DIR: dataDir,
      PAYMENTS_SANDBOX: 'true',
      UPLOAD_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
    });
    try {
      await server.listening();
      expect(server.output().stdout).not.toContain('Demo logins');
      const url = `http://127.0.0.1:${port}`;
      const signIn = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'staff@demo.facet', password: 'Facet-demo-1', portal: 'staff' }),
      });
      expect(signIn.status).toBe(401);
      expect(((await signIn.json()) as { error: { code: string } }).error.code).toBe('invalid_credentials');
      // the outbox page is off
      expect((await fetch(`${url}/dev/mailbox/messages`)).status).toBe(404);
    } finally {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
  }, 120_000);
});
