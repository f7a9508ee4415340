import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { invalidProxyEntry, type ProxyTrust } from './core/proxy-trust.ts';

/**
 * Configuration comes only from the environment. Every variable is listed in the README's table.
 * A bad value stops start-up with one line naming the variable (see `ConfigError`).
 */
const flag = (fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      const s = v.trim().toLowerCase();
      if (['1', 'true', 'yes', 'on'].includes(s)) return true;
      if (['0', 'false', 'no', 'off'].includes(s)) return false;
      ctx.addIssue({ code: 'custom', message: 'must be 0/1/true/false' });
      return z.NEVER;
    });

/**
 * TRUST_PROXY (docs/rules/security.md, "Client addresses behind a proxy"): unset or 0 = no proxy;
 * a number = how many proxies are in front; otherwise a comma-separated list of the proxies'
 * addresses or CIDRs. The old flag's `true`/`yes`/`on` stop start-up: they would have trusted any
 * client's X-Forwarded-For, and guessing a hop count could blame the wrong address.
 */
const proxyTrust = z
  .string()
  .optional()
  .transform((v, ctx): ProxyTrust => {
    const s = (v ?? '').trim().toLowerCase();
    if (['', '0', 'false', 'no', 'off'].includes(s)) return false;
    if (/^\d+$/.test(s) && Number(s) <= 20) return Number(s);
    const entries = s.split(',').map((entry) => entry.trim());
    const bad = ['true', 'yes', 'on'].includes(s) ? s : invalidProxyEntry(entries);
    if (bad === undefined) return entries;
    ctx.addIssue({
      code: 'custom',
      message: `must be the number of proxies in front (1 behind one haproxy) or a list of their addresses or CIDRs, not "${bad}"`,
    });
    return z.NEVER;
  });

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const urlWithProtocols = (protocols: string[]) =>
  optionalString.refine(
    (v) => {
      if (v === undefined) return true;
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL starting with ${protocols.map((p) => p + '//').join(' or ')}` },
  );

/** A variable set to the empty string counts as unset (compose passes `VAR=` for unset ones: deploy/README.md). */
const unsetWhenEmpty = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const prefixed = (prefix: string) =>
  optionalString.refine((v) => v === undefined || v.startsWith(prefix), { message: `must start with ${prefix}` });

/**
 * PostgreSQL connections per instance. A purchase holds one for its whole transaction and waits on
 * the round lock, so a drop needs enough for the buyers queued on it plus the catalogue's reads;
 * PostgreSQL's own max_connections (100 by default) caps the sum over every instance.
 */
export const DEFAULT_DATABASE_POOL_SIZE = 20;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ message: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: urlWithProtocols(['postgres:', 'postgresql:']),
  REDIS_URL: urlWithProtocols(['redis:', 'rediss:']),
  JWT_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, {
    message: 'must be at least 32 characters',
  }),
  SMTP_URL: urlWithProtocols(['smtp:', 'smtps:']),
  MAIL_FROM: z.string().default('Kujiya <no-reply@kujiya.sg>'),
  PUBLIC_URL: urlWithProtocols(['http:', 'https:']),
  STRIPE_SECRET_KEY: prefixed('sk_'),
  STRIPE_PUBLISHABLE_KEY: prefixed('pk_'),
  STRIPE_WEBHOOK_SECRET: prefixed('whsec_'),
  STRIPE_API_BASE: urlWithProtocols(['http:', 'https:']),
  ADMIN_USERNAME: optionalString,
  ADMIN_PASSWORD: optionalString,
  // Default: required in production, optional elsewhere (see loadConfig; docs/rules/two-factor.md).
  ADMIN_TWO_FACTOR: optionalString.refine((v) => v === undefined || v === 'required' || v === 'optional', {
    message: 'must be required or optional',
  }),
  EASYPARCEL_API_KEY: optionalString,
  EASYPARCEL_API_BASE: urlWithProtocols(['http:', 'https:']),
  EASYPARCEL_SERVICE_ID: z.string().default('EP-CS0C'),
  TEST_COURIER: flag(false),
  COLLECTION_SLOT_CAPACITY: z.coerce.number({ message: 'must be a whole number' }).int().min(1).max(1000).default(10),
  TRUST_PROXY: proxyTrust,
  DEV_OUTBOX: flag(false),
  // Default: on outside production, off in production (see loadConfig).
  DEMO_DATA: optionalString,
  PAYMENTS: optionalString.refine((v) => v === undefined || v === 'test' || v === 'stripe', {
    message: 'must be test or stripe',
  }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LIVE_MAX_SOCKETS_PER_IP: z.coerce
    .number({ message: 'must be a whole number' })
    .int()
    .min(1)
    .max(1_000_000)
    .default(50),
  DATABASE_POOL_SIZE: z.coerce
    .number({ message: 'must be a whole number' })
    .int()
    .min(1)
    .max(1000)
    .default(DEFAULT_DATABASE_POOL_SIZE),
  // Metrics (docs/operations.md, "Metrics"): their own listener, and the public /metrics behind a token.
  // Empty means unset (no listener), not port 0.
  METRICS_PORT: z.preprocess(
    unsetWhenEmpty,
    z.coerce.number({ message: 'must be a port number' }).int().min(0).max(65535).optional(),
  ),
  METRICS_TOKEN: optionalString.refine((v) => v === undefined || v.length >= 16, {
    message: 'must be at least 16 characters',
  }),
  // Running as a service (docs/operations.md): the drain on SIGTERM, its hard deadline, traces, the name in logs.
  SHUTDOWN_DRAIN_SECONDS: z.preprocess(
    unsetWhenEmpty,
    z.coerce.number({ message: 'must be a number of seconds' }).min(0).max(300).default(5),
  ),
  SHUTDOWN_TIMEOUT_SECONDS: z.preprocess(
    unsetWhenEmpty,
    z.coerce.number({ message: 'must be a number of seconds' }).min(1).max(3600).default(30),
  ),
  OTEL_EXPORTER_OTLP_ENDPOINT: urlWithProtocols(['http:', 'https:']),
  INSTANCE_NAME: optionalString,
  // Web Push (docs/rules/notifications.md, "Push"): the VAPID key pair (web-push's base64url keys) and its contact.
  VAPID_PUBLIC_KEY: optionalString.refine((v) => v === undefined || /^[A-Za-z0-9_-]{87}$/.test(v), {
    message: 'must be a base64url P-256 public key (87 characters)',
  }),
  VAPID_PRIVATE_KEY: optionalString.refine((v) => v === undefined || /^[A-Za-z0-9_-]{43}$/.test(v), {
    message: 'must be a base64url P-256 private key (43 characters)',
  }),
  VAPID_SUBJECT: urlWithProtocols(['mailto:', 'https:']),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  jwtSecret?: string;
  smtpUrl?: string;
  mailFrom: string;
  publicUrl: string;
  stripe?: { secretKey: string; publishableKey: string; webhookSecret: string; apiBase?: string };
  admin?: { username: string; password: string };
  /** ADMIN_TWO_FACTOR: whether owners must set up two-factor sign-in (docs/rules/two-factor.md). */
  adminTwoFactor: 'required' | 'optional';
  /** EasyParcel courier (classic API); unset = the built-in test courier. */
  easyparcel?: { apiKey: string; apiBase: string; serviceId: string };
  /** The built-in test courier hands out fake AWBs; in production only when TEST_COURIER=1. */
  testCourier: boolean;
  collectionSlotCapacity: number;
  /** TRUST_PROXY: whose X-Forwarded-For and X-Request-Id are believed (core/proxy-trust.ts). */
  trustProxy: ProxyTrust;
  /**
   * Who may read the dev outbox (GET /api/dev/outbox): nobody in production, loopback clients by
   * default, every client with DEV_OUTBOX=1 (docs/rules/security.md, "Production safety").
   */
  devOutbox: 'off' | 'loopback' | 'everyone';
  demoData: boolean;
  logLevel: string;
  /** Open live sockets (/ws) allowed per client address. */
  liveMaxSocketsPerIp: number;
  /** PostgreSQL connections per instance (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  /** Port of the Prometheus listener (same host, no auth); unset = no listener. */
  metricsPort?: number;
  /** With it, the public port also serves /metrics to `Authorization: Bearer <token>`. */
  metricsToken?: string;
  /** Seconds an instance keeps serving after SIGTERM while its /readyz says 503 (docs/operations.md). */
  shutdownDrainSeconds: number;
  /** Seconds after SIGTERM when the process exits whatever is still running. */
  shutdownTimeoutSeconds: number;
  /** OTLP/HTTP collector: traces are exported when set (src/telemetry.ts). */
  otelEndpoint?: string;
  /** This instance's name in its log lines (default host name and port). */
  instanceName: string;
  /** Web Push's VAPID keys; unset = a pair generated once and kept in the database (not in production). */
  vapid?: { publicKey: string; privateKey: string; subject: string };
  /** Which card gateway runs: Stripe (keys set) or the built-in test gateway (never in production unless PAYMENTS=test). */
  payments: 'stripe' | 'test';
};

export class ConfigError extends Error {}

type Env = z.infer<typeof envSchema>;

/** The environment parsed against the schema; the first bad variable stops start-up. */
function parseEnv(env: NodeJS.ProcessEnv): Env {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}`);
  }
  return parsed.data;
}

