import { resolve } from 'node:path';
import { z } from 'zod';
import { CURRENCY_CODES, type CurrencyCode } from '@facet/domain/money';
import type { AiConfig } from './platform/ai/ai';
import type { MetalFeedConfig } from './platform/metal-feed/metal-feed';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const url = z.url({ message: 'must be a URL' });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(1, { message: 'must be between 1 and 65535' })
    .max(65535, { message: 'must be between 1 and 65535' })
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: url.optional(),
  DATA_DIR: z.string().min(1, { message: 'must not be empty' }).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { message: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { message: 'must be a redis:// or rediss:// URL' })
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { message: 'must be an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: z.string().default('Facet <hello@facet.studio>'),
  STAFF_EMAIL_DOMAIN: z.string().default('facet.studio'),
  SEED_DEMO: bool.optional(),
  SEED_DEMO_MONEY: bool.default(true),
  COOKIE_SECURE: bool.optional(),
  SESSION_TTL_DAYS: z.coerce.number({ message: 'must be a number' }).int().min(1).max(365).default(30),
  TRUST_PROXY: z
    .string()
    .regex(/^(false|true|\d{1,2}|[\w.:/]+(\s*,\s*[\w.:/]+)*)$/, {
      message: 'must be false, true, a hop count or a comma-separated list of proxy addresses',
    })
    .optional(),
  LOGIN_RATE_LIMIT: z.coerce.number({ message: 'must be a number' }).int().min(1).default(10),
  SIGNUP_RATE_LIMIT: z.coerce.number({ message: 'must be a number' }).int().min(1).default(20),
  BODY_LIMIT_BYTES: z.coerce
    .number({ message: 'must be a number' })
    .int()
    .min(1024)
    .default(1024 * 1024),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEV_MAILBOX: bool.optional(),
  MAX_MODEL_BYTES: z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(1024, { message: 'must be at least 1024' })
    .default(250 * 1024 * 1024),
  ANALYSIS_TIMEOUT_MS: z.coerce.number({ message: 'must be a number' }).int().min(1000).default(60_000),
  UPLOAD_SECRET: z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
  S3_BUCKET: z.string().min(3, { message: 'must be a bucket name' }).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ENDPOINT: url.optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, { message: 'must be a Stripe secret key (sk_…)' })
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, { message: 'must be a webhook signing secret (whsec_…)' })
    .optional(),
  /** The connected-accounts endpoint's signing secret (Stripe sends `account.updated` of a pro's account there). */
  STRIPE_CONNECT_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, { message: 'must be a webhook signing secret (whsec_…)' })
    .optional(),
  STRIPE_API_URL: url.optional(),
  /** The currency every payment is asked in: one of the known list, in any case ('EUR' or 'eur'). */
  PAYMENTS_CURRENCY: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(
      z.enum(CURRENCY_CODES, {
        message: `must be one of the known currencies: ${CURRENCY_CODES.join(', ')}`,
      }),
    )
    .default('usd'),
  PAYMENTS_SANDBOX: bool.optional(),
  PAYMENTS_SANDBOX_CHAOS: bool.optional(),
  AI_BASE_URL: url.optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_IMAGE_MODEL: z.string().min(1).optional(),
  AI_TEXT_MODEL: z.string().min(1).optional(),
  AI_TIMEOUT_MS: z.coerce
    .number({ message: 'must be a number' })
    .int()
    .min(1000)
    .max(120_000)
    .default(60_000),
  AI_MAX_RETRIES: z.coerce.number({ message: 'must be a number' }).int().min(0).max(5).default(2),
  ...identityEnv('IDENTITY_CUSTOMER'),
  ...identityEnv('IDENTITY_PRO'),
  IDENTITY_TIMEOUT_MS: z.coerce.number({ message: 'must be a number' }).int().min(1000).default(10_000),
  IDENTITY_RETRIES: z.coerce.number({ message: 'must be a number' }).int().min(0).max(10).default(3),
  IDENTITY_LEEWAY_SECONDS: z.coerce.number({ message: 'must be a number' }).int().min(0).max(600).default(60),
  IDENTITY_TOKEN_KEY: z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
  METAL_PRICE_FEED_URL: url.optional(),
  METAL_PRICE_FEED_KEY: z.string().min(1).optional(),
  METAL_PRICE_FEED_KEY_PARAM: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, { message: 'must be a query parameter name' })
    .default('api_key'),
  METAL_PRICE_FEED_TIMEOUT_MS: z.coerce
    .number({ message: 'must be a number' })
    .int()
    .min(500)
    .max(60_000)
    .default(10_000),
  METRICS_TOKEN: z
    .string()
    .min(16, { message: 'must be at least 16 characters' })
    .regex(/^\S+$/, { message: 'must not contain spaces' })
    .optional(),
});

