import path from 'node:path';
import type { Config } from './config.ts';
import type { Clock } from './core/clock.ts';
import { migrateDatabase, openDatabase, type Database } from './db/database.ts';
import { buildApp, type BuildAppOptions, type KujiyaApp } from './app.ts';
import { isEmptyShop, seedDemoData } from './demo/seed-demo.ts';
import { startMemorySettle } from './core/memory-settle.ts';
import { runPeriodically } from './core/periodic.ts';
import { ROOM_TICK_MS } from './modules/drops/service.ts';
import { createJobRegistry } from './jobs/registry.ts';
import { listenForMetrics, type MetricsListener } from './core/metrics-serving.ts';
import { busyGate } from './core/busy-gate.ts';
import { loadLabelsPdf } from './modules/admin/service.ts';
import { loadMailRenderer } from './modules/mail/service.ts';
import { loadWebAuthn } from './modules/two-factor/service.ts';
import { createProcessLog, type ProcessLog } from './core/process-log.ts';
import { answerWhileWaiting, untilDatabaseAnswers } from './core/startup-wait.ts';

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
  /** The JSON lines written before the app's logger exists and about lost connections (core/process-log.ts). */
  log?: ProcessLog;
}

export interface RunningServer extends KujiyaApp {
  url: string;
  /** The METRICS_PORT listener's /metrics address, when METRICS_PORT is set. */
  metricsUrl?: string;
  startupNotes: string[];
  /** Closes at once: stops accepting, live sockets told to reconnect (1012), in-flight answered, jobs, pool. */
  close(): Promise<void>;
  /**
   * The drain of a deploy (docs/operations.md, "Graceful drain on deploys"): /readyz answers 503 at once,
   * the instance keeps serving for SHUTDOWN_DRAIN_SECONDS so the load balancer moves away, then `close`.
   */
  drain(): Promise<void>;
  isDraining(): boolean;
}

/** The start-up line that says who may read the dev outbox (docs/rules/security.md). */
export const devOutboxNote = (devOutbox: 'loopback' | 'everyone') =>
  devOutbox === 'everyone'
    ? 'DEV_OUTBOX=1: the dev outbox (GET /api/dev/outbox, sign-up codes and reset links) is served to every client'
    : 'The dev outbox (GET /api/dev/outbox) is served to loopback clients only (DEV_OUTBOX=1 serves every client)';

/**
 * The waiting rooms' tick on this instance (docs/rules/drops.md): ordering at the opening, closing,
 * position messages to its own sockets. Stopped with the app, before the database closes.
 */
function startRoomTick(built: KujiyaApp): void {
  const stop = runPeriodically('drop rooms', ROOM_TICK_MS, built.services.drops.tick, built.ctx.log);
  built.app.addHook('onClose', stop);
}

/**
 * Opens and migrates the database. One that is down (stopped, restarting, failing over) is waited for,
 * with the port held by a stand-in that answers /healthz 200 and /readyz 503 (docs/operations.md,
 * "Database outages"); the caller closes the stand-in just before it listens.
 */
async function openMigratedDatabase(options: StartOptions, log: ProcessLog) {
  const { config } = options;
  const database =
    options.database ??
    (await openDatabase({
      url: config.databaseUrl,
      pgliteDir: options.inMemory ? undefined : path.join(config.dataDir, 'pglite'),
      poolSize: config.databasePoolSize,
      log,
    }));
  let standIn: { close(): Promise<void> } | undefined;
  await untilDatabaseAnswers(
    () => migrateDatabase(database, config.databaseUrl),
    log,
    async () => void (standIn ??= await answerWhileWaiting(config.port, config.host)),
  );
  return { database, standIn };
}

