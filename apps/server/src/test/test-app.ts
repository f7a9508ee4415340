import type { RouteOptions } from 'fastify';
import { errorBodySchema } from '@kujiya/shared';
import { loadConfig } from '../config.ts';
import { TestClock } from '../core/clock.ts';
import { buildApp } from '../app.ts';
import { seedDemoData } from '../demo/seed-demo.ts';
import { openTestDatabase } from './test-database.ts';
import { checkDocumentedAnswers } from './documented-answers.ts';

/** A VAPID key pair for tests that run as production (which must set one: config.ts). */
export const TEST_VAPID_ENV = {
  VAPID_PUBLIC_KEY: 'BCT6JkUB_VlUlidUe37rA_WfJy1TcphwGIdncoUG69NIJFMt8_C1CJC9FTzosaOs6MlKjVG6edRfrOTWhWCnPC0',
  VAPID_PRIVATE_KEY: 'PUudl9DOU_bLNhKNfs7haTETPnfiMrbTTODguK--47I',
  VAPID_SUBJECT: 'mailto:push-test@kujiya.sg',
};

export interface TestAppOptions {
  /** Seed the demo data first. */
  demo?: boolean;
  clock?: TestClock;
  /** Extra environment for loadConfig (e.g. SMTP_URL, TRUST_PROXY). */
  env?: Record<string, string>;
  /** A built web app's folder to serve (default: none, the API only). */
  webDist?: string;
  /** How long a request may take to arrive (default 30 s), for the slow-client tests. */
  requestTimeoutMs?: number;
  /**
   * Fail the test (at `close()`) on any answer whose status, or error code, `/api/openapi.json` does
   * not list for its operation. Default: on when TEST_DOCUMENTED_ANSWERS=1 (off otherwise, for now).
   */
  documentedAnswers?: boolean;
}

/**
 * The whole API on a fresh database, without listening: call it with `app.inject`.
 * Time comes from a TestClock the test can move.
 */
export async function createTestApp(options: TestAppOptions = {}) {
  const clock = options.clock ?? new TestClock();
  const database = await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    DEMO_DATA: '0',
    LOG_LEVEL: 'silent',
    ...(options.env?.NODE_ENV === 'production' ? TEST_VAPID_ENV : {}),
    ...options.env,
  });
  // A response that does not match its schema fails the test: the call answers 500 with the breach,
  // and closing the app throws it again, so even a test that ignores the status fails.
  const contractBreaches: string[] = [];
  const routes: RouteOptions[] = [];
  const built = await buildApp({
    config,
    database,
    clock,
    logger: false,
    webDist: options.webDist ?? false,
    requestTimeoutMs: options.requestTimeoutMs,
    onContractBreach: (message) => contractBreaches.push(message),
    onRoute: (route) => routes.push(route),
  });
  // Every error answer is `{ message, code }` with a code of the shared list (docs/rules/errors.md):
  // one without is recorded like a schema breach, so any test that meets it fails.
  built.app.addHook('onSend', async (request, reply, payload) => {
    if (
      reply.statusCode < 400 ||
      typeof payload !== 'string' ||
      !String(reply.getHeader('content-type')).includes('json')
    )
      return payload;
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      body = payload;
    }
    if (!errorBodySchema.safeParse(body).success) {
      contractBreaches.push(
        `Error answer ${reply.statusCode} of ${request.method} ${request.url} is not { message, code }: ${payload.slice(0, 200)}`,
      );
    }
    return payload;
  });
  const undocumentedAnswers: string[] = [];
  if (options.documentedAnswers ?? process.env.TEST_DOCUMENTED_ANSWERS === '1')
    built.app.addHook('onSend', checkDocumentedAnswers(built.app, undocumentedAnswers));
  await built.app.ready();
  if (options.demo) await seedDemoData(built.ctx, built.services);
  return {
    ...built,
    clock,
    database,
    contractBreaches,
    /** Answers the OpenAPI document does not list (with `documentedAnswers`). */
    undocumentedAnswers,
    /** Every route as registered (Fastify's route table), with its declared schema. */
    routes,
    async close() {
      await built.app.close();
      await database.close();
      if (contractBreaches.length > 0)
        throw new Error(`Responses broke their schemas:\n${contractBreaches.join('\n')}`);
      if (undocumentedAnswers.length > 0)
        throw new Error(`Answers missing from /api/openapi.json:\n${[...new Set(undocumentedAnswers)].join('\n')}`);
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
