import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { ErrorCode } from '@kujiya/shared';
import type { Executor } from '../db/database.ts';
import { atCommit } from './after-commit.ts';

/**
 * The shop's Prometheus metrics (docs/operations.md, "Metrics"): one registry per app (never
 * prom-client's global one, so several apps in one process keep their own counts), the business
 * counters the services call, and the gauges read at scrape time. Labels hold fixed words only
 * (payment method, route pattern, status class, queue name): never a user, an address or a raw path.
 */

/** Connections of the instance's database pools at this moment (PGlite: its one connection). */
export interface PoolConnections {
  inUse: number;
  idle: number;
  waiting: number;
}

/** One background queue's waiting jobs (created or retry) and how long the oldest has waited. */
export interface QueueBacklog {
  queue: string;
  depth: number;
  oldestAgeSeconds: number;
}

/** The instance's readiness as its `/readyz` sees it (modules/health). */
export interface ReadinessState {
  ready: boolean;
  databaseUp: boolean;
  /** `off` without REDIS_URL: no Redis series then, so an alert on it cannot fire. */
  redis: 'ok' | 'down' | 'off';
}

/** What the gauges read at scrape time; each part is registered by whoever owns the thing measured. */
export interface MetricSources {
  poolConnections?: () => PoolConnections;
  queueBacklogs?: () => Promise<QueueBacklog[]>;
  liveSocketsOpen?: () => number;
  redisConnected?: () => boolean;
  readiness?: () => Promise<ReadinessState>;
  /** Unix seconds of the newest backup the shop knows of; null when none was ever recorded. */
  lastBackupAt?: () => Promise<number | null>;
  /** Seconds the slowest standby is behind; null when the database has no replication. */
  replicationLagSeconds?: () => Promise<number | null>;
  /** Shoppers still in line in the waiting rooms of rounds that have opened. */
  dropShoppersWaiting?: () => Promise<number>;
}

const PAYMENT_METHODS = ['token', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/**
 * The refusal codes a purchase path answers (docs/rules/drops.md), exported at 0 from the start; any
 * other code still counts, from its first refusal.
 */
const KNOWN_REFUSAL_REASONS = [
  ErrorCode.SALES_NOT_OPEN,
  ErrorCode.DROP_ROOM_REQUIRED,
  ErrorCode.DROP_NOT_ADMITTED,
  ErrorCode.DROP_ADMISSION_LAPSED,
  ErrorCode.SHOPPER_LIMIT_REACHED,
  ErrorCode.ORDER_LIMIT_EXCEEDED,
  ErrorCode.ORDER_COOLDOWN,
  ErrorCode.NOT_ENOUGH_TICKETS,
  ErrorCode.ROUND_ON_HOLD,
  ErrorCode.TOO_MANY_RESERVATIONS,
  ErrorCode.MINIMUM_TICKETS,
  ErrorCode.INSUFFICIENT_TOKENS,
];

/** Seconds: from a few milliseconds (a quiet API call) to the 30 s request deadline. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Seconds: an uncontended lock is well under a millisecond; a drop's queue of batches takes longer. */
const LOCK_BUCKETS = [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
/** A scrape's queue numbers are read once for both queue gauges (they are collected together). */
const QUEUE_GAUGES = 2;
const QUEUE_READ_REUSE_MS = 500;
/**
 * A queue read that waits longer (every pool connection busy) leaves the queue gauges out of that
 * scrape, so the rest (the pool's waiting count above all) still arrives within Prometheus' timeout.
 */
const QUEUE_READ_TIMEOUT_MS = 2_000;

/** `promise`'s answer, or `fallback` once `ms` have passed (a failure also answers `fallback`). */
function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(fallback), ms).unref()));
  return Promise.race([promise.catch(() => fallback), late]).finally(() => clearTimeout(timer));
}

/**
 * Every counter is exported from the start, at 0 for each label value it knows (a counter without
 * labels is by itself): Prometheus' `increase()` needs a first sample before the first sale, or it
 * misses a new instance's first one.
 */
function createBusinessCounters(registry: Registry) {
  const counters = businessCounters(registry);
  for (const payment_method of PAYMENT_METHODS) counters.ticketsSold.inc({ payment_method }, 0);
  for (const reason of KNOWN_REFUSAL_REASONS) counters.purchaseRefusals.inc({ reason }, 0);
  return counters;
}

