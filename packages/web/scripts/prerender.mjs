// Writes the public pages' markup into copies of the built index.html (dist/prerendered/<page>.html), so a
// signed-out visitor's first paint and largest text do not wait for the scripts: builds src/prerender.tsx
// for Node, renders each page as a signed-out visitor sees it, puts its markup in #root, its title in the
// head, and the page's own style sheets and script chunks (from the build's manifest) beside the app's, so
// the markup is styled from the first paint. The app then hydrates that markup (src/main.tsx). The server
// sends these files to a request for the page without a session cookie (packages/server/src/app.ts).
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const web = new URL('..', import.meta.url).pathname;
const dist = join(web, 'dist');
// inside the package, so the rendered modules find react and the rest in node_modules; kept after the build:
// the server renders the personal pages with it (PERSONAL_PAGES, packages/server/src/web-pages.ts)
const out = join(web, 'dist-ssr');

await build({
  root: web,
  logLevel: 'warn',
  build: { ssr: 'src/prerender.tsx', outDir: out, emptyOutDir: true, sourcemap: false },
});
const { PRERENDERED_PAGES, SIGNED_IN_PAGES, PERSONAL_PAGES, renderPage, renderLoadingScreen } = await import(
  pathToFileURL(join(out, 'prerender.js')).href
);

// the client build's manifest: source module -> its chunk, style sheets and static imports
const manifestFile = join(dist, '.vite/manifest.json');
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));

/** A module's chunks and style sheets, its imports' first, in the order Vite's own preloading adds them. */
function assetsOf(key, seen = new Set(), scripts = [], styles = []) {
  if (seen.has(key)) return { scripts, styles };
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`the build's manifest has no ${key}`);
  for (const imported of chunk.imports ?? []) assetsOf(imported, seen, scripts, styles);
  scripts.push(`/${chunk.file}`);
  for (const css of chunk.css ?? []) styles.push(`/${css}`);
  return { scripts, styles };
}

const entry = assetsOf('index.html');

/**
 * On a page whose markup is already there the scripts only make it interactive: its head names no script
 * but a small starter, which fetches the app's chunks (the entry first) once the page has been painted, so
 * the style sheets and fonts that the first paint needs have the connection to themselves.
 */
const starterCode = `// Starts the app on a prerendered page once it has been painted (written by scripts/prerender.mjs).
const [entry, ...rest] = JSON.parse(document.querySelector('script[data-chunks]').dataset.chunks);
function start() {
  for (const href of rest) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  import(entry);
}
// a frame callback runs before the first paint, a task queued from it after; a hidden tab paints nothing
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));
`;
const starter = `assets/start-${createHash('sha256').update(starterCode).digest('hex').slice(0, 8)}.js`;
writeFileSync(join(dist, starter), starterCode);
const withoutScripts = (head) =>
  head
    .replace(/ *<script type="module" crossorigin src="[^"]+"><\/script>\n/g, '')
    .replace(/ *<link rel="modulepreload" crossorigin href="[^"]+">\n/g, '');

