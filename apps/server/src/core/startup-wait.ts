import http from 'node:http';
import { ErrorCode, type Readiness } from '@kujiya/shared';
import { isDatabaseOverloaded, isDatabaseUnreachable } from '../db/errors.ts';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNREACHABLE } from './http-setup.ts';
import type { ProcessLog } from './process-log.ts';

/**
 * An instance started while its database is down waits for it instead of exiting
 * (docs/operations.md, "Database outages"): the connect and the migrations are tried again with a
 * growing wait, and meanwhile the port answers, so the load balancer reads /readyz 503 (not a refused
 * connection) and an orchestrator's /healthz sees the process alive.
 */

/** The first wait after a failed try, doubled each time up to the longest (with jitter). */
export const FIRST_WAIT_MS = 250;
export const LONGEST_WAIT_MS = 5_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` until it succeeds, again after each failure that says the database cannot be reached
 * or is starting; any other failure (a wrong password, a broken migration) is thrown at once.
 */
export async function untilDatabaseAnswers<T>(
  work: () => Promise<T>,
  log: ProcessLog,
  /** Called before each wait (the start-up opens its stand-in listener on the first). */
  beforeWait: () => Promise<void> = async () => {},
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await work();
      if (attempt > 1) log.info('database reached: starting', { attempts: attempt });
      return result;
    } catch (error) {
      if (!isDatabaseUnreachable(error) && !isDatabaseOverloaded(error)) throw error;
      const waitMs = Math.min(FIRST_WAIT_MS * 2 ** (attempt - 1), LONGEST_WAIT_MS) * (0.75 + Math.random() / 2);
      // The first failure and then one line every ~10 tries: a long outage does not flood the log.
      if (attempt === 1 || attempt % 10 === 0)
        log.warn('database unreachable at start-up: waiting for it', {
          err: error,
          attempt,
          waitMs: Math.round(waitMs),
        });
      await beforeWait();
      await sleep(waitMs);
    }
  }
}

const unready: Readiness = {
  message: 'The instance cannot serve yet',
  code: ErrorCode.SERVICE_UNAVAILABLE,
  status: 'unready',
  checks: { database: 'down', migrations: 'pending', redis: 'off' },
  draining: false,
};

/**
 * Holds the shop's port while the instance waits for its database: /healthz 200, /readyz 503 (the
 * same body as the app's while it cannot serve), anything else 503 with Retry-After. Closed just
 * before the app listens on the same port.
 */
export async function answerWhileWaiting(port: number, host: string): Promise<{ close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
        ...headers,
      });
      response.end(JSON.stringify(body));
    };
    if (path === '/healthz') return send(200, { status: 'ok' });
    if (path === '/readyz') return send(503, unready);
    send(
      503,
      { message: DATABASE_UNREACHABLE, code: ErrorCode.SERVICE_UNAVAILABLE },
      { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS), connection: 'close' },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
