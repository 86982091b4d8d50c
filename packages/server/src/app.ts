import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { embeddedDatabaseDir, openDatabase } from './db/client';
import { installSameOriginCheck } from './platform/auth';
import { installSessionReader, readSession } from './modules/accounts/session-hook';
import { installErrorHandler } from './platform/error-handler';
import { personalPages } from './platform/personal-pages';
import { TIME_ZONE_COOKIE } from '@facet/domain/format';
import { frameworkErrors, installInputGuard } from './platform/input-guard';
import { checkedSerializerCompiler, namedComponents } from './platform/openapi';
import { startJobs } from './platform/jobs';
import { createMetrics, installHttpMetrics, installMetricsRoute } from './platform/metrics';
import { createMailer } from './platform/mail/mail';
import { createStorage, type Storage } from './platform/storage';
import { SESSION_COOKIE } from './modules/accounts/sessions.service';
import { filesRoutes } from './platform/files/files.routes';
import { seedReference } from './db/seed';
import { seedDemo } from './demo/seed-demo';
import { buildServices } from './services';
import type { AppContext } from './platform/modules';
import { installRealtime } from './modules/chat/realtime';
import { connectRedis, type RedisLink } from './platform/redis';
import { rateLimitStore } from './platform/rate-limit-store';
import { registerPaymentJobs } from './platform/payments/payments-port';
import { sandboxRoutes } from './platform/payments/sandbox.routes';
import { startOrderAnnouncements } from './modules/orders/orders.announce';
import { installStaffAudit, installStaffGuard } from './platform/audit/audit';

export type { AppContext };

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** Demo logins printed at start (empty when demo seeding is off). */
  demoLogins: { role: string; email: string; password: string }[];
}

type Server = ReturnType<typeof createServer>;

/** Where the log goes instead of stdout (tests read what the app logged). */
export interface BuildOptions {
  logStream?: { write(line: string): void };
  /** Sees every statement sent through drizzle (the API benchmark's EXPLAIN capture). */
  onQuery?: (text: string, params: unknown[]) => void;
  /** How often the sessions of open sockets are checked (30 s; a test shortens it). */
  socketSessionCheckMs?: number;
  /** The in-memory embedded database starts as a copy of these files (the tests' migrated copy). */
  embeddedStart?: Blob;
}

/** The Fastify instance with our logger, request ids, limits, proxy trust, validators and error shape. */
function createServer(config: Config, options: BuildOptions) {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            ...(options.logStream ? { stream: options.logStream } : {}),
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
            ...(config.env === 'development' && process.stdout.isTTY
              ? {
                  transport: {
                    target: 'pino-pretty',
                    options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
                  },
                }
              : {}),
          },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: config.bodyLimitBytes,
    // X-Forwarded-For is believed only from the proxies named by TRUST_PROXY (off by default)
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    // chat room ids (spec: three ids and 4 digits) are longer than the default 100
    routerOptions: { maxParamLength: 256 },
    // a malformed address or an over-long path param: the one error shape, not Fastify's own
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // development and tests: a response schema that would drop a field fails the request
  app.setSerializerCompiler(checkedSerializerCompiler(config.env !== 'production'));
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  return app;
}

/** Errors, input rules, security headers, cookies, uploads, rate limits, sessions and the OpenAPI document. */
async function installHttpLayer(
  app: Server,
  config: Config,
  storage: Storage,
  rateLimitRedis: RedisLink | null,
) {
  installErrorHandler(app);
  installInputGuard(app);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: [
          "'self'",
          'ws:',
          'wss:',
          'blob:',
          // the bucket, when uploads go straight to S3
          ...(storage.uploadOrigin ? [storage.uploadOrigin] : []),
        ],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.cookieSecure ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cookie);
  await app.register(multipart, {
    limits: { fileSize: 20 * 1024 * 1024, files: 20, fields: 10, fieldSize: 256 * 1024 },
  });
  await app.register(rateLimit, {
    global: false,
    // counters in Redis, shared by the nodes, else (and while Redis is away) in this node's memory
    store: rateLimitStore(rateLimitRedis, config.rateLimitNamespace),
  });
  installSessionReader(app);
  installSameOriginCheck(app, [config.publicUrl.replace(/\/$/, '')]);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Facet API',
        version: '1.0.0',
        description:
          'Custom jewelry: accounts, models and pricing, projects and offers, chat. Errors are `{ "error": { "code", "message" } }`.',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'facet_session' } } },
    },
    transform: jsonSchemaTransform,
    // schemas with a `.meta({ id })` become named components (Project, Offer, Error, …) referenced by $ref
    transformObject: namedComponents,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

