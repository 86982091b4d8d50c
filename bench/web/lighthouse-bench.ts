/**
 * First-load benchmark: Lighthouse 12 (mobile, simulated throttling — its default) on Debian's chromium
 * against the built app served by one server process (fresh embedded database, demo data), for `/`,
 * `/explore`, `/login-user` and `/dashboard` (signed in as the demo customer). Each page is measured
 * RUNS times and the median run by score is reported, with the 1-minute load average beside it.
 *
 *   npm run build && npm run bench -- web
 *
 * Writes bench/web/RESULTS.md (the run before it stays below).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

const RUNS = Number(process.env.WEB_BENCH_RUNS ?? 3);
const ALL_PAGES = ['/', '/explore', '/login-user', '/dashboard'];
/** `WEB_BENCH_PAGES=/dashboard` looks at some pages only (a diagnosis: RESULTS.md is then left as it is). */
const PAGES = process.env.WEB_BENCH_PAGES ? process.env.WEB_BENCH_PAGES.split(',') : ALL_PAGES;
/** `WEB_BENCH_REPORTS=dir` keeps each run's whole Lighthouse report (JSON) there. */
const REPORTS = process.env.WEB_BENCH_REPORTS;
if (REPORTS) mkdirSync(REPORTS, { recursive: true });
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const ROOT = new URL('../../', import.meta.url).pathname;

interface Row {
  path: string;
  score: number;
  scores: number[];
  /** runs Lighthouse could not score (run again) */
  failed: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  speedIndexMs: number;
  cls: number;
  transferKb: number;
  load: number;
}

async function startServer() {
  const port = 3900 + Math.floor(Math.random() * 90);
  const dataDir = mkdtempSync(join(tmpdir(), 'facet-web-bench-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      // production refuses a plain-http PUBLIC_URL (decision 055); the origin check compares hosts, so the
      // bench's http requests still pass, and it asks for the demo and the sandbox gateway by name
      PUBLIC_URL: `https://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      SEED_DEMO: 'true',
      PAYMENTS_SANDBOX: 'true',
      UPLOAD_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (i > 360) throw new Error('the server did not start within 90 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    async stop() {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The demo customer's session cookie, for the signed-in page. */
async function signIn(url: string) {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email: 'customer@demo.facet', password: 'Facet-demo-1', portal: 'customer' }),
  });
  if (!res.ok) throw new Error(`demo sign-in failed: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/**
 * Signs the browser in as a person's browser is: the session cookie in its cookie jar (Lighthouse keeps
 * cookies between runs), beside the cookies the app itself writes. Sending it as an extra request header
 * would stand in for the jar, and the app's own cookie (its time zone) would then replace it.
 */
async function putCookies(port: number, url: string, cookie: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const [context] = browser.contexts();
    if (!context) throw new Error('the browser has no default context');
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url };
      }),
    );
  } finally {
    // over CDP this only disconnects: the browser and its cookie jar stay for Lighthouse
    await browser.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function runWebBench(): Promise<void> {
  if (!existsSync(join(ROOT, 'packages/web/dist/index.html'))) {
    console.error('web bench: build the app first (npm run build)');
    process.exitCode = 1;
    return;
  }
  const server = await startServer();
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const rows: Row[] = [];
  try {
    const cookie = await signIn(server.url);
    for (const path of PAGES) {
      // the signed-out pages come first; from here on the browser is signed in
      if (path === '/dashboard') await putCookies(chrome.port, server.url, cookie);
      const runs: Omit<Row, 'scores' | 'failed'>[] = [];
      // a run Lighthouse could not score (it says why) is run again, at most RUNS more times, and counted
      let failedRuns = 0;
      for (let i = 0; runs.length < RUNS && i < 2 * RUNS; i++) {
        const result = await lighthouse(
          `${server.url}${path}`,
          {
            port: chrome.port,
            onlyCategories: ['performance'],
            output: 'json',
            logLevel: 'error',
          },
          undefined,
        );
        const lhr = result!.lhr;
        if (REPORTS)
          writeFileSync(
            join(REPORTS, `${path.replace(/\W+/g, '_') || 'root'}-${i + 1}.json`),
            JSON.stringify(lhr),
          );
        const a = lhr.audits;
        const value = (id: string) => Number(a[id]?.numericValue ?? NaN);
        // a run without a score says why (Lighthouse's runtime error, or the metric audits that failed)
        if (lhr.categories.performance?.score == null) {
          const failed = [
            ...(lhr.runtimeError ? [`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`] : []),
            ...Object.entries(a)
              .filter(([, audit]) => audit.errorMessage)
              .map(([id, audit]) => `${id}: ${audit.errorMessage}`),
          ];
          failedRuns++;
          console.log(`${path} run ${i + 1}: no score (${failed.join('; ') || 'no reason given'})`);
          continue;
        }
        runs.push({
          path,
          score: Math.round(lhr.categories.performance.score * 100),
          fcpMs: value('first-contentful-paint'),
          lcpMs: value('largest-contentful-paint'),
          tbtMs: value('total-blocking-time'),
          speedIndexMs: value('speed-index'),
          cls: value('cumulative-layout-shift'),
          transferKb: value('total-byte-weight') / 1024,
          load: loadavg()[0]!,
        });
        console.log(`${path} run ${i + 1}: ${runs.at(-1)!.score}`);
      }
      if (runs.length === 0) throw new Error(`Lighthouse scored no run of ${path}`);
      const scores = runs.map((r) => r.score);
      const middle = runs.find((r) => r.score === median(scores))!;
      rows.push({ ...middle, scores, failed: failedRuns });
    }
  } finally {
    await chrome.kill();
    await server.stop();
  }
  if (PAGES === ALL_PAGES) writeResults(rows);
  else console.log(rows);
}

function writeResults(rows: Row[]) {
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const lines = [
    '# First-load benchmark',
    '',
    `Measured ${new Date().toISOString().slice(0, 16)}Z with \`npm run bench -- web\` (Lighthouse 12, mobile, simulated`,
    `throttling, Debian chromium; ${RUNS} runs per page, the median run by score shown with every score). Machine:`,
    `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, node ${process.version}. The built app served by one server process`,
    '(embedded database, demo data); `/dashboard` signed in as the demo customer. Target: >= 90 on each.',
    '',
    '| page | score (median) | every run | FCP | LCP | TBT | Speed Index | CLS | transfer KB | load (1 min) |',
    '| ---- | -------------- | --------- | --- | --- | --- | ----------- | --- | ----------- | ------------ |',
    ...rows.map(
      (r) =>
        `| ${r.path} | ${r.score} | ${r.scores.join(', ')}${r.failed ? ` (+${r.failed} unscored, run again)` : ''} | ${s(r.fcpMs)} | ${s(r.lcpMs)} | ${Math.round(r.tbtMs)} ms | ${s(r.speedIndexMs)} | ${r.cls.toFixed(3)} | ${r.transferKb.toFixed(0)} | ${r.load.toFixed(2)} |`,
    ),
    '',
  ];
  const results = new URL('./RESULTS.md', import.meta.url).pathname;
  const before = existsSync(results) ? readFileSync(results, 'utf8') : '';
  const previous = before.replace(/^# First-load benchmark\n/, '').trim();
  writeFileSync(
    results,
    `${lines.join('\n')}${previous ? `\n## The run before (as it was written)\n\n${previous.replace(/^## /gm, '### ')}\n` : ''}`,
  );
  console.log(lines.join('\n'));
}
