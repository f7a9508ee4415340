import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { createWebIndex } from './core/web-index.ts';
import { answersWithApiHeaders, apiHeadersFrom, helmetHeaders } from './core/security-headers.ts';
import websocket from '@fastify/websocket';
import fastifyStatic from '@fastify/static';
import compress from '@fastify/compress';
import zlib from 'node:zlib';
import { serializerCompiler, validatorCompiler, hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCode, LIVE_MAX_CLIENT_FRAME_BYTES } from '@kujiya/shared';
import { validationMessage } from './core/validate.ts';
import { loggerOptions, RequestLogController } from './core/logger.ts';
import { contractBreachMessage, isContractBreach } from './core/serializers.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { systemClock, type Clock } from './core/clock.ts';
import { TokenService, createGuards } from './core/auth.ts';
import { HttpError, errorBody } from './core/http-errors.ts';
import { getOrCreateSetting } from './core/settings.ts';
import { installAfterCommit, setAfterCommitErrorHandler } from './core/after-commit.ts';
import { createRateLimiter } from './core/rate-limiter.ts';
import { applyRouteLimits } from './core/route-limits.ts';
import { rejectUnsafeCharacters } from './core/input-hardening.ts';
import { enforceBodyDeadline } from './core/request-deadline.ts';
import type { AppContext } from './core/context.ts';
import { createServices, type Services } from './services.ts';
import { createJobQueue } from './jobs/queue.ts';
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

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Builds the Fastify app (API, live socket, web) on an opened and migrated database. */
export async function buildApp(options: BuildAppOptions): Promise<KujiyaApp> {
  const { config, database } = options;
  const clock = options.clock ?? systemClock;
  const requestTimeoutMs = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const app = Fastify({
    // Pretty on a terminal, JSON otherwise; one request line at debug, with secrets cut out of URLs.
    logger: options.logger ?? loggerOptions(config.logLevel),
    logController: new RequestLogController(),
    // Client address: X-Forwarded-For is honoured only behind a trusted proxy (TRUST_PROXY).
    trustProxy: config.trustProxy,
    // The request policy (docs/rules/security.md): JSON bodies up to 1 MB (routes may lower it);
    // a request must arrive whole within 30 s (Node times the headers, `enforceBodyDeadline` the
    // body), an idle connection closes after 60 s. Node looks for late headers every 30 s by default:
    // every sixth of the timeout keeps the 408 close to it.
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout: requestTimeoutMs,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    http: { connectionsCheckingInterval: Math.max(100, Math.round(requestTimeoutMs / 6)) },
  });
  enforceBodyDeadline(app, requestTimeoutMs);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  const jwtSecret =
    config.jwtSecret ?? (await getOrCreateSetting(database.db, 'jwt_secret', () => crypto.randomBytes(48).toString('hex')));
  const tokens = new TokenService(jwtSecret, () => clock.now());
  // Work queued with afterCommit (live events) or atCommit (the listing's drop) runs once its
  // transaction has committed: on both pools, since purchase batches run on lockDb.
  installAfterCommit(database.db);
  installAfterCommit(database.lockDb);
  setAfterCommitErrorHandler((error) => app.log.error({ err: error }, 'after-commit task failed'));
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    clock,
    log: app.log,
    tokens,
    guards: createGuards(tokens),
    limiter: createRateLimiter(config.redisUrl, app.log, `kujiya-rl:`),
    jobs: createJobQueue(database, app.log),
  };
  app.addHook('onClose', async () => ctx.limiter.close());

  // The security headers are the same on every answer of a kind: helmet makes them once here, and
  // each reply gets the finished set (the Fastify plugin rebuilt helmet on every request:
  // docs/performance.md).
  const securityHeaders = helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://js.stripe.com'],
        frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
        connectSrc: ["'self'", 'ws:', 'wss:', 'https://api.stripe.com'],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // JSON answers take the smaller API set (docs/rules/security.md, "Security headers").
  const apiSecurityHeaders = apiHeadersFrom(securityHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(answersWithApiHeaders(request.url) ? apiSecurityHeaders : securityHeaders);
    done();
  });
  // Limits of routes that hold stock or store anonymous data, from one table (core/route-limits.ts);
  // control and format characters are refused in every route's params, query and body.
  applyRouteLimits(app, ctx.limiter);
  const routeTable: RouteOptions[] = [];
  app.addHook('onRoute', (route) => void routeTable.push(route));
  rejectUnsafeCharacters(app);
  // Several calls carry no body (favourites, the draw); a client that still sends a JSON content
  // type gets the route's own answer (403, 404, ...) instead of Fastify's 400 for an empty JSON body.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, done);
  });
  // brotli or gzip for every text answer of 1 KB or more; what is already encoded (precompressed
  // assets, the cached catalogue body) goes out as is.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // The live socket's clients send one small auth message at most (docs/rules/live.md).
  await app.register(websocket, { options: { maxPayload: LIVE_MAX_CLIENT_FRAME_BYTES } });

  // Routes declare their params, query, body and response with the shared zod schemas; these compile
  // them, so validation and serialization run at the boundary (docs/architecture.md, "How to add a route").
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // A call without a body is checked as an empty object, so it answers the missing field's own message.
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.body === undefined && request.routeOptions.schema?.body) request.body = {};
    done();
  });

  // Every error answer is `{ message, code }` (docs/rules/errors.md).
  app.setErrorHandler((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(errorBody(400, validationMessage(error.validation), ErrorCode.VALIDATION_FAILED));
    }
    if (isContractBreach(error)) {
      const message = contractBreachMessage(error);
      request.log.error({ err: error }, message);
      options.onContractBreach?.(message);
      return reply.status(500).send(errorBody(500, config.env === 'production' ? 'Internal Server Error' : message, ErrorCode.INTERNAL));
    }
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).headers(error.headers).send(error.body());
    }
    // Fastify's own 4xx (a malformed JSON body, 413 too large, 415 unsupported type): the status's code.
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.status(status).send(errorBody(status, (error as Error).message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody(500, 'Internal Server Error', ErrorCode.INTERNAL));
  });

  const services = createServices(ctx);
  await registerOpenApi(app, ctx.guards);
  await registerApiRoutes(app, { ctx, services });

  const webDist = options.webDist === undefined ? defaultWebDist : options.webDist;
  if (webDist && fs.existsSync(path.join(webDist, 'index.html'))) {
    const webIndex = createWebIndex({ webDist, listingBody: () => services.catalogue.listingBody() });
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      // `/` is answered below, with the hints of its route (core/web-index.ts).
      index: false,
      cacheControl: false,
      // The build writes .br and .gz next to every text asset (apps/web/vite.config.ts).
      preCompressed: true,
      // Built assets carry a content hash in their names; index.html must always be revalidated.
      setHeaders: (reply: { header(name: string, value: string): unknown }, filePath: string) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.setNotFoundHandler(async (request, reply) => {
      if (request.method !== 'GET' || request.url.startsWith('/api/') || request.url.startsWith('/ws')) {
        return reply.status(404).send(errorBody(404, 'Not found', ErrorCode.NOT_FOUND));
      }
      reply.header('Cache-Control', 'no-cache');
      const html = await webIndex.htmlFor(request.url.split('?')[0]!);
      if (html === null) return reply.sendFile('index.html');
      reply.type('text/html; charset=utf-8').header('Vary', 'Accept-Encoding');
      const accepted = String(request.headers['accept-encoding'] ?? '');
      const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
      return encoding ? reply.header('Content-Encoding', encoding).send(webIndex.encoded(html, encoding)) : reply.send(html);
    });
  } else {
    app.setNotFoundHandler((_request, reply) => reply.status(404).send(errorBody(404, 'Not found', ErrorCode.NOT_FOUND)));
  }

  return { app, routeTable, ctx, services };
}
