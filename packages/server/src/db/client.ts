import { mkdirSync, openSync, readFileSync, unlinkSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { fromPglite } from 'pg-boss';
import * as schema from './schema/index';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Raw SQL access for pg-boss: it brings its own SQL, we give it our connection. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  sql: SqlExecutor;
  migrate(): Promise<void>;
  /** How many of this version's migrations the database has not had yet (all of them when it is new). */
  pendingMigrations(): Promise<number>;
  close(): Promise<void>;
  /**
   * Calls `listener` before a statement sent through drizzle that may change one of `tables` runs (any
   * statement but a plain SELECT naming one of them). On the embedded database this process is the only
   * writer, so a copy kept in memory and dropped here can never outlive a change.
   */
  onWriteTo(tables: readonly string[], listener: () => void): void;
  /** The PostgreSQL pool's connections (the metrics); null on PGlite, one in-process connection. */
  poolStats(): { total: number; idle: number; waiting: number; max: number } | null;
  /** The embedded database's files as one archive (PGlite's `dumpDataDir`); null on PostgreSQL. */
  dumpFiles(): Promise<Blob> | null;
}

/** A drizzle logger that passes every statement on, and tells the watchers of a table when it may be written. */
function statementWatch(onQuery?: (text: string, params: unknown[]) => void) {
  const watchers: { names: RegExp; listener: () => void }[] = [];
  return {
    logger: {
      logQuery(text: string, params: unknown[]) {
        onQuery?.(text, params);
        if (watchers.length === 0 || /^\s*select\b/i.test(text)) return;
        for (const watcher of watchers) if (watcher.names.test(text)) watcher.listener();
      },
    },
    onWriteTo(tables: readonly string[], listener: () => void) {
      watchers.push({ names: new RegExp(`\\b(${tables.join('|')})\\b`, 'i'), listener });
    },
  };
}

/**
 * What a statement sent after close() gets back. pg-boss may still record a job's end while the app shuts
 * down (the job is retried after restart); its complete/fail/cancel commands end in `SELECT COUNT(*)` and
 * it reads `rows[0].count`, so those get a zero count and everything else no rows.
 */
function resultAfterClose(text: string): { rows: Record<string, unknown>[] } {
  return /SELECT\s+COUNT\(\*\)(\s+as\s+count)?\s+FROM/i.test(text)
    ? { rows: [{ count: '0' }] }
    : { rows: [] };
}

/** The extensions the migrations create: PostgreSQL ships them, PGlite is given them when it opens. */
export const pgliteExtensions = { pg_trgm };

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** The embedded database's folder under DATA_DIR (the server and the operator's command open the same). */
export const embeddedDatabaseDir = (dataDir: string) => join(dataDir, 'db');

/** Drizzle's migrator applies a migration when it is newer than the last one recorded; so is it counted here. */
async function pendingMigrations(sql: SqlExecutor) {
  const migrations = readMigrationFiles({ migrationsFolder });
  const [table] = (
    await sql.executeSql("select to_regclass('drizzle.__drizzle_migrations') is not null as present")
  ).rows as { present: boolean }[];
  if (!table?.present) return migrations.length;
  const [last] = (
    await sql.executeSql(
      'select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
    )
  ).rows as { created_at: string | number }[];
  const applied = last ? Number(last.created_at) : 0;
  return migrations.filter((m) => m.folderMillis > applied).length;
}

