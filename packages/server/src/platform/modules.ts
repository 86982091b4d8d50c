import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { AiPort } from './ai/ai';
import type { FilesService } from './files/files.service';
import type { InvalidationBus } from './invalidation';
import type { Jobs } from './jobs';
import type { Mailer } from './mail/mail';
import type { Metrics } from './metrics';
import type { PaymentGateway } from './payments/gateway';
import type { SandboxGateway } from './payments/sandbox-gateway';
import type { ProjectNews } from './project-news';
import type { RedisLink } from './redis';
import type { Storage } from './storage';

/**
 * What every module is built over: the ports the process opened (database, files, jobs, mail, Redis) and
 * the platform's shared parts (the payments port, the AI port, project news, the invalidation bus).
 */
export interface Platform {
  config: Config;
  database: Database;
  db: Db;
  storage: Storage;
  jobs: Jobs;
  mailer: Mailer;
  /** The Prometheus figures (decision 054); a process without the route gives a disabled one. */
  metrics: Metrics;
  log: FastifyBaseLogger;
  /** Every Redis connection of this process (rate limits, the bus, chat), for the health answer. */
  redis: RedisLink[];
  files: FilesService;
  /** Project news (offers, status moves, lead times) to each party's own socket channel. */
  news: ProjectNews;
  /** Kept data (catalogs) dropped on every node when it changes. */
  bus: InvalidationBus;
  /** The payments port: Stripe when STRIPE_* is set, the sandbox otherwise. */
  gateway: PaymentGateway;
  /** The sandbox gateway when it is the one chosen (its pages and event deliveries are the app's). */
  sandbox: SandboxGateway | null;
  /** The AI port: OpenAI-compatible when AI_* are set, off otherwise. */
  ai: AiPort;
}

/**
 * What each module provides, by module name, filled in by the modules themselves (declaration merging):
 *
 *     declare module '../../platform/modules' {
 *       interface Modules { offers: { offers: OffersService } }
 *     }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface Modules {}

export type ModuleName = keyof Modules;

type UnionToIntersection<U> = (U extends unknown ? (value: U) => void : never) extends (
  value: infer I,
) => void
  ? I
  : never;

/** The services the named modules provide, as one object type. */
export type ServicesOf<N extends ModuleName> = [N] extends [never]
  ? unknown
  : UnionToIntersection<Modules[N]>;

/** Every module's services. */
export type Services = ServicesOf<ModuleName>;

/** Everything a route may use (`app.ctx`): the platform, then every module's services. */
export type AppContext = Platform & Services;

/** A module's routes: Fastify plugins with the zod type provider. */
export type ModuleRoutes = FastifyPluginAsyncZod;

/**
 * One module, declared in its own `modules/<name>/<name>.module.ts`: its name, the modules whose services
 * it builds on, how it builds its own, its routes and its jobs. Routes and jobs are imported when they are
 * used (`import()` inside), so a process that only needs the services (the operator's command) never loads
 * the HTTP layer or the workers.
 */
export interface ModuleDefinition<N extends ModuleName, D extends ModuleName = never> {
  name: N;
  /** The modules whose services `build` uses; built first. */
  dependsOn: readonly D[];
  /** The service names `build` returns (checked when the app is built). */
  provides: readonly (keyof Modules[N])[];
  build(deps: Platform & ServicesOf<D>): Modules[N] | Promise<Modules[N]>;
  /** Registered in order by `buildApp`, after the platform's hooks (the settings may leave some out). */
  routes?(config: Config): Promise<readonly ModuleRoutes[]>;
  /** Queue workers and schedules; the server starts them, the operator's command never does. */
  jobs?(ctx: Platform & ServicesOf<D | N>): Promise<void>;
}

/** Declares a module (an identity function that keeps its types). */
export function defineModule<N extends ModuleName, D extends ModuleName = never>(
  definition: ModuleDefinition<N, D>,
): ModuleDefinition<N, D> {
  return definition;
}

/** A module of any name, as the loader sees it. */
export interface AnyModule {
  name: string;
  dependsOn: readonly string[];
  provides: readonly PropertyKey[];
  build(deps: never): object | Promise<object>;
  routes?(config: Config): Promise<readonly ModuleRoutes[]>;
  jobs?(ctx: never): Promise<void>;
}

/**
 * The modules in an order where each comes after the modules it depends on (the given order kept where it
 * is free). An unknown dependency or a cycle is a start-up error naming the modules.
 */
export function dependencyOrder<M extends AnyModule>(modules: readonly M[]): M[] {
  const byName = new Map<string, M>();
  for (const module of modules) {
    if (byName.has(module.name)) throw new Error(`Two modules are named ${module.name}.`);
    byName.set(module.name, module);
  }
  const ordered: M[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (module: M, path: string[]) => {
    const seen = state.get(module.name);
    if (seen === 'done') return;
    if (seen === 'visiting') {
      const cycle = [...path.slice(path.indexOf(module.name)), module.name];
      throw new Error(`The modules depend on each other in a cycle: ${cycle.join(' -> ')}.`);
    }
    state.set(module.name, 'visiting');
    for (const name of module.dependsOn) {
      const dependency = byName.get(name);
      if (!dependency)
        throw new Error(`The module ${module.name} depends on ${name}, which is not a module.`);
      visit(dependency, [...path, module.name]);
    }
    state.set(module.name, 'done');
    ordered.push(module);
  };
  for (const module of modules) visit(module, []);
  return ordered;
}

/**
 * Builds every module's services in dependency order. Each module's `build` sees the platform and the
 * services of the modules it declared, nothing else, so an undeclared dependency fails at once.
 */
export async function buildModules(
  platform: Platform,
  modules: readonly AnyModule[],
): Promise<{ ctx: AppContext; ordered: AnyModule[] }> {
  const ordered = dependencyOrder(modules);
  const provided = new Map<string, Record<PropertyKey, unknown>>();
  for (const module of ordered) {
    const deps: Record<PropertyKey, unknown> = { ...platform };
    for (const name of module.dependsOn) Object.assign(deps, provided.get(name));
    const made = (await module.build(deps as never)) as Record<PropertyKey, unknown>;
    const names = Reflect.ownKeys(made);
    const expected = new Set(module.provides);
    if (names.length !== expected.size || names.some((name) => !expected.has(name))) {
      throw new Error(
        `The module ${module.name} provides ${names.map(String).join(', ') || 'nothing'}, ` +
          `but declares ${[...expected].map(String).join(', ') || 'nothing'}.`,
      );
    }
    for (const name of names) {
      if (name in platform || [...provided.values()].some((services) => name in services)) {
        throw new Error(`The module ${module.name} provides ${String(name)}, which another part provides.`);
      }
    }
    provided.set(module.name, made);
  }
  const ctx = Object.assign({}, platform, ...provided.values()) as AppContext;
  return { ctx, ordered };
}
