import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

const migrationsFolder = fileURLToPath(new URL('../db/migrations', import.meta.url));

/**
 * A fresh PGlite migrated up to and including the migration tagged `tag` (e.g. '0006_auth_throttle'),
 * for a test that writes rows as they were and then runs the later migrations (`migrateRest`).
 */
export async function databaseAt(tag: string) {
  const journalPath = path.join(migrationsFolder, 'meta/_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((e) => e.tag === tag);
  if (index < 0) throw new Error(`no migration tagged ${tag}`);
  const partial = await mkdtemp(path.join(tmpdir(), 'facet-migrations-'));
  await cp(migrationsFolder, partial, { recursive: true });
  await writeFile(
    path.join(partial, 'meta/_journal.json'),
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, index + 1) }),
  );
  const client = new PGlite();
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: partial });
  await rm(partial, { recursive: true, force: true });
  return {
    client,
    /** Runs every migration after `tag`, as the app does at start. */
    migrateRest: () => migrate(db, { migrationsFolder }),
  };
}
