import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import type { Jobs } from './platform/jobs';
import type { Mailer } from './platform/mail/mail';
import type { Metrics } from './platform/metrics';
import type { Storage } from './platform/storage';
import type { RedisLink } from './platform/redis';
import { localInvalidationBus, redisInvalidationBus } from './platform/invalidation';
import { buildModules, type Platform } from './platform/modules';
import { projectNews } from './platform/project-news';
import { createPaymentGateway } from './platform/payments/payments-port';
import { createAi } from './platform/ai/ai';
import { filesService } from './platform/files/files.service';
import { MODULES } from './modules/registry.generated';

/** The ports a process has opened: the database, files, jobs, mail, its log and its Redis links. */
export interface Ports {
  config: Config;
  database: Database;
  storage: Storage;
  jobs: Jobs;
  mailer: Mailer;
  /** The Prometheus figures (decision 054); a process without the route gives a disabled one. */
  metrics: Metrics;
  log: FastifyBaseLogger;
  /** The Redis links opened so far (rate limits); the invalidation bus adds its own. */
  redis: RedisLink[];
}

/**
 * The platform's shared parts over the ports, then every module's services (each module's registration,
 * `modules/<name>/<name>.module.ts`, in dependency order): the app builds them (then the modules' routes
 * and jobs over them), and so does the operator's command for the commands that need the whole of it (a
 * payment's confirmation reaches projects, orders and plans). Builds no server, worker or schedule.
 */
export async function buildServices(ports: Ports) {
  const { config, database, jobs, log } = ports;
  const db = database.db;
  const redis = [...ports.redis];
  // kept catalogs (pricing) are dropped on every node when staff change it
  const bus = config.redisUrl ? redisInvalidationBus(config.redisUrl, log, redis) : localInvalidationBus();
  const { gateway, sandbox } = await createPaymentGateway({ db, jobs, config });
  const platform: Platform = {
    ...ports,
    db,
    redis,
    files: filesService({ db, storage: ports.storage }),
    news: projectNews(),
    bus,
    gateway,
    sandbox,
    ai: createAi(config.ai),
  };
  const { ctx, ordered } = await buildModules(platform, MODULES);
  return { ctx, modules: ordered };
}
