import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { loggerOptions, RequestLogController } from './core/logger.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { systemClock, type Clock } from './core/clock.ts';
import { TokenService, createGuards } from './core/auth.ts';
import { getOrCreateSetting } from './core/settings.ts';
import { installAfterCommit, setAfterCommitErrorHandler } from './core/after-commit.ts';
import { createRateLimiter } from './core/rate-limiter.ts';
import { applyRouteLimits } from './core/route-limits.ts';
import { rejectUnsafeCharacters } from './core/input-hardening.ts';
import { enforceBodyDeadline } from './core/request-deadline.ts';
import { fastifyTrustProxy } from './core/proxy-trust.ts';
import { answerWithRequestId, requestIdGenerator } from './core/request-id.ts';
import {
  acceptEmptyJsonBodies,
  addSecurityHeaders,
  answerErrors,
  checkContracts,
  registerTransports,
} from './core/http-setup.ts';
import { serveWebApp } from './core/web-serving.ts';
import { createMetrics } from './core/metrics.ts';
import { recordHttpDurations, servePublicMetrics } from './core/metrics-serving.ts';
import { readQueueBacklogs } from './jobs/backlogs.ts';
import { lastBackupAt } from './db/backup-record.ts';
import { replicationLagSeconds } from './db/replication.ts';
import type { AppContext } from './core/context.ts';
import { createSessions, type Sessions } from './modules/accounts/sessions.ts';
import { createServices, type Services } from './services.ts';
import { createJobQueue } from './jobs/queue.ts';
import { makeMoneyCallsIdempotent } from './modules/idempotency/http.ts';
import { markClaimsInScope } from './modules/idempotency/claims.ts';
import { registerApiRoutes } from './routes.ts';
import { registerOpenApi } from './openapi.ts';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built web app; served with an SPA fallback when it exists. */
  webDist?: string | false;
  /** Sees every route as it is added (the test app keeps the route table to check every declaration). */
  onRoute?: (route: RouteOptions) => void;
  /** Called when a response does not match its declared schema (the test app fails the test with it). */
  onContractBreach?: (message: string) => void;
  /** How long a request may take to arrive (default REQUEST_TIMEOUT_MS; tests shorten it to run in seconds). */
  requestTimeoutMs?: number;
}

export interface KujiyaApp {
  app: FastifyInstance;
  /** Every route as registered (method, url, hooks, schema, config): the fuzz and authz suites walk it. */
  routeTable: RouteOptions[];
  ctx: AppContext;
  services: Services;
}

export const BODY_LIMIT_BYTES = 1024 * 1024;
export const REQUEST_TIMEOUT_MS = 30_000;
export const CONNECTION_TIMEOUT_MS = 60_000;
/**
 * How long an idle keep-alive connection stays open (Node's `keepAliveTimeout`, announced in
 * `Keep-Alive: timeout=65`): above haproxy's `timeout http-keep-alive` (30 s), so the proxy, never the
 * instance, closes an idle connection between them; an instance that closed one as haproxy sent a
 * request on it lost that request (docs/operations.md, "The cluster on this machine").
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** The shared infrastructure every service and route receives: config, database, clock, tokens, guards, limiter. */
async function createContext(
  app: FastifyInstance,
  options: BuildAppOptions,
  clock: Clock,
): Promise<{ ctx: AppContext; sessions: Sessions }> {
  const { config, database } = options;
  const jwtSecret =
    config.jwtSecret ??
    (await getOrCreateSetting(database.db, 'jwt_secret', () => crypto.randomBytes(48).toString('hex')));
  // The accounts' session check runs on every authenticated request (docs/rules/accounts.md).
  const sessions = createSessions({ db: database.db, clock, log: app.log });
  const tokens = new TokenService(jwtSecret, () => clock.now(), sessions.currentTokenVersion, sessions.open);
  // Work queued with afterCommit (live events) or atCommit (the listing's drop) runs once its
  // transaction has committed: on both pools, since purchase batches run on lockDb. The outermost
  // transaction marks the Idempotency-Key claims it carries as its last statement (docs/operations.md).
  installAfterCommit(database.db, { beforeCommit: markClaimsInScope });
  installAfterCommit(database.lockDb, { beforeCommit: markClaimsInScope });
  setAfterCommitErrorHandler((error) => app.log.error({ err: error }, 'after-commit task failed'));
  const limiter = createRateLimiter(config.redisUrl, app.log, `kujiya-rl:`);
  app.addHook('onClose', async () => limiter.close());
  // This app's own registry; the live hub adds its socket count when it is built.
  const metrics = createMetrics({ redisConfigured: Boolean(config.redisUrl) });
  metrics.watch({
    poolConnections: () => database.connections(),
    queueBacklogs: () => readQueueBacklogs(database),
    redisConnected: () => limiter.shared,
    lastBackupAt: () => lastBackupAt(database),
    replicationLagSeconds: () => replicationLagSeconds(database),
  });
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    clock,
    log: app.log,
    tokens,
    guards: createGuards(tokens),
    limiter,
    // The background jobs (src/jobs/, docs/jobs.md); started by server.ts, never under tests.
    jobs: createJobQueue(database, app.log),
    metrics,
  };
  return { ctx, sessions };
}