/** Variables that only make sense together: the Stripe keys, the admin pair, the payment gateway. */
function checkCombinations(e: Env): void {
  const stripeKeys = [e.STRIPE_SECRET_KEY, e.STRIPE_PUBLISHABLE_KEY, e.STRIPE_WEBHOOK_SECRET];
  if (e.STRIPE_SECRET_KEY && stripeKeys.some((k) => !k)) {
    const missing = e.STRIPE_PUBLISHABLE_KEY ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_PUBLISHABLE_KEY';
    throw new ConfigError(`Invalid configuration: ${missing} is required when STRIPE_SECRET_KEY is set`);
  }
  if (!e.STRIPE_SECRET_KEY && (e.STRIPE_PUBLISHABLE_KEY || e.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError('Invalid configuration: STRIPE_SECRET_KEY is required when other Stripe keys are set');
  }
  if (Boolean(e.ADMIN_USERNAME) !== Boolean(e.ADMIN_PASSWORD)) {
    const missing = e.ADMIN_USERNAME ? 'ADMIN_PASSWORD' : 'ADMIN_USERNAME';
    throw new ConfigError(`Invalid configuration: ${missing} is required when the other admin variable is set`);
  }
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) {
    throw new ConfigError('Invalid configuration: JWT_SECRET is required when NODE_ENV=production');
  }
  checkVapid(e);
  if (e.PAYMENTS === 'stripe' && !e.STRIPE_SECRET_KEY) {
    throw new ConfigError('Invalid configuration: STRIPE_SECRET_KEY is required when PAYMENTS=stripe');
  }
  if (e.PAYMENTS === 'test' && e.STRIPE_SECRET_KEY) {
    throw new ConfigError('Invalid configuration: PAYMENTS=test cannot be combined with STRIPE_SECRET_KEY');
  }
}

