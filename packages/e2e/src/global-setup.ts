import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startFakeAi, type FakeAi } from '../../server/src/test/fake-openai';
import { startTestProvider, type TestProvider } from '../../server/src/test/test-oidc-provider';
import { SERVER_DIST, ensureServerBundle } from '../../../scripts/build-server.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The fake OpenAI-compatible server (its base URL; `POST {url}/__fake/mode` makes it fail for a journey). */
    fakeAiUrl: string;
    /** The OpenID provider the server's customer and professional tenants point at. */
    identityIssuer: string;
  }
}

let server: ChildProcess | undefined;
let dataDir: string | undefined;
let fakeAi: FakeAi | undefined;
let identityProvider: TestProvider | undefined;

/** Starts the real server (compiled, with the built web app, PGlite in a fresh folder, demo data) once for all journeys. */
export async function setup(project: TestProject) {
  const port = 3100 + Math.floor(Math.random() * 800);
  dataDir = mkdtempSync(join(tmpdir(), 'facet-e2e-'));
  const root = new URL('../../..', import.meta.url).pathname;
  // a small OpenAI-compatible server (PNG concepts made in code) so the design journey generates images
  fakeAi = await startFakeAi();
  // a real OpenID provider (its own login and consent pages) for the customer and professional tenants
  const origin = `http://127.0.0.1:${port}`;
  identityProvider = await startTestProvider({
    clients: ['customer', 'professional'].map((tenant) => ({
      clientId: `facet-e2e-${tenant}`,
      clientSecret: `facet-e2e-${tenant}-secret-0123456789`,
      redirectUris: [`${origin}/api/identity/callback/${tenant}`],
      postLogoutRedirectUris: [`${origin}/`],
    })),
  });
  // the journeys run the compiled server, as production does (`npm test` builds it just before them)
  await ensureServerBundle();
  server = spawn(process.execPath, [join(SERVER_DIST, 'main.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      // the payment gateway's pages send the browser back here: same host as the session cookie
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      DATABASE_URL: '',
      REDIS_URL: '',
      // the journeys sign the demo customer in more often than 10 times a minute; the limit has its own server test
      LOGIN_RATE_LIMIT: '1000',
      AI_BASE_URL: fakeAi.url,
      AI_API_KEY: 'sk-e2e-fake',
      AI_IMAGE_MODEL: 'fake-image',
      IDENTITY_CUSTOMER_ISSUER: identityProvider.issuer,
      IDENTITY_CUSTOMER_CLIENT_ID: 'facet-e2e-customer',
      IDENTITY_CUSTOMER_CLIENT_SECRET: 'facet-e2e-customer-secret-0123456789',
      IDENTITY_CUSTOMER_NAME: 'Acme ID',
      IDENTITY_PRO_ISSUER: identityProvider.issuer,
      IDENTITY_PRO_CLIENT_ID: 'facet-e2e-professional',
      IDENTITY_PRO_CLIENT_SECRET: 'facet-e2e-professional-secret-0123456789',
      IDENTITY_PRO_NAME: 'Acme Pro ID',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // the server's log (warnings and up) is kept for a failed journey: test-results/e2e-server.log
  mkdirSync(join(root, 'test-results'), { recursive: true });
  const log = createWriteStream(join(root, 'test-results', 'e2e-server.log'));
  let output = '';
  const keep = (d: Buffer) => {
    if (output.length < 200_000) output += d;
    log.write(d);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  const baseUrl = `http://127.0.0.1:${port}`;
  // a loaded machine (several suites at once) may need longer still: E2E_START_SECONDS
  const startSeconds = Number(process.env.E2E_START_SECONDS) || 240;
  const until = Date.now() + startSeconds * 1000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > until) throw new Error(`server did not start within ${startSeconds} s:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide('baseUrl', baseUrl);
  project.provide('fakeAiUrl', fakeAi.url);
  project.provide('identityIssuer', identityProvider.issuer);
}

export async function teardown() {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server!.once('exit', r));
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  await fakeAi?.close();
  await identityProvider?.close();
}