/** How long a browser may keep a file of the built app: hashed assets for a year, the rest not at all. */
const cacheControlOf = (file: string) =>
  file.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';

/** The built web app; any other path is the SPA's (its router shows the not-found page). */
async function serveWebApp(app: Server, config: Config) {
  if (!existsSync(join(config.webDistDir, 'index.html'))) return;
  // the build writes .br and .gz copies of text files (packages/web/scripts/precompress.mjs): sent as they
  // are when the browser accepts them, with Vary: Accept-Encoding
  await app.register(fastifyStatic, {
    root: config.webDistDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    // hashed assets never change: cached for a year; anything else is asked for again each time
    cacheControl: false,
    setHeaders: (reply, path) =>
      reply.header('cache-control', cacheControlOf(relative(config.webDistDir, path))),
  });
  // public pages the build rendered for a signed-out visitor (packages/web/scripts/prerender.mjs):
  // '/' -> prerendered/index.html, '/explore' -> prerendered/explore.html
  const prerenderedDir = join(config.webDistDir, 'prerendered');
  const prerendered = new Set(
    existsSync(prerenderedDir)
      ? readdirSync(prerenderedDir)
          .filter((name) => name.endsWith('.html'))
          .map((name) => (name === 'index.html' ? '/' : `/${name.slice(0, -'.html'.length)}`))
      : [],
  );
  // signed-in pages whose head names their route's chunks: '/dashboard' -> prerendered/signed-in/dashboard.html
  const signedInDir = join(prerenderedDir, 'signed-in');
  const signedIn = new Set(
    existsSync(signedInDir)
      ? readdirSync(signedInDir)
          .filter((name) => name.endsWith('.html'))
          .map((name) => `/${name.slice(0, -'.html'.length)}`)
      : [],
  );
  // signed-in pages rendered per person (platform/personal-pages.ts): for an active session whose account
  // may see the page; anything else (no such session, the database away) gets the loading-screen head
  const personal = personalPages(config.webDistDir, app.log);
  async function personalPage(url: string, request: FastifyRequest) {
    if (!personal) return null;
    const user = await readSession(app, request).catch(() => null);
    if (!user) return null;
    const me = await app.ctx.accounts.toMe(user).catch(() => null);
    if (!me) return null;
    return personal.render(url, me, {
      timeZone: request.cookies[TIME_ZONE_COOKIE],
      acceptEncoding: request.headers['accept-encoding'],
    });
  }
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const [url = '/', query] = request.url.split('?');
    if (url.startsWith('/api/') || url.startsWith('/dev/') || url.startsWith('/sandbox/')) {
      return reply.status(404).send({ error: { code: 'not_found', message: `No route GET ${url}.` } });
    }
    if (signedIn.has(url)) {
      // with a session the route's chunks load beside the app's; without one the page only sends the
      // visitor to sign in, so it gets the plain page
      void reply.header('vary', 'Cookie');
      if (request.cookies[SESSION_COOKIE] === undefined) return reply.sendFile('index.html');
      const page = personal?.paths.has(url) ? await personalPage(url, request) : null;
      if (page) {
        // the person's own page: never kept by a shared cache, nor by the browser (the next visit shows news)
        void reply
          .header('vary', 'Cookie, Accept-Encoding')
          .header('cache-control', 'private, no-store')
          .type('text/html; charset=utf-8');
        if (page.encoding) void reply.header('content-encoding', page.encoding);
        return reply.send(page.body);
      }
      return reply.sendFile(`prerendered/signed-in${url}.html`);
    }
    if (prerendered.has(url)) {
      // the answer depends on the session cookie: a signed-in person gets the app's plain page, whose
      // first render knows them; a visitor without one gets the page's markup (a query string may change
      // what the page shows, so it gets the plain page too)
      void reply.header('vary', 'Cookie');
      if (!query && request.cookies[SESSION_COOKIE] === undefined) {
        return reply.sendFile(`prerendered/${url === '/' ? 'index' : url.slice(1)}.html`);
      }
      return reply.sendFile('index.html');
    }
    const file = url.slice(1);
    if (file && !file.includes('..') && existsSync(join(config.webDistDir, file))) {
      return reply.sendFile(file);
    }
    return reply.sendFile('index.html');
  });
}

