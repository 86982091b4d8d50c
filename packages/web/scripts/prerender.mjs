// Writes the public pages' markup into copies of the built index.html (dist/prerendered/<page>.html), so a
// signed-out visitor's first paint and largest text do not wait for the scripts: builds src/prerender.tsx
// for Node, renders each page as a signed-out visitor sees it, and puts its markup in #root and its title in
// the head. The app then hydrates that markup (src/main.tsx). The server sends these files to a request for
// the page without a session cookie (packages/server/src/app.ts).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const web = new URL('..', import.meta.url).pathname;
const dist = join(web, 'dist');
// inside the package, so the rendered modules find react and the rest in node_modules
const out = join(web, 'node_modules/.prerender');

await build({
  root: web,
  logLevel: 'warn',
  build: { ssr: 'src/prerender.tsx', outDir: out, emptyOutDir: true, sourcemap: false },
});
const { PRERENDERED_PATHS, renderPage } = await import(pathToFileURL(join(out, 'prerender.js')).href);

const template = readFileSync(join(dist, 'index.html'), 'utf8');
if (!template.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root');
const folder = join(dist, 'prerendered');
rmSync(folder, { recursive: true, force: true });
mkdirSync(folder);
for (const path of PRERENDERED_PATHS) {
  const markup = await renderPage(path);
  // React puts a page's <title> first; it belongs in the head, in place of the app's default title
  const [, title = '', body = markup] = /^(<title>[^<]*<\/title>)?([\s\S]*)$/.exec(markup) ?? [];
  let html = template.replace('<div id="root"></div>', () => `<div id="root">${body}</div>`);
  if (title) html = html.replace(/<title>[^<]*<\/title>/, () => title);
  const name = path === '/' ? 'index' : path.slice(1);
  writeFileSync(join(folder, `${name}.html`), html);
}
rmSync(out, { recursive: true, force: true });
process.stdout.write(`Prerendered ${PRERENDERED_PATHS.join(', ')}\n`);