/**
 * One identity tenant's keys: PREFIX_ISSUER, _CLIENT_ID, _CLIENT_SECRET, _AUDIENCE, _ORGANIZATION, _NAME, and
 * _MAX_AGE (seconds since the person last authenticated at the provider; spec section 5's auth_time rule).
 */
function identityEnv<P extends string>(prefix: P) {
  const maxAge = {
    [`${prefix}_MAX_AGE`]: z.coerce
      .number({ message: 'must be a number of seconds' })
      .int({ message: 'must be a whole number of seconds' })
      .min(0, { message: 'must be 0 or more seconds' })
      .max(31_536_000, { message: 'must be at most a year (31536000 seconds)' })
      .optional(),
  } as Record<`${P}_MAX_AGE`, z.ZodOptional<z.ZodCoercedNumber>>;
  const strings = {
    [`${prefix}_ISSUER`]: url.optional(),
    [`${prefix}_CLIENT_ID`]: z.string().min(1).optional(),
    [`${prefix}_CLIENT_SECRET`]: z.string().min(1).optional(),
    [`${prefix}_AUDIENCE`]: z.string().min(1).optional(),
    [`${prefix}_ORGANIZATION`]: z.string().min(1).optional(),
    [`${prefix}_NAME`]: z.string().min(1).max(40).optional(),
  } as Record<
    `${P}_${'ISSUER' | 'CLIENT_ID' | 'CLIENT_SECRET' | 'AUDIENCE' | 'ORGANIZATION' | 'NAME'}`,
    z.ZodOptional<z.ZodString>
  >;
  return { ...strings, ...maxAge };
}

/** A configured identity tenant (an OpenID provider's application). */
export interface IdentityTenantConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The API audience asked for (Auth0's `audience` parameter); none when unset. */
  audience?: string;
  /** An organization id (org_…) or name the ID token must carry; none when unset. */
  organization?: string;
  /** What the login page says: "Continue with {name}". */
  name: string;
  /**
   * Seconds: sent as `max_age` in the authorization request, and the ID token's auth_time must be no older
   * (spec section 5); none when unset.
   */
  maxAge?: number;
}

export interface IdentityConfig {
  /** Customers sign in against one tenant, designers and service providers against the other (null: off). */
  customer: IdentityTenantConfig | null;
  professional: IdentityTenantConfig | null;
  /** Request time-out to the provider (spec: 10 s), retries of a failed request (3), clock leeway (60 s). */
  timeoutMs: number;
  retries: number;
  leewaySeconds: number;
  /** Encrypts the provider's tokens at rest; a random per-process key when unset. */
  tokenKey?: string;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  /** null: keep everything in memory (tests). */
  dataDir: string | null;
  databaseUrl?: string;
  redisUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  staffEmailDomain: string;
  seedDemo: boolean;
  /** With the demo, its past money: payments of the history's projects and past orders (dashboards' months). */
  seedDemoMoney: boolean;
  cookieSecure: boolean;
  sessionTtlDays: number;
  /**
   * Which proxies' X-Forwarded-For to believe for the client's address (Fastify's `trustProxy`): false
   * (default, the socket's address counts), a hop count, or a list of proxy addresses and CIDR ranges.
   */
  trustProxy: boolean | number | string[];
  loginRateLimit: number;
  signupRateLimit: number;
  /** Prefix of the rate-limit counters in Redis (tests give each app its own). */
  rateLimitNamespace: string;
  bodyLimitBytes: number;
  logLevel: string;
  devMailbox: boolean;
  webDistDir: string;
  /** Largest model file a customer may upload, in bytes (default 250 MB). */
  maxModelBytes: number;
  /** Longest a model analysis may take before it is given up as failed. */
  analysisTimeoutMs: number;
  /** Signs disk upload links; a random per-process secret when unset. */
  uploadSecret?: string;
  /** Model and file storage in an S3-compatible bucket; null: the disk under DATA_DIR. */
  s3: {
    bucket: string;
    region: string;
    endpoint?: string;
    accessKeyId?: string;
    secretAccessKey?: string;
  } | null;
  /**
   * Payments: Stripe when both STRIPE_ keys are set (STRIPE_API_URL points the SDK elsewhere, e.g. a local
   * test server), the sandbox gateway otherwise; `sandboxChaos` makes the sandbox deliver some events
   * twice and late, as real gateways do.
   */
  payments: {
    stripe: {
      secretKey: string;
      webhookSecret: string;
      /** The connected-accounts endpoint's secret, tried when the account endpoint's does not verify. */
      connectWebhookSecret?: string;
      apiUrl?: string;
      timeoutMs?: number;
    } | null;
    currency: CurrencyCode;
    sandboxChaos: boolean;
  };
  /**
   * The AI port (concept images, text helpers): an OpenAI-compatible API when AI_BASE_URL and AI_API_KEY
   * are set (with AI_IMAGE_MODEL and/or AI_TEXT_MODEL); null: off, the wizard says so.
   */
  ai: AiConfig | null;
  /** Federated sign-in (OpenID Connect); first-party accounts stay the default. */
  identity: IdentityConfig;
  /**
   * The metal-price port (decision 037): a feed provider read hourly when METAL_PRICE_FEED_URL is set;
   * null: staff enter each day's spot price.
   */
  metalFeed: MetalFeedConfig | null;
  /** Run the job workers in this process (always, unless a test wants to drive them itself). */
  runWorkers: boolean;
  /** The bearer token of `GET /api/metrics` (Prometheus); unset: no metrics route (decision 054). */
  metricsToken?: string;
}

