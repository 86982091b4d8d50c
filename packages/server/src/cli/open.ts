import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { ConfigError, loadConfig, type Config } from '../config';
import { DatabaseInUseError, embeddedDatabaseDir, openDatabase, type Database } from '../db/client';
import { startJobs, type Jobs } from '../platform/jobs';
import { createMailer } from '../platform/mail/mail';
import { createMetrics } from '../platform/metrics';
import { createStorage } from '../platform/storage';
import { buildServices } from '../services';
import { CommandError, type CliIo } from './command';

/**
 * What a command opens, and only that (decision 055): the configuration the server reads, the database it
 * uses, and for some commands a job sender or the modules' services. Never the HTTP server, the job workers
 * or the schedules.
 */

export function commandConfig(io: CliIo): Config {
  try {
    return loadConfig(io.env ?? process.env);
  } catch (error) {
    if (error instanceof ConfigError) throw new CommandError(error.message);
    throw error;
  }
}

/** Errors on stderr, as the server's log would have them; a command's own output is its summary line. */
function commandLog(config: Config, io: CliIo): FastifyBaseLogger {
  return pino(
    { level: config.logLevel === 'silent' ? 'silent' : 'error' },
    { write: (line: string) => io.stderr.write(line) },
  );
}

export interface OpenedDatabase {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
  close(): Promise<void>;
}

/**
 * The server's database: PostgreSQL at DATABASE_URL, or PGlite in DATA_DIR, which one process may have
 * open at a time (a server running on it is named in the refusal). Unless `migrated: false`, a database
 * that lacks this version's migrations is refused: `migrate` (or a server start) applies them.
 */
export async function openCommandDatabase(
  io: CliIo,
  options: { migrated: boolean },
): Promise<OpenedDatabase> {
  const config = commandConfig(io);
  let database: Database;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir ? embeddedDatabaseDir(config.dataDir) : null,
    });
  } catch (error) {
    if (error instanceof DatabaseInUseError) throw new CommandError(error.message);
    throw error;
  }
  if (options.migrated) {
    let pending: number;
    try {
      pending = await database.pendingMigrations();
    } catch (error) {
      await database.close();
      throw error;
    }
    if (pending > 0) {
      await database.close();
      throw new CommandError(
        `The database lacks ${pending} migration${pending === 1 ? '' : 's'} of this version: run \`npm run facet -- migrate\` first.`,
      );
    }
  }
  return { config, database, log: commandLog(config, io), close: () => database.close() };
}

/**
 * Jobs this process only sends, for the server's workers to run (a mail): no worker, schedule or
 * maintenance here. A queue the server has not made yet (a new database) is made before the first send.
 */
export async function commandJobs(opened: OpenedDatabase): Promise<Jobs> {
  const jobs = await startJobs({
    sql: opened.database.sql,
    runWorkers: false,
    runSchedules: false,
    supervise: false,
    log: opened.log,
  });
  const made = new Set<string>();
  return {
    ...jobs,
    async send(name, data, sendOptions) {
      if (!made.has(name)) {
        // without workers in this process, register only makes the queue
        await jobs.register(name, async () => {});
        made.add(name);
      }
      await jobs.send(name, data, sendOptions);
    },
  };
}

/**
 * The modules' services over the same ports as the server's (`buildServices`), for the commands that need
 * the whole of them: a payment's confirmation moves projects, orders and plans on; the demo spans every module.
 */
export async function openCommandServices(opened: OpenedDatabase) {
  const { config, database, log } = opened;
  const jobs = await commandJobs(opened);
  const storage = await createStorage({
    s3: config.s3,
    diskRoot: join(config.dataDir ?? '.', 'files'),
    uploadSecret: config.uploadSecret,
  });
  const mailer = createMailer({ db: database.db, smtpUrl: config.smtpUrl, from: config.mailFrom });
  // no metrics route in this process: the figures are counted in a registry nobody reads
  const metrics = createMetrics({ enabled: false, log });
  const { ctx } = await buildServices({
    config,
    database,
    storage,
    jobs,
    mailer,
    metrics,
    log,
    redis: [],
  });
  return {
    ctx,
    async close() {
      await ctx.bus.close();
      await jobs.stop();
    },
  };
}
