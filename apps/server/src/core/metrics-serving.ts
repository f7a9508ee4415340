import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@kujiya/shared';
import { errorBody } from './http-errors.ts';
import type { Metrics } from './metrics.ts';

/**
 * How the metrics leave the process (docs/operations.md, "Metrics"): every answer's duration by its
 * route pattern, the public `/metrics` behind METRICS_TOKEN, and the METRICS_PORT listener.
 */

/** Every answer's duration, labelled by the route's pattern (never the raw URL, which holds ids). */
export function recordHttpDurations(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.httpAnswered(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}

/** Compares without leaking, through timing, how much of the token a guess got right. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => crypto.createHash('sha256').update(text).digest();
  return crypto.timingSafeEqual(digest(given), digest(expected));
}

/**
 * GET /metrics on the public port: the Prometheus text to `Authorization: Bearer <METRICS_TOKEN>`,
 * 401 to anyone else; without METRICS_TOKEN a JSON 404 (never the web app). No rate limit applies:
 * a scraper calls it every few seconds.
 */
export function servePublicMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (!token) return reply.status(404).send(errorBody(404, 'Not found', ErrorCode.NOT_FOUND));
    const [scheme, given] = String(request.headers.authorization ?? '').split(' ');
    if (scheme !== 'Bearer' || !given || !sameSecret(given, token)) {
      reply.header('WWW-Authenticate', 'Bearer');
      return reply.status(401).send(errorBody(401, 'A metrics token is required', ErrorCode.UNAUTHENTICATED));
    }
    const { body, contentType } = await metrics.text();
    return reply.type(contentType).send(body);
  });
}

export interface MetricsListener {
  url: string;
  close(): Promise<void>;
}

/**
 * The METRICS_PORT listener: a plain HTTP server of its own (no auth: bind it where only the
 * scraper reaches), answering GET /metrics and a JSON 404 for anything else.
 */
export async function listenForMetrics(metrics: Metrics, host: string, port: number): Promise<MetricsListener> {
  const server = http.createServer((request, response) => {
    const answer = (status: number, type: string, body: string) => {
      response.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
      response.end(body);
    };
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      return answer(404, 'application/json; charset=utf-8', JSON.stringify(errorBody(404, 'Not found')));
    }
    metrics.text().then(
      ({ body, contentType }) => answer(200, contentType, body),
      () => answer(500, 'application/json; charset=utf-8', JSON.stringify(errorBody(500, 'Internal Server Error'))),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const { port: bound } = server.address() as AddressInfo;
  const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return {
    url: `http://${shownHost}:${bound}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