/** PostgreSQL when a URL is given, otherwise PGlite in `dataDir` (or in memory when dataDir is null). */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string | null;
  /** Sees every statement the app sends through drizzle (the API benchmark explains the list queries). */
  onQuery?: (text: string, params: unknown[]) => void;
  /**
   * An in-memory embedded database starts as a copy of these files (a `dumpFiles` archive) instead of a
   * new cluster: the tests start every app from one migrated copy, skipping PostgreSQL's initdb.
   */
  startFrom?: Blob;
}): Promise<Database> {
  const { logger, onWriteTo } = statementWatch(options.onQuery);
  if (options.databaseUrl) {
    const max = 10;
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max });
    // a connection lost (server restart or failover, database dropped after a test) must not end the
    // process: an idle client's error reaches the pool, a checked-out one's (between the statements of a
    // transaction) its own listener; the statement in flight fails and the pool connects anew next time
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
    let closed = false;
    const sql: SqlExecutor = {
      async executeSql(text, values) {
        if (closed) return resultAfterClose(text);
        // a parameterless text of several statements (pg-boss's BEGIN … RETURNING … COMMIT blocks)
        // answers one result per statement: their rows together, as pg-boss reads its own pool's
        const result = (await pool.query(text, values)) as pg.QueryResult | pg.QueryResult[];
        return { rows: Array.isArray(result) ? result.flatMap((r) => r.rows ?? []) : result.rows };
      },
    };
    return {
      kind: 'postgres',
      db,
      sql,
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
      pendingMigrations: () => pendingMigrations(sql),
      close: async () => {
        closed = true;
        await pool.end();
      },
      onWriteTo,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
      dumpFiles: () => null,
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const release = options.dataDir ? lockDataDir(options.dataDir) : () => {};
  const client = new PGlite({
    dataDir: options.dataDir ?? undefined,
    extensions: pgliteExtensions,
    ...(options.startFrom && !options.dataDir ? { loadDataDir: options.startFrom } : {}),
  });
  try {
    await client.waitReady;
  } catch (error) {
    release();
    throw error;
  }
  const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
  const pgbossPglite = fromPglite(client);
  let closed = false;
  const sql: SqlExecutor = {
    // pg-boss's own adapter for PGlite: a parameterless text (its schema scripts, its BEGIN … RETURNING …
    // COMMIT blocks) goes through `exec` and answers the rows of all its statements; a failed statement
    // rolls back what it left open, so the one connection the app shares is never left aborted
    async executeSql(text, values) {
      if (closed) return resultAfterClose(text);
      return pgbossPglite.executeSql(text, values);
    },
  };
  return {
    kind: 'pglite',
    db,
    sql,
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    pendingMigrations: () => pendingMigrations(sql),
    close: async () => {
      closed = true;
      try {
        await client.close();
      } finally {
        release();
      }
    },
    onWriteTo,
    poolStats: () => null,
    dumpFiles: () => client.dumpDataDir('none'),
  };
}

/** The embedded database's folder is open in another process (the server, or an operator's command). */
export class DatabaseInUseError extends Error {}

/** The lock files of the folders this process has open. */
const openHere = new Set<string>();

/**
 * PGlite has no lock of its own: a second process opening the same folder would corrupt it. The folder's
 * `facet.lock` names the process that has it open; one whose process is gone (killed, crashed) is taken
 * over. Returns the release, called on close.
 */
function lockDataDir(dataDir: string): () => void {
  const path = join(dataDir, 'facet.lock');
  if (openHere.has(path)) {
    throw new DatabaseInUseError(`The embedded database in ${dataDir} is open in this process already.`);
  }
  for (let attempt = 0; ; attempt += 1) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
      // an empty file: another process is just writing its id; this process's own id: a lock left by an
      // earlier life of it (a container's server is process 1 each time), as this process has not opened it
      const holder = Number(readFileSync(path, 'utf8').trim());
      const stale = Number.isInteger(holder) && holder > 0 && (holder === process.pid || !isRunning(holder));
      if (!stale) {
        throw new DatabaseInUseError(
          `The embedded database in ${dataDir} is in use by ${holder > 0 ? `process ${holder}` : 'another process'} (the server, or another facet command); stop it first (if no Facet process is running, remove ${path}).`,
        );
      }
      unlinkSync(path);
    }
  }
  openHere.add(path);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    openHere.delete(path);
    try {
      if (readFileSync(path, 'utf8').trim() === String(process.pid)) unlinkSync(path);
    } catch {
      // already gone
    }
  };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