function businessCounters(registry: Registry) {
  const registers = [registry];
  return {
    ticketsSold: new Counter({
      name: 'kujiya_tickets_sold_total',
      help: 'Tickets taken from a round by paid orders (free tickets included), by payment method.',
      labelNames: ['payment_method'] as const,
      registers,
    }),
    cardRevenue: new Counter({
      name: 'kujiya_card_revenue_cents_total',
      help: 'Cents of every card payment that succeeded (tickets, token packages, shipping), refunds not subtracted.',
      registers,
    }),
    tokensSpent: new Counter({
      name: 'kujiya_tokens_spent_total',
      help: 'Tokens spent on tickets.',
      registers,
    }),
    signups: new Counter({ name: 'kujiya_signups_total', help: 'Shopper accounts created by sign-up.', registers }),
    roundsSoldOut: new Counter({ name: 'kujiya_rounds_sold_out_total', help: 'Rounds that sold out.', registers }),
    idempotentReplays: new Counter({
      name: 'kujiya_idempotent_replays_total',
      help: 'Answers replayed for a repeated Idempotency-Key.',
      registers,
    }),
    purchaseRefusals: new Counter({
      name: 'kujiya_purchase_refusals_total',
      help: 'Purchases refused with a 4xx, by error code (not open yet, waiting room, limits, sold out...).',
      labelNames: ['reason'] as const,
      registers,
    }),
  };
}

function createTimings(registry: Registry) {
  const registers = [registry];
  return {
    http: new Histogram({
      name: 'kujiya_http_request_duration_seconds',
      help: 'HTTP answers by method, route pattern ("unmatched" when no route) and status class.',
      labelNames: ['method', 'route', 'status_class'] as const,
      buckets: HTTP_BUCKETS,
      registers,
    }),
    roundLockWait: new Histogram({
      name: 'kujiya_round_lock_wait_seconds',
      help: "Time from asking for a round's row lock to getting it.",
      buckets: LOCK_BUCKETS,
      registers,
    }),
  };
}