const VAPID_VARIABLES = ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const;

/** The VAPID keys come as a set (production must set them: `checkProduction`). */
function checkVapid(e: Env): void {
  const missing = VAPID_VARIABLES.filter((name) => !e[name]);
  if (missing.length > 0 && missing.length < VAPID_VARIABLES.length) {
    throw new ConfigError(`Invalid configuration: ${missing[0]} is required when the other VAPID variables are set`);
  }
}

/** What production refuses: the test gateway unless asked for, and the dev outbox. */
function checkProduction(e: Env, payments: Config['payments']): void {
  if (e.NODE_ENV !== 'production') return;
  // A production shop never takes free test cards by accident: the test gateway must be asked for.
  if (payments === 'test' && e.PAYMENTS !== 'test') {
    throw new ConfigError(
      'Invalid configuration: PAYMENTS must be set: NODE_ENV=production needs STRIPE_SECRET_KEY, or PAYMENTS=test to run the built-in test gateway',
    );
  }
  // The outbox holds sign-up codes and reset links: whoever reads it can take over any account.
  if (e.DEV_OUTBOX) {
    throw new ConfigError(
      'Invalid configuration: DEV_OUTBOX cannot be set with NODE_ENV=production (the dev outbox holds sign-up codes and reset links)',
    );
  }
  // Subscriptions are bound to the public key: a pair made up by the database would be a surprise to operators.
  const missingVapid = VAPID_VARIABLES.find((name) => !e[name]);
  if (missingVapid) {
    throw new ConfigError(`Invalid configuration: ${missingVapid} is required when NODE_ENV=production`);
  }
}

