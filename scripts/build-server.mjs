// Builds the server into plain JavaScript (decision 057): `packages/server/dist/` holds main.mjs (the
// server), analyse.worker.mjs (the model analysis pool's worker), facet.mjs (the operator's command) and
// the SQL migrations. Each entry is one file (no shared chunks), so `import.meta.url` in the bundled code
// is its entry's: `./migrations` and `./analyse.worker.mjs` resolve beside it. Our workspace code (@facet/domain included) is bundled; every
// npm package stays an import resolved from node_modules at run time, so `npm ci --omit=dev` after a build
// is enough to serve, and native or WASM packages (argon2, PGlite) load their files as they expect.
import { cpSync, existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const server = join(root, 'packages/server');
export const SERVER_DIST = join(server, 'dist');

const entries = {
  main: join(server, 'src/main.ts'),
  'analyse.worker': join(server, 'src/modules/models/analyse.worker.ts'),
  facet: join(server, 'src/cli/main.ts'),
};

/** Bare imports of npm packages stay imports; `@facet/*` (our TypeScript sources) is bundled. */
const npmPackagesExternal = {
  name: 'npm-packages-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@facet/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** The newest modification time under a folder (sources only: a few hundred stats, a few milliseconds). */
function newest(dir) {
  let latest = 0;
  if (!existsSync(dir)) return latest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

/** True when the bundle is missing or a server or domain source is newer than it. */
export function serverBundleStale() {
  const built = join(SERVER_DIST, 'main.mjs');
  if (!existsSync(built)) return true;
  const at = statSync(built).mtimeMs;
  return newest(join(server, 'src')) > at || newest(join(root, 'packages/domain/src')) > at;
}

/** Rebuilds the bundle when it is missing or stale (journeys, the fault suite, `npm run facet`). */
export async function ensureServerBundle() {
  if (serverBundleStale()) await buildServer();
}

export async function buildServer() {
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    return false;
  }
  const started = performance.now();
  rmSync(SERVER_DIST, { recursive: true, force: true });
  await esbuild.build({
    entryPoints: Object.fromEntries(Object.entries(entries).filter(([, path]) => existsSync(path))),
    bundle: true,
    splitting: false,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    outdir: SERVER_DIST,
    outExtension: { '.js': '.mjs' },
    sourcemap: 'linked',
    // stack traces in the logs point at the TypeScript sources
    banner: { js: 'process.setSourceMapsEnabled(true);' },
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [npmPackagesExternal],
  });
  cpSync(join(server, 'src/db/migrations'), join(SERVER_DIST, 'migrations'), { recursive: true });
  const ms = Math.round(performance.now() - started);
  console.log(`Server built into ${relative(root, SERVER_DIST)} in ${ms} ms`);
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (!(await buildServer())) {
    console.error('Building the server needs the development dependencies (esbuild): run npm install');
    process.exit(2);
  }
}