const template = readFileSync(join(dist, 'index.html'), 'utf8');
if (!template.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root');
// every page without markup of its own (the app's index.html, the signed-in pages) paints the app's loading
// screen at once, not a blank page while the scripts load; the app's first render replaces it (src/main.tsx)
const withLoadingScreen = (html) =>
  html.replace('<div id="root"></div>', () => `<div id="root" data-loading>${renderLoadingScreen()}</div>`);
writeFileSync(join(dist, 'index.html'), withLoadingScreen(template));
// the line of the closing head tag: the page's own links go just before it
const lastHeadLink = template.lastIndexOf('\n', template.lastIndexOf('</head>')) + 1;
const folder = join(dist, 'prerendered');
rmSync(folder, { recursive: true, force: true });
mkdirSync(folder);
for (const { path, module } of PRERENDERED_PAGES) {
  const { title, body } = await renderPage(path);
  const own = assetsOf(module);
  const ownScripts = own.scripts.filter((file) => !entry.scripts.includes(file));
  const chunks = [...entry.scripts.slice(-1), ...entry.scripts.slice(0, -1), ...ownScripts];
  const links = [
    `    <script type="module" crossorigin src="/${starter}" data-chunks='${JSON.stringify(chunks)}'></script>`,
    ...own.styles
      .filter((file) => !entry.styles.includes(file))
      .map((file) => `    <link rel="stylesheet" crossorigin href="${file}">`),
  ];
  let html = `${withoutScripts(template.slice(0, lastHeadLink))}${links.map((l) => `${l}\n`).join('')}${template.slice(lastHeadLink)}`;
  html = html.replace('<div id="root"></div>', () => `<div id="root">${body}</div>`);
  // the page's own title, in place of the app's default one
  if (title) html = html.replace(/<title>[^<]*<\/title>/, () => title);
  const name = path === '/' ? 'index' : path.slice(1);
  writeFileSync(join(folder, `${name}.html`), html);
}
// signed-in pages: the app's loading screen, painted before any script runs. The head asks for who is signed
// in and for the app's and the route's chunks at once, the chunks at low priority so the style sheets the
// first paint needs go first; the starter runs the app once that first paint is done (as on the public pages)
mkdirSync(join(folder, 'signed-in'));
for (const { path, module } of SIGNED_IN_PAGES) {
  const own = assetsOf(module);
  const ownScripts = own.scripts.filter((file) => !entry.scripts.includes(file));
  const [main, ...imports] = [...entry.scripts.slice(-1), ...entry.scripts.slice(0, -1), ...ownScripts];
  const links = [
    `    <script type="module" crossorigin src="/${starter}" data-chunks='${JSON.stringify([main])}'></script>`,
    // who is signed in: asked while the scripts load (the app's own fetch of it takes this answer)
    '    <link rel="preload" href="/api/auth/session" as="fetch" crossorigin>',
    ...[main, ...imports].map(
      (file) => `    <link rel="modulepreload" crossorigin href="${file}" fetchpriority="low">`,
    ),
    ...own.styles
      .filter((file) => !entry.styles.includes(file))
      .map((file) => `    <link rel="stylesheet" crossorigin href="${file}">`),
  ];
  const html = `${withoutScripts(template.slice(0, lastHeadLink))}${links.map((l) => `${l}\n`).join('')}${template.slice(lastHeadLink)}`;
  writeFileSync(join(folder, 'signed-in', `${path.slice(1)}.html`), withLoadingScreen(html));
  // a page the server renders per person: its markup is the first paint, so its head asks for nothing but
  // the style sheets (no session preload: the page carries the session's answer; no chunks: the starter
  // fetches them once the page is painted, as on the public pages), with places for the page's title, its
  // markup and that answer
  if (PERSONAL_PAGES.some((page) => page.path === path)) {
    const personalLinks = [
      `    <script type="module" crossorigin src="/${starter}" data-chunks='${JSON.stringify([main, ...imports])}'></script>`,
      ...links.filter((link) => link.includes('rel="stylesheet"')),
    ];
    const personal =
      `${withoutScripts(template.slice(0, lastHeadLink))}${personalLinks.map((l) => `${l}\n`).join('')}${template.slice(lastHeadLink)}`
        .replace(/<title>[^<]*<\/title>/, '<!--facet:title-->')
        .replace(
          '<div id="root"></div>',
          '<div id="root" data-personal><!--facet:page--></div><!--facet:session-->',
        );
    for (const marker of ['title', 'page', 'session'])
      if (!personal.includes(`<!--facet:${marker}-->`))
        throw new Error(`${path}: no place for its ${marker}`);
    writeFileSync(join(folder, 'signed-in', `${path.slice(1)}.personal.html`), personal);
  }
}
// the manifest served its purpose; it is not part of the app
rmSync(join(dist, '.vite'), { recursive: true, force: true });
process.stdout.write(
  `Prerendered ${PRERENDERED_PAGES.map((p) => p.path).join(', ')}; heads for ${SIGNED_IN_PAGES.map((p) => p.path).join(', ')}; rendered per person by the server: ${PERSONAL_PAGES.map((p) => p.path).join(', ')}\n`,
);