/** Reads the configuration; throws ConfigError with a one-line message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = parseEnv(env);
  checkCombinations(e);
  const payments = e.STRIPE_SECRET_KEY ? 'stripe' : 'test';
  checkProduction(e, payments);
  const demoData = flag(e.NODE_ENV !== 'production').safeParse(e.DEMO_DATA);
  if (!demoData.success) throw new ConfigError('Invalid configuration: DEMO_DATA must be 0/1/true/false');
  // Relative DATA_DIR is taken from where `npm start` was typed (INIT_CWD), not the workspace folder.
  const base = env.INIT_CWD ?? process.cwd();
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(base, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    jwtSecret: e.JWT_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          publishableKey: e.STRIPE_PUBLISHABLE_KEY!,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
          apiBase: e.STRIPE_API_BASE,
        }
      : undefined,
    admin: e.ADMIN_USERNAME ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD! } : undefined,
    adminTwoFactor:
      (e.ADMIN_TWO_FACTOR as Config['adminTwoFactor'] | undefined) ??
      (e.NODE_ENV === 'production' ? 'required' : 'optional'),
    easyparcel: e.EASYPARCEL_API_KEY
      ? {
          apiKey: e.EASYPARCEL_API_KEY,
          apiBase: (e.EASYPARCEL_API_BASE ?? 'https://connect.easyparcel.sg').replace(/\/$/, ''),
          serviceId: e.EASYPARCEL_SERVICE_ID,
        }
      : undefined,
    testCourier: !e.EASYPARCEL_API_KEY && (e.NODE_ENV !== 'production' || e.TEST_COURIER),
    collectionSlotCapacity: e.COLLECTION_SLOT_CAPACITY,
    trustProxy: e.TRUST_PROXY,
    devOutbox: e.NODE_ENV === 'production' ? 'off' : e.DEV_OUTBOX ? 'everyone' : 'loopback',
    demoData: demoData.data,
    payments,
    logLevel: e.LOG_LEVEL,
    liveMaxSocketsPerIp: e.LIVE_MAX_SOCKETS_PER_IP,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    metricsPort: e.METRICS_PORT,
    metricsToken: e.METRICS_TOKEN,
    shutdownDrainSeconds: e.SHUTDOWN_DRAIN_SECONDS,
    shutdownTimeoutSeconds: e.SHUTDOWN_TIMEOUT_SECONDS,
    otelEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT,
    instanceName: e.INSTANCE_NAME ?? `${os.hostname()}:${e.PORT}`,
    vapid: e.VAPID_PUBLIC_KEY
      ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY!, subject: e.VAPID_SUBJECT! }
      : undefined,
  };
}

/** For process entry points: the configuration, or the one-line message on stderr and exit code 1. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
