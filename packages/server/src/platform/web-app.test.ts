import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createTestApp } from '../test/test-app';

// The built app is compressed once at build time (brotli and gzip copies beside each text file) and sent as
// it is by the browser's Accept-Encoding, with the caching the file's kind calls for.
const dist = mkdtempSync(join(tmpdir(), 'facet-dist-'));
const index = `<!doctype html><html><head><title>Facet</title></head><body>${'<div id="root"></div>'.repeat(200)}</body></html>`;
const script = `export const pieces = [${Array.from({ length: 400 }, (_, i) => `"ring-${i}"`).join(',')}];`;
// a public page the build rendered for a signed-out visitor (packages/web/scripts/prerender.mjs)
const explore = `<!doctype html><html><head><title>Explore</title></head><body><div id="root">${'<p>Rings</p>'.repeat(200)}</div></body></html>`;
// a signed-in page's head naming its route's chunks (no markup)
const dashboard = `<!doctype html><html><head><title>Facet</title><link rel="modulepreload" crossorigin href="/assets/dashboard-page-1.js"></head><body>${'<div id="root"></div>'.repeat(200)}</body></html>`;
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), index);
  writeFileSync(join(dist, 'assets', 'app-3f9a.js'), script);
  writeFileSync(join(dist, 'assets', 'tiny-01.js'), 'x=1');
  mkdirSync(join(dist, 'prerendered'));
  writeFileSync(join(dist, 'prerendered', 'explore.html'), explore);
  mkdirSync(join(dist, 'prerendered', 'signed-in'));
  writeFileSync(join(dist, 'prerendered', 'signed-in', 'dashboard.html'), dashboard);
  // the build's own step, on this folder
  const precompress = new URL('../../../web/scripts/precompress.mjs', import.meta.url).pathname;
  execFileSync(process.execPath, [precompress, dist]);
  t = await createTestApp({ webDistDir: dist });
}, 120_000);
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string, cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: {
      ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
      ...(cookie ? { cookie } : {}),
    },
  });

describe('the built web app', () => {
  test('the build wrote brotli and gzip copies, but none for a file they would not make smaller', () => {
    expect(existsSync(join(dist, 'index.html.br'))).toBe(true);
    expect(existsSync(join(dist, 'index.html.gz'))).toBe(true);
    expect(existsSync(join(dist, 'assets', 'app-3f9a.js.br'))).toBe(true);
    expect(existsSync(join(dist, 'assets', 'tiny-01.js.br'))).toBe(false);
  });

  test('a browser that takes brotli gets the page in brotli, not cached, and told it varies by encoding', async () => {
    const r = await get('/', 'gzip, deflate, br');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(String(r.headers.vary)).toMatch(/accept-encoding/i);
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    expect(brotliDecompressSync(r.rawPayload).toString()).toBe(index);
    expect(r.rawPayload.length).toBeLessThan(index.length / 5);
  });

  test('any other path of the app is the same page, compressed the same way', async () => {
    const r = await get('/projects/some-project', 'br');
    expect(r.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(r.rawPayload).toString()).toBe(index);
  });

  test('a hashed asset in gzip for a browser without brotli, cached for a year', async () => {
    const r = await get('/assets/app-3f9a.js', 'gzip');
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(r.headers['content-type']).toMatch(/javascript/);
    expect(gunzipSync(r.rawPayload).toString()).toBe(script);
  });

  test('without Accept-Encoding, and for a file too small to compress, the file as it is', async () => {
    const plain = await get('/assets/app-3f9a.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    const tiny = await get('/assets/tiny-01.js', 'br');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('x=1');
  });

  test('a prerendered page goes, compressed and not cached, to a visitor without a session cookie', async () => {
    const r = await get('/explore', 'br');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(String(r.headers.vary)).toMatch(/cookie/i);
    expect(String(r.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(r.rawPayload).toString()).toBe(explore);
  });

  test('with a session cookie, or a query string, the same path is the plain app page', async () => {
    const signedIn = await get('/explore', 'br', 'facet_session=abc');
    expect(brotliDecompressSync(signedIn.rawPayload).toString()).toBe(index);
    expect(String(signedIn.headers.vary)).toMatch(/cookie/i);
    // another cookie is not a session
    const otherCookie = await get('/explore', 'br', 'theme=dark');
    expect(brotliDecompressSync(otherCookie.rawPayload).toString()).toBe(explore);
    const withQuery = await get('/explore?from=mail', 'br');
    expect(brotliDecompressSync(withQuery.rawPayload).toString()).toBe(index);
  });

  test('a path without a prerendered page is the app page; the prerendered file itself is a static file', async () => {
    const r = await get('/pricing', 'br');
    expect(brotliDecompressSync(r.rawPayload).toString()).toBe(index);
    expect(r.headers.vary ?? '').not.toMatch(/cookie/i);
    const file = await get('/prerendered/explore.html');
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe(explore);
  });

  test("a signed-in page's head, naming its route's chunks, goes to a request with a session cookie", async () => {
    const signedIn = await get('/dashboard', 'br', 'facet_session=abc');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('no-cache');
    expect(String(signedIn.headers.vary)).toMatch(/cookie/i);
    expect(brotliDecompressSync(signedIn.rawPayload).toString()).toBe(dashboard);
    // without a session the page only sends the visitor to sign in: the plain app page
    const visitor = await get('/dashboard', 'br');
    expect(brotliDecompressSync(visitor.rawPayload).toString()).toBe(index);
    expect(String(visitor.headers.vary)).toMatch(/cookie/i);
    // the query string does not change which chunks the page needs
    const withQuery = await get('/dashboard?tab=spend', undefined, 'facet_session=abc');
    expect(withQuery.body).toBe(dashboard);
  });
});
