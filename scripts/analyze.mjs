// `npm run analyze -- FILE`: the mesh analysis CLI (packages/domain/src/mesh/cli.ts), run from the bundle
// built at install (scripts/build-analyze.mjs). Only node:fs is loaded before it: esbuild is imported, and
// the bundle rebuilt, only when the bundle is missing or a mesh source file is newer (a developer's edit).
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const entry = join(root, 'node_modules/.cache/facet/analyze/cli.mjs');
const sources = join(root, 'packages/domain/src/mesh');

function stale() {
  let built;
  try {
    built = statSync(entry).mtimeMs;
  } catch {
    return true;
  }
  // the CLI's bundle holds only the mesh folder (and its libraries): ~30 stats, well under a millisecond
  return readdirSync(sources).some((name) => statSync(join(sources, name)).mtimeMs > built);
}

if (stale()) {
  const { buildAnalyze } = await import('./build-analyze.mjs');
  if (!(await buildAnalyze())) {
    console.error('npm run analyze needs the development dependencies (esbuild): run npm install');
    process.exit(2);
  }
}
await import(pathToFileURL(entry).href);