/** The gauges, each read from its source when Prometheus scrapes (absent source: not reported). */
function createGauges(registry: Registry, sources: MetricSources) {
  const registers = [registry];
  // The two queue gauges of one scrape share one read: the first takes a fresh one, the second reuses it.
  let queueRead: { at: number; readers: number; backlogs: Promise<QueueBacklog[]> } | undefined;
  const backlogs = (): Promise<QueueBacklog[]> => {
    if (!sources.queueBacklogs) return Promise.resolve([]);
    const now = Date.now();
    if (!queueRead || queueRead.readers >= QUEUE_GAUGES || now - queueRead.at > QUEUE_READ_REUSE_MS) {
      // A closed, unreachable or saturated database answers no queue numbers rather than failing the scrape.
      queueRead = { at: now, readers: 0, backlogs: within(sources.queueBacklogs(), QUEUE_READ_TIMEOUT_MS, []) };
    }
    queueRead.readers += 1;
    return queueRead.backlogs;
  };
  new Gauge({
    name: 'kujiya_db_pool_connections',
    help: 'Database connections of this instance by state (in_use, idle, waiting for a connection).',
    labelNames: ['state'] as const,
    registers,
    collect() {
      this.reset();
      const pool = sources.poolConnections?.();
      if (!pool) return;
      this.set({ state: 'in_use' }, pool.inUse);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });
  new Gauge({
    name: 'kujiya_queue_depth',
    help: 'Background jobs waiting to run (created or retry), by queue.',
    labelNames: ['queue'] as const,
    registers,
    async collect() {
      this.reset();
      for (const b of await backlogs()) this.set({ queue: b.queue }, b.depth);
    },
  });
  new Gauge({
    name: 'kujiya_queue_oldest_age_seconds',
    help: 'Age of the oldest waiting background job, by queue (0 when none waits).',
    labelNames: ['queue'] as const,
    registers,
    async collect() {
      this.reset();
      for (const b of await backlogs()) this.set({ queue: b.queue }, b.oldestAgeSeconds);
    },
  });
  new Gauge({
    name: 'kujiya_live_sockets_open',
    help: 'Live sockets (/ws) open on this instance.',
    registers,
    collect() {
      this.set(sources.liveSocketsOpen?.() ?? 0);
    },
  });
  new Gauge({
    name: 'kujiya_redis_connected',
    help: '1 when this instance shares its counters through Redis, 0 when Redis is down or not configured.',
    registers,
    collect() {
      this.set(sources.redisConnected?.() ? 1 : 0);
    },
  });
}

/** A scrape-time read that waits longer (the database down or saturated) leaves its gauge out of that scrape. */
const READ_TIMEOUT_MS = 2_000;

/**
 * A gauge without labels set from an async source when Prometheus scrapes; null reads as 0. A read
 * that fails or takes too long keeps the last value (a database outage must not zero the last backup).
 */
function readGauge(registry: Registry, name: string, help: string, read: () => Promise<number | null | undefined>) {
  new Gauge({
    name,
    help,
    registers: [registry],
    async collect() {
      const value = await within(read(), READ_TIMEOUT_MS, undefined);
      if (value !== undefined) this.set(value ?? 0);
    },
  });
}

/**
 * The gauges the alerts read (deploy/alerts.yml, docs/operations.md "Alerts"): readiness, the database
 * and Redis as this instance sees them, the newest backup, replication lag and stalled drops.
 */
function createHealthGauges(registry: Registry, sources: MetricSources, redisConfigured: boolean) {
  // One readiness check per scrape for the gauges it feeds (two, three with Redis): the first asks
  // afresh, the others of that scrape reuse it.
  const readers = redisConfigured ? 3 : 2;
  let check: { readers: number; state: Promise<ReadinessState | undefined> } | undefined;
  const readiness = (): Promise<ReadinessState | undefined> => {
    if (!sources.readiness) return Promise.resolve(undefined);
    if (!check || check.readers >= readers) {
      check = { readers: 0, state: within(sources.readiness(), READ_TIMEOUT_MS, undefined) };
    }
    check.readers += 1;
    return check.state;
  };
  const flag = (on: boolean | undefined) => (on === undefined ? undefined : on ? 1 : 0);
  readGauge(registry, 'kujiya_ready', '1 when this instance answers /readyz with 200, else 0.', async () =>
    flag((await readiness())?.ready),
  );
  readGauge(registry, 'kujiya_database_up', '1 when the database answers this instance within 1 s, else 0.', async () =>
    flag((await readiness())?.databaseUp),
  );
  // Only where REDIS_URL is set: a shop without Redis has no series, so KujiyaRedisDown cannot fire.
  if (redisConfigured) {
    readGauge(
      registry,
      'kujiya_redis_up',
      '1 when Redis answers this instance, 0 when not (only with REDIS_URL).',
      async () => {
        const redis = (await readiness())?.redis;
        return redis === undefined ? undefined : flag(redis === 'ok');
      },
    );
  }
  readGauge(
    registry,
    'kujiya_backup_last_success_timestamp_seconds',
    'Unix time of the newest successful backup the shop knows of (0: none recorded).',
    async () => (sources.lastBackupAt ? ((await sources.lastBackupAt()) ?? 0) : undefined),
  );
  readGauge(
    registry,
    'kujiya_database_replication_lag_seconds',
    'Seconds the slowest standby is behind the primary; 0 without replication.',
    async () => sources.replicationLagSeconds?.(),
  );
  readGauge(
    registry,
    'kujiya_drop_shoppers_waiting',
    'Shoppers still waiting for admission in the rooms of rounds that have opened.',
    async () => sources.dropShoppersWaiting?.(),
  );
}

/** "2xx".."5xx" (anything else, e.g. 1xx, as its own first digit). */
export const statusClassOf = (status: number) => `${Math.floor(status / 100)}xx`;

/**
 * Builds the app's metrics. The business counters take the caller's executor and count only once
 * its transaction commits (core/after-commit.ts `atCommit`), so rolled-back work counts nothing.
 */
export function createMetrics(options: { redisConfigured: boolean } = { redisConfigured: false }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const counters = createBusinessCounters(registry);
  const timings = createTimings(registry);
  const sources: MetricSources = {};
  createGauges(registry, sources);
  createHealthGauges(registry, sources, options.redisConfigured);
  const onCommit = (exec: Executor, count: () => void) => atCommit(exec, count);
  return {
    registry,
    /** Registers what the gauges read (the database, the job queue, the live hub, the limiter). */
    watch(more: MetricSources): void {
      Object.assign(sources, more);
    },
    ticketsSold(exec: Executor, method: PaymentMethod, tickets: number): void {
      if (tickets > 0) onCommit(exec, () => counters.ticketsSold.inc({ payment_method: method }, tickets));
    },
    cardRevenue(exec: Executor, cents: number): void {
      if (cents > 0) onCommit(exec, () => counters.cardRevenue.inc(cents));
    },
    tokensSpent(exec: Executor, tokens: number): void {
      if (tokens > 0) onCommit(exec, () => counters.tokensSpent.inc(tokens));
    },
    signedUp(exec: Executor): void {
      onCommit(exec, () => counters.signups.inc());
    },
    roundSoldOut(exec: Executor): void {
      onCommit(exec, () => counters.roundsSoldOut.inc());
    },
    /** An answer replayed for a repeated Idempotency-Key (the replay does no work to roll back). */
    idempotentReplay(): void {
      counters.idempotentReplays.inc();
    },
    /** A purchase refused with a 4xx (its error code): what a drop's refusals are, on every instance. */
    purchaseRefused(reason: string): void {
      counters.purchaseRefusals.inc({ reason });
    },
    /** Runs `lock` (a SELECT ... FOR UPDATE of a round) and records how long it waited, whatever follows. */
    async timeRoundLock<T>(lock: () => Promise<T>): Promise<T> {
      const stop = timings.roundLockWait.startTimer();
      try {
        return await lock();
      } finally {
        stop();
      }
    },
    httpAnswered(method: string, route: string, status: number, seconds: number): void {
      timings.http.observe({ method, route, status_class: statusClassOf(status) }, seconds);
    },
    /** The Prometheus text of every metric, and its content type. */
    async text(): Promise<{ body: string; contentType: string }> {
      return { body: await registry.metrics(), contentType: registry.contentType };
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