/** Builds the whole server (tests build it too): migrate, seed, wire ports and modules. Does not listen. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<BuiltApp> {
  const app = createServer(config, options);
  const metrics = createMetrics({ enabled: config.metricsToken !== undefined, log: app.log });

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir ? embeddedDatabaseDir(config.dataDir) : null,
    onQuery: options.onQuery,
    startFrom: options.embeddedStart,
  });
  await database.migrate();
  const db = database.db;
  // without a data folder (tests) files go to a scratch folder removed on close
  const scratchDir = config.dataDir ? null : mkdtempSync(join(tmpdir(), 'facet-files-'));
  const storage = await createStorage({
    s3: config.s3,
    diskRoot: scratchDir ?? join(config.dataDir!, 'files'),
    uploadSecret: config.uploadSecret,
  });
  const jobs = await startJobs({
    sql: database.sql,
    runWorkers: config.runWorkers,
    // tests run the scheduled handlers themselves, never by the clock
    runSchedules: config.env !== 'test',
    log: app.log,
    onFailure: metrics.jobFailed,
  });
  const mailer = createMailer({ db, smtpUrl: config.smtpUrl, from: config.mailFrom });
  const rateLimitRedis = config.redisUrl ? connectRedis(config.redisUrl, 'rate-limit', app.log) : null;
  const { ctx, modules } = await buildServices({
    config,
    database,
    storage,
    jobs,
    mailer,
    metrics,
    log: app.log,
    redis: rateLimitRedis ? [rateLimitRedis] : [],
  });
  const { sandbox, bus } = ctx;
  app.decorate('ctx', ctx);

  // each module's queue workers and schedules (modules/<name>/<name>.module.ts)
  for (const module of modules) await module.jobs?.(ctx as never);
  await seedReference(ctx);
  const demoLogins = config.seedDemo ? await seedDemo(ctx) : [];

  // every request timed by its route's pattern (a hook of the root, before any route)
  installHttpMetrics(app, metrics);
  await installHttpLayer(app, config, storage, rateLimitRedis);
  // every /api/staff/... route: staff only, before its input is read; each change audited (decision 038)
  installStaffGuard(app);
  installStaffAudit(app);
  // order stage moves made in other modules' transactions (the payment's confirmation) are told after them
  const orderAnnouncements = startOrderAnnouncements(app, ctx.orders);

  await app.register(filesRoutes);
  // each module's routes, in dependency order
  for (const module of modules) {
    for (const routes of (await module.routes?.(config)) ?? []) await app.register(routes);
  }
  const io = await installRealtime(app, {
    chat: ctx.chat,
    news: ctx.news,
    sessions: ctx.sessions,
    redisUrl: config.redisUrl,
    publicUrl: config.publicUrl,
    sessionCheckMs: options.socketSessionCheckMs,
  });
  // read at each scrape: the sockets open here, the pool's connections, the queues (time-limited)
  metrics.watch({
    sockets: () => io.of('/').sockets.size,
    pool: () => database.poolStats(),
    queues: () => jobs.counts(),
  });
  installMetricsRoute(app, metrics, config.metricsToken);
  if (sandbox) {
    await app.register(sandboxRoutes, { sandbox, publicUrl: config.publicUrl });
    // the sandbox's events reach our webhook as HTTP requests, in process
    registerPaymentJobs(sandbox, async (body, headers) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/webhooks/payments',
        headers,
        payload: body,
      });
      return response.statusCode;
    });
  }

  await serveWebApp(app, config);

  app.addHook('onClose', async () => {
    sandbox?.setDeliverer(null);
    await orderAnnouncements.stop();
    await jobs.stop();
    await rateLimitRedis?.close();
    await bus.close();
    await database.close();
    if (scratchDir) rmSync(scratchDir, { recursive: true, force: true });
  });

  return { app, ctx, demoLogins };
}
