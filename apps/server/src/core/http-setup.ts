import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import compress from '@fastify/compress';
import { serializerCompiler, validatorCompiler, hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCode, LIVE_MAX_CLIENT_FRAME_BYTES } from '@kujiya/shared';
import type { Config } from '../config.ts';
import { answersWithApiHeaders, apiHeadersFrom, helmetHeaders } from './security-headers.ts';
import { validationMessage } from './validate.ts';
import { contractBreachMessage, isContractBreach } from './serializers.ts';
import { HttpError, errorBody } from './http-errors.ts';
import { isDatabaseOverloaded, isDatabaseUnreachable } from '../db/errors.ts';

/** The answer when the database cannot take the request now (out of connections): try again shortly. */
export const DATABASE_BUSY = 'The shop is very busy right now. Please try again in a moment.';
/** The answer while the database cannot be reached (stopped, restarting, failing over): try again shortly. */
export const DATABASE_UNREACHABLE = 'The shop is briefly unavailable. Please try again in a moment.';
/** Seconds a client should wait before trying again while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

/**
 * The security headers are the same on every answer of a kind: helmet makes them once here, and each
 * reply gets the finished set (the Fastify plugin rebuilt helmet on every request: docs/performance.md).
 * JSON answers take the smaller API set (docs/rules/security.md, "Security headers").
 */
export function addSecurityHeaders(app: FastifyInstance): void {
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
        // The service worker (/sw.js) and the manifest of the installed app (docs/rules/offline.md).
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  const apiSecurityHeaders = apiHeadersFrom(securityHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(answersWithApiHeaders(request.url) ? apiSecurityHeaders : securityHeaders);
    done();
  });
}

/**
 * Several calls carry no body (favourites, the draw); a client that still sends a JSON content type
 * gets the route's own answer (403, 404, ...) instead of Fastify's 400 for an empty JSON body.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, done);
  });
}

/**
 * brotli or gzip for every text answer of 1 KB or more (what is already encoded, precompressed assets
 * and the cached catalogue body, goes out as is), and the live socket, whose clients send one small
 * auth message at most (docs/rules/live.md).
 */
export async function registerTransports(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(websocket, { options: { maxPayload: LIVE_MAX_CLIENT_FRAME_BYTES } });
}

/**
 * Routes declare their params, query, body and response with the shared zod schemas; these compile
 * them, so validation and serialization run at the boundary (docs/architecture.md, "How to add a
 * route"). A call without a body is checked as an empty object, so it answers the missing field's
 * own message.
 */
export function checkContracts(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.body === undefined && request.routeOptions.schema?.body) request.body = {};
    done();
  });
}

/** Every error's answer (docs/rules/api.md): 400 for a rejected input, the HttpError's own, 500 otherwise. */
export function answerErrors(app: FastifyInstance, config: Config, onContractBreach?: (message: string) => void): void {
  // Every error answer is `{ message, code }` (docs/rules/errors.md).
  app.setErrorHandler((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(errorBody(400, validationMessage(error.validation), ErrorCode.VALIDATION_FAILED));
    }
    if (isContractBreach(error)) {
      const message = contractBreachMessage(error);
      request.log.error({ err: error }, message);
      onContractBreach?.(message);
      const text = config.env === 'production' ? 'Internal Server Error' : message;
      return reply.status(500).send({ ...errorBody(500, text, ErrorCode.INTERNAL), requestId: request.id });
    }
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).headers(error.headers).send(error.body());
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own 4xx (a malformed JSON body, 413 too large, 415 unsupported type): the status's code.
      return reply.status(status).send(errorBody(status, (error as Error).message));
    }
    if (isDatabaseOverloaded(error)) {
      // Out of connections (a burst beyond max_connections): the client may simply try again.
      request.log.error({ err: error }, 'database overloaded');
      return reply
        .status(503)
        .header('retry-after', '1')
        .send(errorBody(503, DATABASE_BUSY, ErrorCode.SERVICE_UNAVAILABLE));
    }
    if (isDatabaseUnreachable(error)) {
      // Stopped, restarting or failing over (docs/operations.md, "Database outages"): nothing was
      // done that a retry could double (a transaction that lost its connection rolled back).
      request.log.warn({ err: error }, 'database unreachable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send(errorBody(503, DATABASE_UNREACHABLE, ErrorCode.SERVICE_UNAVAILABLE));
    }
    request.log.error({ err: error }, 'unhandled error');
    // The request id lets support find the logged error (docs/operations.md).
    return reply
      .status(500)
      .send({ ...errorBody(500, 'Internal Server Error', ErrorCode.INTERNAL), requestId: request.id });
  });
}
