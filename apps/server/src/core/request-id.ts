import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { peerIsTrustedProxy, type ProxyTrust } from './proxy-trust.ts';

/** What a load balancer's request id may be to be kept (anything else gets a fresh one). */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Each request's id (docs/operations.md, "Request ids, logs and traces"): the load balancer's
 * `X-Request-Id` when the connection comes from a trusted proxy (TRUST_PROXY, the same trust as the
 * client address, so one id follows the request through both logs), otherwise a fresh UUID. Fastify
 * puts it on every log line of the request as `reqId`.
 */
export function requestIdGenerator(trustProxy: ProxyTrust): (request: IncomingMessage) => string {
  const fromProxy = peerIsTrustedProxy(trustProxy);
  return (request) => {
    const given = fromProxy(request.socket?.remoteAddress) ? request.headers[REQUEST_ID_HEADER] : undefined;
    return typeof given === 'string' && REQUEST_ID.test(given) ? given : crypto.randomUUID();
  };
}

/** Every answer carries its request id, errors and 404s included, so a support request can quote it. */
export function answerWithRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });
}