/** Fastify with the request policy (docs/rules/security.md) and the logger. */
function createFastify(options: BuildAppOptions, requestTimeoutMs: number): FastifyInstance {
  const app = Fastify({
    // Pretty on a terminal, JSON otherwise; one request line at debug, with secrets cut out of URLs.
    logger: options.logger ?? loggerOptions(options.config.logLevel, options.config.instanceName),
    logController: new RequestLogController(),
    // Each request's id, on its log lines (`reqId`) and its answer (core/request-id.ts).
    genReqId: requestIdGenerator(options.config.trustProxy),
    requestIdHeader: false,
    // Client address: X-Forwarded-For is honoured only from trusted proxies (TRUST_PROXY: a hop count or
    // their addresses, never "anything"; docs/rules/security.md, "Client addresses behind a proxy").
    trustProxy: fastifyTrustProxy(options.config.trustProxy),
    // The request policy (docs/rules/security.md): JSON bodies up to 1 MB (routes may lower it);
    // a request must arrive whole within 30 s (Node times the headers, `enforceBodyDeadline` the
    // body), an idle connection closes after 60 s. Node looks for late headers every 30 s by default:
    // every sixth of the timeout keeps the 408 close to it.
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout: requestTimeoutMs,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    http: { connectionsCheckingInterval: Math.max(100, Math.round(requestTimeoutMs / 6)) },
  });
  answerWithRequestId(app);
  enforceBodyDeadline(app, requestTimeoutMs);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  return app;
}

/**
 * Builds the Fastify app (API, live socket, web) on an opened and migrated database, in this order:
 * the server and its context, the boundary every route gets, the services (src/services.ts, the
 * composition root of the domain), the API routes and the web app.
 */
export async function buildApp(options: BuildAppOptions): Promise<KujiyaApp> {
  const requestTimeoutMs = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const app = createFastify(options, requestTimeoutMs);
  const { ctx, sessions } = await createContext(app, options, options.clock ?? systemClock);

  addSecurityHeaders(app);
  // Every answer's duration; /metrics itself (docs/operations.md, "Metrics") before the web app's fallback.
  recordHttpDurations(app, ctx.metrics);
  servePublicMetrics(app, ctx.metrics, options.config.metricsToken);
  // `Idempotency-Key` on the money calls (`config: { idempotent: true }`), before their rate limit: a
  // replay is answered without counting against it (docs/operations.md, "Idempotent money calls").
  makeMoneyCallsIdempotent(app, ctx.db, () => ctx.metrics.idempotentReplay());
  // Limits of routes that hold stock or store anonymous data, from one table (core/route-limits.ts);
  // control and format characters are refused in every route's params, query and body.
  applyRouteLimits(app, ctx.limiter);
  const routeTable: RouteOptions[] = [];
  app.addHook('onRoute', (route) => void routeTable.push(route));
  rejectUnsafeCharacters(app);
  acceptEmptyJsonBodies(app);
  await registerTransports(app);
  checkContracts(app);
  answerErrors(app, options.config, options.onContractBreach);

  const services = createServices(ctx, { sessions });
  await registerOpenApi(app, ctx.guards);
  await registerApiRoutes(app, { ctx, services });
  await serveWebApp(app, options.webDist === undefined ? defaultWebDist : options.webDist, () =>
    services.catalogue.listingBody(),
  );
  return { app, routeTable, ctx, services };
}
