import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../db/client';

/**
 * The embedded database every test app starts from: a new PGlite cluster with every migration applied,
 * kept as one archive on disk so that each test file (and each app it builds) loads it instead of running
 * PostgreSQL's initdb and the migrations again. Measured in bench/test-apps/RESULTS.md.
 *
 * The archive is named by a hash of the migrations and the PGlite version, so a new migration or PGlite
 * makes a new one; files racing to make it each write their own and rename it into place.
 */

const here = dirname(fileURLToPath(import.meta.url));
const migrationsDir = join(here, '../db/migrations');
const cacheDir = join(here, '../../../../node_modules/.cache/facet-test-database');

function copyName(): string {
  const hash = createHash('sha256');
  // the package does not export its package.json: read it beside the entry point
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const root = entry.slice(0, entry.lastIndexOf('@electric-sql/pglite/') + '@electric-sql/pglite/'.length);
  hash.update(readFileSync(join(root, 'package.json')));
  for (const name of readdirSync(migrationsDir).sort()) {
    if (name.endsWith('.sql')) hash.update(name).update(readFileSync(join(migrationsDir, name)));
  }
  hash.update(readFileSync(join(migrationsDir, 'meta/_journal.json')));
  return `migrated-${hash.digest('hex').slice(0, 16)}.tar`;
}

async function makeCopy(file: string): Promise<Buffer> {
  const database = await openDatabase({ dataDir: null });
  try {
    await database.migrate();
    const files = Buffer.from(await (await database.dumpFiles())!.arrayBuffer());
    mkdirSync(cacheDir, { recursive: true });
    const partial = `${file}.${process.pid}.${Date.now()}`;
    writeFileSync(partial, files);
    renameSync(partial, file);
    return files;
  } finally {
    await database.close();
  }
}

let copy: Promise<Blob> | undefined;

/** The migrated database's files (made once per machine and migration set, read once per test file). */
export function migratedCopy(): Promise<Blob> {
  copy ??= (async () => {
    const file = join(cacheDir, copyName());
    let files: Buffer;
    try {
      files = readFileSync(file);
    } catch {
      files = await makeCopy(file);
    }
    return new Blob([new Uint8Array(files)]);
  })();
  return copy;
}
