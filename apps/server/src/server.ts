import path from 'node:path';
import type { Config } from './config.ts';
import type { Clock } from './core/clock.ts';
import { migrateDatabase, openDatabase, type Database } from './db/database.ts';
import { buildApp, type BuildAppOptions, type KujiyaApp } from './app.ts';
import { isEmptyShop, seedDemoData } from './demo/seed-demo.ts';
import { startMemorySettle } from './core/memory-settle.ts';

export interface StartOptions {
  config: Config;
  clock?: Clock;
  /** Use in-memory PGlite instead of DATA_DIR (tests). Ignored when DATABASE_URL is set. */
  inMemory?: boolean;
  /** An open, migrated database to use instead (tests); closed with the server. */
  database?: Database;
  logger?: BuildAppOptions['logger'];
  webDist?: BuildAppOptions['webDist'];
  /** How often the background jobs run (default 15 s). They never run under NODE_ENV=test. */
  jobIntervalMs?: number;
  /** How often the process looks at its memory (default 10 s; core/memory-settle.ts). */
  memorySettleIntervalMs?: number;
}

export interface RunningServer extends KujiyaApp {
  url: string;
  startupNotes: string[];
  close(): Promise<void>;
}

/** The start-up line that says who may read the dev outbox (docs/rules/security.md). */
export const devOutboxNote = (devOutbox: 'loopback' | 'everyone') =>
  devOutbox === 'everyone'
    ? 'DEV_OUTBOX=1: the dev outbox (GET /api/dev/outbox, sign-up codes and reset links) is served to every client'
    : 'The dev outbox (GET /api/dev/outbox) is served to loopback clients only (DEV_OUTBOX=1 serves every client)';

/** Opens and migrates the database, builds the app, seeds demo data on first start, and listens. */
export async function startServer(options: StartOptions): Promise<RunningServer> {
  const { config } = options;
  const database =
    options.database ??
    (await openDatabase({
      url: config.databaseUrl,
      pgliteDir: options.inMemory ? undefined : path.join(config.dataDir, 'pglite'),
      poolSize: config.databasePoolSize,
    }));
  await migrateDatabase(database, config.databaseUrl);
  const built = await buildApp({
    config,
    database,
    clock: options.clock,
    logger: options.logger,
    webDist: options.webDist,
  });
  const startupNotes: string[] = [];
  if (config.payments === 'test') {
    startupNotes.push(
      config.env === 'production'
        ? 'PAYMENTS=test: card payments go to the built-in test gateway; nothing is charged'
        : 'Card payments: the built-in test gateway (set the Stripe keys for real payments)',
    );
  }
  if (config.env === 'production' && !config.smtpUrl) {
    startupNotes.push('SMTP_URL is not set: mail is kept undelivered in the database outbox');
  }
  if (config.devOutbox !== 'off') startupNotes.push(devOutboxNote(config.devOutbox));
  if (config.demoData && (await isEmptyShop(built.ctx, built.services))) {
    startupNotes.push(...(await seedDemoData(built.ctx, built.services)));
  }
  // After a flood the process gives its memory back once traffic is quiet (core/memory-settle.ts).
  const stopMemorySettle = config.env === 'test' ? undefined : startMemorySettle(built.app, built.ctx.log, options.memorySettleIntervalMs);
  const address = await built.app.listen({ port: config.port, host: config.host });
  const port = new URL(address).port;
  // Background jobs run on every instance (the advisory lock makes exactly one do each run);
  // tests without a real server call `orders.runJobs()` themselves.
  const stopJobs = config.env === 'test' ? undefined : built.services.orders.startJobs(options.jobIntervalMs);
  // Queued mail goes out from every instance; each mail is claimed by one of them.
  const stopMail = config.env === 'test' ? undefined : built.services.mail.startDelivery(options.jobIntervalMs);
  // Gateway events not yet delivered and payments left open are settled by every instance (rows claimed once).
  const stopPayments = config.env === 'test' ? undefined : built.services.payments.startJobs(options.jobIntervalMs);
  // Revoked token ids (logout) are kept until their token expires; each instance purges hourly.
  const stopPurge = config.env === 'test' ? undefined : built.services.accounts.startRevokedTokenPurge();
  // Unpaid shipments expire, paid ones go to the courier, the two-week clock runs; rows are claimed once.
  const stopFulfilment = config.env === 'test' ? undefined : built.services.fulfilment.startJobs(options.jobIntervalMs);
  // Trades and offers whose units come due are cancelled; each row is claimed once (SKIP LOCKED).
  const stopTrading = config.env === 'test' ? undefined : built.services.trading.startJobs(options.jobIntervalMs);
  return {
    ...built,
    url: `http://localhost:${port}`,
    startupNotes,
    async close() {
      await stopJobs?.();
      await stopMail?.();
      await stopPayments?.();
      await stopPurge?.();
      await stopFulfilment?.();
      await stopTrading?.();
      await stopMemorySettle?.();
      await built.app.close();
      await database.close();
    },
  };
}
