import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './app';
import type { Config } from './config';
import type { Database } from './db/client';
import type { Jobs } from './platform/jobs';
import type { Mailer } from './platform/mail/mail';
import type { Metrics } from './platform/metrics';
import type { Storage } from './platform/storage';
import type { RedisLink } from './platform/redis';
import { localInvalidationBus, redisInvalidationBus } from './platform/invalidation';
import { projectNews } from './platform/project-news';
import { createPaymentGateway } from './platform/payments/payments-port';
import { createMetalFeed } from './platform/metal-feed/metal-feed';
import { createAi } from './platform/ai/ai';
import { filesService } from './platform/files/files.service';
import { accountsService } from './modules/accounts/accounts.service';
import { sessionStore } from './modules/accounts/sessions';
import { authThrottleStore } from './modules/accounts/auth-throttle';
import { signupService } from './modules/accounts/signup.service';
import { onboardingService } from './modules/onboarding/onboarding.service';
import { catalogService } from './modules/catalog/catalog.service';
import { metalPricesService } from './modules/catalog/metal-prices.service';
import { pricingService } from './modules/pricing/pricing.service';
import { modelsService } from './modules/models/models.service';
import { projectsService } from './modules/projects/projects.service';
import { offersService } from './modules/offers/offers.service';
import { ratingsService } from './modules/ratings/ratings.service';
import { designersService } from './modules/designers/designers.service';
import { chatService } from './modules/chat/chat.service';
import { libraryService } from './modules/library/library.service';
import { paymentsService } from './modules/payments/payments.service';
import { projectPayments } from './modules/payments/project-payments';
import { ordersService } from './modules/orders/orders.service';
import { cartService } from './modules/cart/cart.service';
import { checkoutService } from './modules/cart/checkout.service';
import { billingService } from './modules/billing/billing.service';
import { designService } from './modules/design/design.service';
import { opsService } from './modules/ops/ops.service';
import { identityService } from './modules/identity/identity.service';
import { notificationsService } from './modules/notifications/notifications.service';
import { dashboardService } from './modules/dashboard/dashboard.service';

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
 * The modules' services over the ports, wired once: the app builds them (then its routes, jobs and
 * schedules over them), and so does the operator's command for the commands that need the whole of it
 * (a payment's confirmation reaches projects, orders and plans). Builds no server, worker or schedule.
 */
export async function buildServices(ports: Ports) {
  const { config, database, storage, jobs, mailer, metrics, log } = ports;
  const db = database.db;
  // the embedded database has this one process as its only writer: looked-up sessions may be kept
  const sessions = sessionStore(db, config.sessionTtlDays, {
    ...(database.kind === 'pglite' ? { keepWhileUnchanged: database.onWriteTo } : {}),
  });
  const throttle = authThrottleStore(db);
  const files = filesService({ db, storage });
  const onboarding = onboardingService(db);
  const redisLinks = [...ports.redis];
  // kept catalogs (pricing) are dropped on every node when staff change it
  const bus = config.redisUrl
    ? redisInvalidationBus(config.redisUrl, log, redisLinks)
    : localInvalidationBus();
  const catalog = catalogService(db, { bus });
  const pricing = pricingService({ db, catalog });
  const models = modelsService({ db, storage, files, config, jobs, log: log });
  const accounts = accountsService({ db, sessions, files, jobs, throttle });
  const signup = signupService({ db, sessions, files, jobs, accounts, onboarding, throttle });
  // project news (offers, status moves, lead times) to each party's own socket channel; the realtime server sets where
  const news = projectNews();
  const projects = projectsService({ db, jobs, storage, news });
  const chat = chatService({ db, jobs, storage, config, news });
  const { gateway, sandbox } = await createPaymentGateway({ db, jobs, config });
  const payments = paymentsService({
    db,
    jobs,
    gateway,
    publicUrl: config.publicUrl,
    currency: config.payments.currency,
    log,
    metrics: metrics.payments,
  });
  const library = libraryService({ db, storage, models });
  const orders = ordersService({ db, jobs, payments });
  const cart = cartService({ db, catalog, pricing, models, library, files });
  const ai = createAi(config.ai);
  // plans and credit packs are paid through the payments port; their confirmation applies them
  const billing = billingService({ db, jobs, accounts, payments });
  const designers = designersService({ db, projects, accounts });
  const ctx: AppContext = {
    config,
    database,
    db,
    storage,
    jobs,
    mailer,
    redis: redisLinks,
    sessions,
    throttle,
    files,
    accounts,
    signup,
    onboarding,
    catalog,
    metalPrices: metalPricesService({
      db,
      feed: createMetalFeed(config.metalFeed),
      log,
      changed: catalog.changed,
    }),
    pricing,
    models,
    projects,
    // the chat's quote cards follow the offers
    offers: offersService({ db, projects, onOfferChange: chat.offerChanged, news }),
    ratings: ratingsService({ db, projects }),
    designers,
    chat,
    library,
    gateway,
    payments,
    // a project's payments move it on; its completion releases their escrow
    projectPayments: projectPayments({ db, jobs, payments, projects }),
    orders,
    cart,
    // a cart payment's confirmation marks its order paid and takes the ordered lines out of the cart
    checkout: checkoutService({ db, cart, library, orders, payments }),
    billing,
    ai,
    design: designService({ db, storage, files, catalog, projects, ai, credits: billing.credits }),
    ops: opsService({ db }),
    identity: identityService({
      db,
      config: config.identity,
      publicUrl: config.publicUrl,
      sessions,
      accounts,
      signup,
      throttle,
      log,
    }),
    notifications: notificationsService({ db, mailer, publicUrl: config.publicUrl }),
    dashboard: dashboardService({ db, orders, designers }),
    metrics,
  };
  return {
    ctx,
    /** The sandbox gateway when it is the one chosen (its pages and event deliveries are the app's). */
    sandbox,
    news,
    /** Closed with the process (a Redis subscription when REDIS_URL is set). */
    bus,
  };
}
