// Builds the mesh analysis CLI (packages/domain/src/mesh/cli.ts) into plain JavaScript once, at install
// (`prepare`) or when scripts/analyze.mjs finds it missing or older than a mesh source. The bundle is split
// at the dynamic import of the whole-file readers, so an STL is analysed without loading the 3MF reader's
// zip and XML libraries.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const ANALYZE_DIR = join(root, 'node_modules/.cache/facet/analyze');
export const ANALYZE_ENTRY = join(ANALYZE_DIR, 'cli.mjs');

export async function buildAnalyze() {
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    // an install without the dev tools (production): `npm run analyze` is a development command
    return false;
  }
  rmSync(ANALYZE_DIR, { recursive: true, force: true });
  await esbuild.build({
    entryPoints: [join(root, 'packages/domain/src/mesh/cli.ts')],
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    outdir: ANALYZE_DIR,
    chunkNames: 'chunk-[hash]',
    outExtension: { '.js': '.mjs' },
  });
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildAnalyze();
