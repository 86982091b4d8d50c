// `npm run analyze -- FILE`: the mesh analysis CLI (packages/domain/src/mesh/cli.ts), bundled by esbuild only
// when the bundle is missing or a domain source file is newer, then run in this same process. Bundling on
// every call cost 0.3-0.7 s of each run.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const sources = join(root, 'packages/domain/src');
const bundle = join(root, 'node_modules/.cache/facet/analyze.mjs');

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

if (!existsSync(bundle) || statSync(bundle).mtimeMs < newestSource(sources)) {
  await build({
    entryPoints: [join(sources, 'mesh/cli.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    outfile: bundle,
  });
}
await import(pathToFileURL(bundle).href);
