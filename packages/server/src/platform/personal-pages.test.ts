import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { users } from '../modules/accounts/accounts.tables';
import { createTestApp, loginAs } from '../test/test-app';

// A signed-in page rendered per person by the server (platform/personal-pages.ts), with the web build's
// files in a folder of the test's own: the head the build writes (with its three places), and in place of
// the build's server bundle (web/dist-ssr, rendered for real by the browser journeys) a small one that says
// whom and which time zone it was asked to draw, and draws nothing for a pending account, as the app's
// guard would send it away.
const dist = mkdtempSync(join(tmpdir(), 'facet-dist-'));
const head = `<!doctype html><html><head><!--facet:title--><link rel="stylesheet" href="/assets/ui.css"></head><body><div id="root" data-personal><!--facet:page--></div><!--facet:session--></body></html>`;
const loadingScreen = `<!doctype html><html><head><title>Facet</title></head><body><div id="root" data-loading><p>Loading</p></div></body></html>`;
const renderer = `
export async function renderPersonalPage(path, me, timeZone) {
  if (me.status === 'pending') return null;
  if (me.firstName === 'Boom') throw new Error('the page failed to render');
  return { title: '<title>Dashboard · Facet</title>', body: '<main><h1>Hello ' + me.firstName + '</h1><p>' + path + ' in ' + timeZone + '</p></main>' };
}`;
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  mkdirSync(join(dist, 'prerendered', 'signed-in'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  writeFileSync(join(dist, 'prerendered', 'signed-in', 'dashboard.html'), loadingScreen);
  writeFileSync(join(dist, 'prerendered', 'signed-in', 'dashboard.personal.html'), head);
  writeFileSync(join(dist, 'prerendered', 'signed-in', 'projects.html'), loadingScreen);
  mkdirSync(`${dist}-ssr`);
  writeFileSync(join(`${dist}-ssr`, 'prerender.js'), renderer);
  t = await createTestApp({ seedDemo: true, webDistDir: dist });
}, 120_000);
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
  rmSync(`${dist}-ssr`, { recursive: true, force: true });
});

const page = (url: string, cookie?: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
    },
  });
const sessionIn = (html: string) =>
  JSON.parse(/<script type="application\/json" id="facet-session">([^<]*)<\/script>/.exec(html)![1]!) as {
    user: { id: string; email: string; firstName: string };
    timeZone: string;
  };

describe('the dashboard rendered per person', () => {
  test("a session gets its own person's page: drawn in the head, with the session's answer, never kept by a cache", async () => {
    const cookie = await loginAs(t.app, 'customer@demo.facet', 'customer');
    const r = await page('/dashboard', cookie, 'gzip, br');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['cache-control']).toBe('private, no-store');
    expect(String(r.headers.vary)).toMatch(/cookie/i);
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    const html = brotliDecompressSync(r.rawPayload).toString();
    expect(html).toContain('<head><title>Dashboard · Facet</title><link rel="stylesheet"');
    expect(html).toContain('<div id="root" data-personal><main><h1>Hello Claire</h1>');
    const { user } = sessionIn(html);
    expect(user).toMatchObject({ email: 'customer@demo.facet', firstName: 'Claire' });
    // the same answer the session endpoint gives this person
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect(user).toEqual(session.json().user);
    expect(sessionIn(html).timeZone).toBe('UTC');

    const designer = await loginAs(t.app, 'designer@demo.facet', 'designer');
    const theirs = (await page('/dashboard', designer)).body;
    expect(sessionIn(theirs).user.email).toBe('designer@demo.facet');
    expect(theirs).not.toContain('customer@demo.facet');
    expect(theirs).not.toContain('Claire');
  });

  test("the greeting's time zone is the browser's, when it names a real one", async () => {
    const cookie = await loginAs(t.app, 'customer@demo.facet', 'customer');
    expect((await page('/dashboard', `${cookie}; facet_tz=Asia%2FTokyo`)).body).toContain(
      '<p>/dashboard in Asia/Tokyo</p>',
    );
    expect((await page('/dashboard', `${cookie}; facet_tz=Mars%2FOlympus`)).body).toContain(
      '<p>/dashboard in UTC</p>',
    );
  });

  test('what a person typed cannot close the script the session is carried in', async () => {
    const cookie = await loginAs(t.app, 'service@demo.facet', 'service');
    await t.ctx.db
      .update(users)
      .set({ firstName: 'Ana</script><script>alert(1)</script>' })
      .where(eq(users.email, 'service@demo.facet'));
    const html = (await page('/dashboard', cookie)).body;
    const carried = /<script type="application\/json" id="facet-session">([^<]*)<\/script>/.exec(html)![1]!;
    expect(carried).toContain('Ana\\u003c/script>\\u003cscript>alert(1)\\u003c/script>');
    expect(sessionIn(html).user.firstName).toBe('Ana</script><script>alert(1)</script>');
  });

  test('no session, an unknown one, a page the app would send away from, or a failed render: the loading screen', async () => {
    expect((await page('/dashboard')).body).toBe(
      '<!doctype html><html><body><div id="root"></div></body></html>',
    );
    const unknown = await page('/dashboard', 'facet_session=not-a-session');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(loadingScreen);

    const cookie = await loginAs(t.app, 'designer2@demo.facet', 'designer');
    await t.ctx.db.update(users).set({ status: 'pending' }).where(eq(users.email, 'designer2@demo.facet'));
    expect((await page('/dashboard', cookie)).body).toBe(loadingScreen);

    const staff = await loginAs(t.app, 'staff@demo.facet', 'staff');
    await t.ctx.db.update(users).set({ firstName: 'Boom' }).where(eq(users.email, 'staff@demo.facet'));
    const failed = await page('/dashboard', staff);
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toBe(loadingScreen);
  });

  test('a signed-in page the server does not render per person keeps its loading-screen head', async () => {
    const cookie = await loginAs(t.app, 'customer@demo.facet', 'customer');
    const r = await page('/projects', cookie);
    expect(r.body).toBe(loadingScreen);
    expect(r.headers['cache-control']).toBe('no-cache');
  });
});