export class ConfigError extends Error {}

/** Parse the environment once, at boot; every bad key is named. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const s3Keys = ['S3_REGION', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  if (!e.S3_BUCKET && s3Keys.some((k) => e[k] !== undefined)) {
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET: must be set when other S3_ keys are');
  }
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID: must be set together with S3_SECRET_ACCESS_KEY',
    );
  }
  if ((e.STRIPE_SECRET_KEY === undefined) !== (e.STRIPE_WEBHOOK_SECRET === undefined)) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_SECRET_KEY: must be set together with STRIPE_WEBHOOK_SECRET',
    );
  }
  if ((e.AI_BASE_URL === undefined) !== (e.AI_API_KEY === undefined)) {
    throw new ConfigError('Invalid configuration:\n  AI_BASE_URL: must be set together with AI_API_KEY');
  }
  if (e.AI_BASE_URL && !e.AI_IMAGE_MODEL && !e.AI_TEXT_MODEL) {
    throw new ConfigError(
      'Invalid configuration:\n  AI_IMAGE_MODEL: set AI_IMAGE_MODEL or AI_TEXT_MODEL when AI_BASE_URL is set',
    );
  }
  const production = e.NODE_ENV === 'production';
  const stripeSet = e.STRIPE_SECRET_KEY !== undefined && e.STRIPE_WEBHOOK_SECRET !== undefined;
  if (stripeSet && e.PAYMENTS_SANDBOX === true) {
    throw new ConfigError(
      'Invalid configuration:\n  PAYMENTS_SANDBOX: set PAYMENTS_SANDBOX=true or the STRIPE_ keys, not both',
    );
  }
  const refusals = production ? productionRefusals(e) : [];
  if (!production && !stripeSet && e.PAYMENTS_SANDBOX === false)
    refusals.push(...stripeRefusals(e, 'when PAYMENTS_SANDBOX=false'));
  if (refusals.length > 0) {
    throw new ConfigError(
      `${production ? 'Refusing to start in production' : 'Invalid configuration'}:\n${refusals.map((line) => `  ${line}`).join('\n')}`,
    );
  }
  const identityTenant = (prefix: 'IDENTITY_CUSTOMER' | 'IDENTITY_PRO', fallbackName: string) => {
    const issuer = e[`${prefix}_ISSUER`];
    const clientId = e[`${prefix}_CLIENT_ID`];
    const clientSecret = e[`${prefix}_CLIENT_SECRET`];
    const set = [issuer, clientId, clientSecret].filter((v) => v !== undefined).length;
    if (set === 0) return null;
    if (set < 3) {
      throw new ConfigError(
        `Invalid configuration:\n  ${prefix}_ISSUER: set ${prefix}_ISSUER, ${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET together`,
      );
    }
    return {
      issuer: issuer!,
      clientId: clientId!,
      clientSecret: clientSecret!,
      audience: e[`${prefix}_AUDIENCE`],
      organization: e[`${prefix}_ORGANIZATION`],
      name: e[`${prefix}_NAME`] ?? fallbackName,
      maxAge: e[`${prefix}_MAX_AGE`],
    };
  };
  const identity: IdentityConfig = {
    customer: identityTenant('IDENTITY_CUSTOMER', 'your company account'),
    professional: identityTenant('IDENTITY_PRO', 'your company account'),
    timeoutMs: e.IDENTITY_TIMEOUT_MS,
    retries: e.IDENTITY_RETRIES,
    leewaySeconds: e.IDENTITY_LEEWAY_SECONDS,
    tokenKey: e.IDENTITY_TOKEN_KEY,
  };
  return {
    identity,
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    staffEmailDomain: e.STAFF_EMAIL_DOMAIN,
    // the demo's accounts have a published password: in production only when asked for by name
    seedDemo: e.SEED_DEMO ?? !production,
    seedDemoMoney: e.SEED_DEMO_MONEY,
    cookieSecure: e.COOKIE_SECURE ?? production,
    sessionTtlDays: e.SESSION_TTL_DAYS,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    signupRateLimit: e.SIGNUP_RATE_LIMIT,
    rateLimitNamespace: 'facet-rate:',
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    logLevel: e.LOG_LEVEL,
    // the outbox page shows every mail: never on by default in production
    devMailbox: e.DEV_MAILBOX ?? (!e.SMTP_URL && !production),
    webDistDir: resolve(new URL('../../web/dist', import.meta.url).pathname),
    runWorkers: true,
    maxModelBytes: e.MAX_MODEL_BYTES,
    analysisTimeoutMs: e.ANALYSIS_TIMEOUT_MS,
    uploadSecret: e.UPLOAD_SECRET,
    payments: {
      stripe:
        e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
          ? {
              secretKey: e.STRIPE_SECRET_KEY,
              webhookSecret: e.STRIPE_WEBHOOK_SECRET,
              connectWebhookSecret: e.STRIPE_CONNECT_WEBHOOK_SECRET,
              apiUrl: e.STRIPE_API_URL,
            }
          : null,
      currency: e.PAYMENTS_CURRENCY,
      sandboxChaos: e.PAYMENTS_SANDBOX_CHAOS ?? e.NODE_ENV === 'development',
    },
    ai:
      e.AI_BASE_URL && e.AI_API_KEY
        ? {
            baseUrl: e.AI_BASE_URL,
            apiKey: e.AI_API_KEY,
            imageModel: e.AI_IMAGE_MODEL ?? null,
            textModel: e.AI_TEXT_MODEL ?? null,
            timeoutMs: e.AI_TIMEOUT_MS,
            maxRetries: e.AI_MAX_RETRIES,
          }
        : null,
    metalFeed: e.METAL_PRICE_FEED_URL
      ? {
          url: e.METAL_PRICE_FEED_URL,
          apiKey: e.METAL_PRICE_FEED_KEY ?? null,
          keyParam: e.METAL_PRICE_FEED_KEY_PARAM,
          timeoutMs: e.METAL_PRICE_FEED_TIMEOUT_MS,
        }
      : null,
    metricsToken: e.METRICS_TOKEN,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION ?? 'us-east-1',
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        }
      : null,
  };
}

type Env = z.infer<typeof envSchema>;

/** The Stripe keys a setup without the sandbox gateway lacks, one line each. */
function stripeRefusals(e: Env, when: string): string[] {
  return (['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const)
    .filter((key) => e[key] === undefined)
    .map(
      (key) =>
        `${key}: required ${when} (or PAYMENTS_SANDBOX=true for the sandbox gateway, which accepts test cards)`,
    );
}

/**
 * What a production start refuses (decision 055), one line per problem so an operator fixes them all in one
 * go: the test-card gateway, the published demo logins, per-process random secrets and plain-http cookies
 * are for trying Facet out, never the default of a real installation.
 */
function productionRefusals(e: Env): string[] {
  const refusals: string[] = [];
  if (!(e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET) && e.PAYMENTS_SANDBOX !== true)
    refusals.push(...stripeRefusals(e, 'in production'));
  const identityConfigured = (['IDENTITY_CUSTOMER', 'IDENTITY_PRO'] as const).some((prefix) =>
    (['ISSUER', 'CLIENT_ID', 'CLIENT_SECRET'] as const).some((key) => e[`${prefix}_${key}`] !== undefined),
  );
  if (identityConfigured && !e.IDENTITY_TOKEN_KEY)
    refusals.push(
      'IDENTITY_TOKEN_KEY: required in production when an identity provider is configured (encrypts its tokens at rest; at least 32 characters)',
    );
  // the key signs links to the disk storage; a bucket's uploads are presigned by the bucket's own keys
  if (!e.UPLOAD_SECRET && !e.S3_BUCKET)
    refusals.push(
      'UPLOAD_SECRET: required in production (signs upload links; at least 32 characters, the same on every process)',
    );
  if (!e.PUBLIC_URL) refusals.push('PUBLIC_URL: required in production (the https:// address people use)');
  else if (new URL(e.PUBLIC_URL).protocol !== 'https:')
    refusals.push('PUBLIC_URL: must be an https:// address in production');
  if (e.COOKIE_SECURE === false)
    refusals.push('COOKIE_SECURE: must not be false in production (the session cookie goes over https only)');
  if (e.DEV_MAILBOX === true)
    refusals.push('DEV_MAILBOX: must not be true in production (the outbox page shows every mail to anyone)');
  return refusals;
}

function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((v) => v.trim());
}