/** Opens and migrates the database, builds the app, seeds demo data on first start, and listens. */
export async function startServer(options: StartOptions): Promise<RunningServer> {
  const { config } = options;
  const log = options.log ?? createProcessLog(config.instanceName);
  const { database, standIn } = await openMigratedDatabase(options, log);
  // The app loads these heavy libraries on first use (so each test file's import of it stays light);
  // a server loads them before it listens, so no request, drop or job stalls on a first import.
  await Promise.all([loadMailRenderer(), loadLabelsPdf(), loadWebAuthn()]);
  const built = await buildApp({
    config,
    database,
    clock: options.clock,
    logger: options.logger,
    webDist: options.webDist,
  });
  const startupNotes: string[] = [];
  startupNotes.push(...configurationNotes(config));
  if (config.demoData && (await isEmptyShop(built.ctx, built.services))) {
    startupNotes.push(...(await seedDemoData(built.ctx, built.services)));
  }
  // After a flood the process gives its memory back once traffic is quiet (core/memory-settle.ts).
  const stopMemorySettle =
    config.env === 'test' ? undefined : startMemorySettle(built.app, built.ctx.log, options.memorySettleIntervalMs);
  // The Prometheus listener (docs/operations.md, "Metrics") closes with the app.
  let metricsListener: MetricsListener | undefined;
  if (config.metricsPort !== undefined) {
    metricsListener = await listenForMetrics(built.ctx.metrics, config.host, config.metricsPort);
    built.app.addHook('onClose', () => metricsListener!.close());
    startupNotes.push(`Metrics: ${metricsListener.url}`);
  }
  if (config.env !== 'test') startRoomTick(built);
  // Every background job (docs/jobs.md) on the pg-boss queue: one registry, started and stopped here;
  // each instance runs it and the queue gives each run to one of them. Tests start their own.
  const jobs =
    config.env === 'test'
      ? undefined
      : createJobRegistry(built.ctx.jobs, built.services, { everyMs: options.jobIntervalMs, log: built.ctx.log });
  // Started before the port opens: listening is the start's last step, so once /readyz answers 200
  // the caller's SIGTERM handler follows at once (main.ts). Started after it, pg-boss's start (seconds
  // on a loaded machine) left a ready instance that a deploy's SIGTERM ended undrained.
  await jobs?.start();
  await standIn?.close();
  const address = await built.app.listen({ port: config.port, host: config.host });
  const port = new URL(address).port;
  let closing: Promise<void> | undefined;
  let draining: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      // Background sends stop stepping aside for a busy instance: their runs must end within the drain.
      busyGate.close();
      // The sockets first: Fastify's close would end them without a code the web app reads as "come back now".
      built.services.live.closeForRestart();
      // Stops accepting and waits for the requests in flight; then no job is claimed or running.
      await built.app.close();
      await jobs?.stop();
      await stopMemorySettle?.();
      await database.close();
    })());
  return {
    ...built,
    url: `http://localhost:${port}`,
    metricsUrl: metricsListener?.url,
    startupNotes,
    close,
    drain: () =>
      (draining ??= (async () => {
        built.services.health.startDraining();
        built.ctx.log.info(`draining: /readyz answers 503; serving ${config.shutdownDrainSeconds} s more`);
        await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainSeconds * 1000));
        await close();
      })()),
    isDraining: () => built.services.health.isDraining(),
  };
}

/** What the start log says of the configuration: test payments, undelivered mail, the dev outbox, relaxed two-factor. */
function configurationNotes(config: Config): string[] {
  const notes: string[] = [];
  if (config.payments === 'test') {
    notes.push(
      config.env === 'production'
        ? 'PAYMENTS=test: card payments go to the built-in test gateway; nothing is charged'
        : 'Card payments: the built-in test gateway (set the Stripe keys for real payments)',
    );
  }
  if (config.env === 'production' && !config.smtpUrl) {
    notes.push('SMTP_URL is not set: mail is kept undelivered in the database outbox');
  }
  if (config.devOutbox !== 'off') notes.push(devOutboxNote(config.devOutbox));
  // A shop migrating its owners to two-factor may relax it for a while; the log says so (docs/rules/two-factor.md).
  if (config.env === 'production' && config.adminTwoFactor === 'optional') {
    notes.push('ADMIN_TWO_FACTOR=optional: owners may use the back office without two-factor sign-in');
  }
  return notes;
}
