import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import { isTimeZone } from '@facet/domain/format';

/** What the web build's server bundle offers (packages/web/src/prerender.tsx, kept in web/dist-ssr). */
interface WebRenderer {
  renderPersonalPage(
    path: string,
    me: unknown,
    timeZone: string,
  ): Promise<{ title: string | null; body: string } | null>;
}

/** JSON inside a `<script>` element: nothing in it can close the element or end a line of script. */
const inScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export interface PersonalPage {
  body: Buffer;
  encoding: 'br' | 'gzip' | null;
}

/**
 * Signed-in pages rendered per person at request time (PERSONAL_PAGES of the web build): the page as the
 * app's first render draws it for who the session says is asking, in the head the build wrote for it, with
 * the session's answer beside it, so the first paint is the person's page rather than the loading screen.
 * Null without a build that has the server bundle (the signed-in head with the loading screen is served).
 */
export function personalPages(webDistDir: string, log: FastifyBaseLogger) {
  // the build writes the server bundle beside the app: web/dist -> web/dist-ssr
  const bundle = join(`${webDistDir}-ssr`, 'prerender.js');
  const templatesDir = join(webDistDir, 'prerendered', 'signed-in');
  if (!existsSync(bundle) || !existsSync(templatesDir)) return null;
  let renderer: Promise<WebRenderer> | null = null;
  const templates = new Map<string, string>();
  const templateOf = (path: string) => {
    let template = templates.get(path);
    if (template === undefined) {
      template = readFileSync(join(templatesDir, `${path.slice(1)}.personal.html`), 'utf8');
      templates.set(path, template);
    }
    return template;
  };

  return {
    /** The paths rendered per person ('/dashboard'): those the build wrote a personal head for. */
    paths: new Set(
      readdirSync(templatesDir)
        .filter((name) => name.endsWith('.personal.html'))
        .map((name) => `/${name.slice(0, -'.personal.html'.length)}`),
    ),
    /**
     * The page for `me`, compressed as the browser accepts; null where the app would send them elsewhere
     * (a pending or blocked account) or the page could not be rendered (logged): the caller then serves the
     * page's head with the loading screen, and the app does the rest.
     */
    async render(
      path: string,
      me: unknown,
      options: { timeZone?: string; acceptEncoding?: string },
    ): Promise<PersonalPage | null> {
      try {
        renderer ??= import(pathToFileURL(bundle).href) as Promise<WebRenderer>;
        // the browser's zone when it told one (a cookie the app writes), else UTC; the page carries it, so the
        // browser hydrates in the zone the server drew
        const timeZone = options.timeZone && isTimeZone(options.timeZone) ? options.timeZone : 'UTC';
        const page = await (await renderer).renderPersonalPage(path, me, timeZone);
        if (page === null) return null;
        const { title, body } = page;
        const html = templateOf(path)
          .replace('<!--facet:title-->', () => title ?? '<title>Facet</title>')
          .replace('<!--facet:page-->', () => body)
          .replace(
            '<!--facet:session-->',
            () =>
              `<script type="application/json" id="facet-session">${inScript({ user: me, timeZone })}</script>`,
          );
        const accepted = options.acceptEncoding ?? '';
        if (/\bbr\b/.test(accepted))
          return {
            body: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
            encoding: 'br',
          };
        if (/\bgzip\b/.test(accepted)) return { body: gzipSync(html), encoding: 'gzip' };
        return { body: Buffer.from(html), encoding: null };
      } catch (err) {
        log.warn({ err, path }, 'a personal page could not be rendered; the loading screen is served');
        return null;
      }
    },
  };
}
