import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from '../db/client';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { freshDatabase } from './fresh-database';

/**
 * For migration tests: a database (PGlite, or a fresh PostgreSQL database when DATABASE_URL is set) migrated
 * up to a given migration, so a test can write rows as they were and then run the rest.
 */

/** The app's migrations folder (every migration). */
export const migrations = fileURLToPath(new URL('../db/migrations', import.meta.url));

/** A copy of the migrations folder that ends at `last`. */
export function migrationsUpTo(last: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'facet-migrations-'));
  cpSync(migrations, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const end = journal.entries.findIndex((e) => e.tag === last);
  journal.entries = journal.entries.slice(0, end + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

export interface Sql {
  query(text: string): Promise<Record<string, unknown>[]>;
  /** Several statements at once. */
  exec(text: string): Promise<void>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

export async function openPglite(): Promise<Sql> {
  const client = new PGlite({ extensions: pgliteExtensions });
  await client.waitReady;
  const db = drizzlePglite(client);
  return {
    query: async (text) => (await client.query<Record<string, unknown>>(text)).rows,
    exec: async (text) => {
      await client.exec(text);
    },
    migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
    close: () => client.close(),
  };
}

export async function openPostgres(serverUrl: string): Promise<Sql> {
  const database = await freshDatabase(serverUrl, 'facet_migration');
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  const db = drizzlePg(pool);
  return {
    query: async (text) => (await pool.query<Record<string, unknown>>(text)).rows,
    exec: async (text) => {
      await pool.query(text);
    },
    migrate: (folder) => migratePg(db, { migrationsFolder: folder }),
    close: async () => {
      await pool.end();
      await database.drop();
    },
  };
}

/** PostgreSQL when DATABASE_URL is set (as in CI's second pass), else PGlite. */
export const openDatabase = () =>
  process.env.DATABASE_URL ? openPostgres(process.env.DATABASE_URL) : openPglite();
