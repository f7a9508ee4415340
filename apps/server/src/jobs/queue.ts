import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.ts';
import { DAY, HOUR } from '../core/clock.ts';
import type { JobKicker, JobName } from './names.ts';
import { failedJobName, JOB_SCHEMA, listFailed, type FailedJob } from './dead-letters.ts';

/** One background job (docs/jobs.md): what runs, how often, and how a failure is retried. */
export interface JobDefinition {
  name: JobName;
  /** One run per period across every instance; absent: runs only when kicked. */
  everyMs?: number;
  /** Tries after the first failure: the first `retryDelaySeconds` later, then doubling (with jitter). */
  retryLimit: number;
  retryDelaySeconds: number;
  /** The module's work method: idempotent, so a repeated or retried run changes nothing twice. */
  run: () => Promise<unknown>;
}

export interface JobQueue extends JobKicker {
  start(definitions: JobDefinition[]): Promise<void>;
  /** Stops scheduling and waits for the runs in progress (safe to close the database after it). */
  stop(): Promise<void>;
  /** A run of `name` now, outside its schedule (tests, operators); its id, or null when one already waits. */
  send(name: JobName, trigger?: Trigger): Promise<string | null>;
  /** What the schedule's timer does each period: sends this period's run unless one was sent already. */
  tick(name: JobName): Promise<void>;
  listFailed(page: number): Promise<{ jobs: FailedJob[]; totalPages: number }>;
  /** Puts a dead-lettered job back in the queue for one more try; null when no such failed job. */
  retry(id: string): Promise<{ name: string } | null>;
}

type Trigger = 'schedule' | 'after-commit' | 'manual';

/** A run that takes longer than this is failed (and retried): no job holds a lock for long. */
const EXPIRE_SECONDS = 600;
/**
 * Each worker's own poll, a safety net only: a kick or a schedule's send on this instance wakes its
 * worker at once, and `DUE_CHECK_MS` wakes the workers of the jobs that are due (docs/jobs.md, "Waking").
 */
const POLL_SECONDS = 60;
/** How often an instance asks, in one query for all its jobs, which of them have a run due. */
const DUE_CHECK_MS = 1_000;
/**
 * A running job's heartbeat (docs/jobs.md, "Runs nobody is running"): every few seconds its row's
 * expiry is moved to `ORPHAN_AFTER_SECONDS` from now. A run whose instance died, or whose end could
 * not be recorded while the database was away, stops beating and is expired (retried) that much
 * later, by the expiry check every instance runs, instead of holding its `stately` queue for
 * EXPIRE_SECONDS.
 */
export const HEARTBEAT_MS = 5_000;
export const ORPHAN_AFTER_SECONDS = 20;
const EXPIRY_CHECK_MS = 5_000;

/** Creates or updates the job's queue: its policy, retries and expiry. */
async function ensureQueue(boss: PgBoss, def: JobDefinition): Promise<void> {
  const options = {
    name: def.name,
    policy: 'stately' as const,
    retryLimit: def.retryLimit,
    retryDelay: def.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: EXPIRE_SECONDS,
  };
  // Instances starting together may both create it (a deadlock or a duplicate for the loser):
  // the loser tries again and finds it there.
  for (let attempt = 1; ; attempt++) {
    try {
      if (await boss.getQueue(def.name)) return await boss.updateQueue(def.name, options);
      return await boss.createQueue(def.name, options);
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 50));
    }
  }
}

/**
 * The pg-boss queue on the shop's own database (PostgreSQL, or PGlite through the `db` option: its
 * one connection runs pg-boss's statements between the app's transactions, never inside one, so a
 * kick is sent after commit and nothing waits on itself). Every instance runs the same registry:
 * a scheduled run is sent once per period (a throttled send), one run of a job is active at a time
 * across instances (the `stately` policy), and a failed run is retried with backoff and then kept
 * in the `failed` state, the dead-letter queue the back office lists (GET /api/admin/jobs/failed).
 */
export function createJobQueue(database: Pick<Database, 'executeSql'>, log: FastifyBaseLogger): JobQueue {
  return new PgBossQueue(database, log);
}

/** Moves a running job's expiry `ORPHAN_AFTER_SECONDS` ahead (see HEARTBEAT_MS). */
const HEARTBEAT_SQL = `update ${JOB_SCHEMA}.job
    set expire_in = (now() - started_on) + interval '${ORPHAN_AFTER_SECONDS} seconds'
  where name = $1 and id = $2 and state = 'active'`;

/** Beats for `job` until the returned stop is called; a beat lost to an outage is only skipped. */
function heartbeat(database: Pick<Database, 'executeSql'>, job: PgBoss.Job | undefined): () => void {
  if (!job) return () => {};
  const beat = () => void database.executeSql(HEARTBEAT_SQL, [job.name, job.id]).catch(() => {});
  beat();
  const timer = setInterval(beat, HEARTBEAT_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** A run's handler: the job's work, its counts logged when it did something, a failure logged and rethrown (retried). */
function handlerOf(
  def: JobDefinition,
  log: FastifyBaseLogger,
  track: <T>(promise: Promise<T>) => Promise<T>,
  database: Pick<Database, 'executeSql'>,
) {
  return async ([job]: PgBoss.Job[]) => {
    const stopBeating = heartbeat(database, job);
    try {
      const result = await track(def.run());
      const counts = result && typeof result === 'object' ? Object.values(result) : [];
      if (counts.some((n) => typeof n === 'number' && n > 0))
        log.info({ job: def.name, ...(result as object) }, `${def.name} job`);
      return result;
    } catch (err) {
      log.warn({ err, job: def.name, jobId: job?.id }, `${def.name} job failed; retried with backoff`);
      throw err;
    } finally {
      stopBeating();
    }
  };
}

/** Logs a repeated check's first failure and its recovery, not every failed second of an outage. */
class FailureStreaks {
  private readonly failing = new Set<string>();
  private readonly log: FastifyBaseLogger;
  constructor(log: FastifyBaseLogger) {
    this.log = log;
  }
  failed(what: string, err: unknown): void {
    if (this.failing.has(what)) return;
    this.failing.add(what);
    this.log.warn({ err }, `${what} failed; tried again every few seconds until it succeeds`);
  }
  recovered(what: string): void {
    if (this.failing.delete(what)) this.log.info(`${what} succeeds again`);
  }
}

class PgBossQueue implements JobQueue {
  private readonly boss: PgBoss;
  private running = false;
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly workers = new Map<string, string>();
  /** A due check in flight: a slow one is not overlapped by the next. */
  private checkingDue = false;
  private readonly scheduled = new Map<JobName, JobDefinition>();
  private readonly inFlight = new Set<Promise<unknown>>();
  /** Jobs with a kick being sent, and whether another kick came meanwhile. */
  private readonly kicking = new Map<JobName, boolean>();

  private readonly database: Pick<Database, 'executeSql'>;
  private readonly log: FastifyBaseLogger;
  private readonly outage: FailureStreaks;

  constructor(database: Pick<Database, 'executeSql'>, log: FastifyBaseLogger) {
    this.database = database;
    this.log = log;
    this.outage = new FailureStreaks(log);
    this.boss = new PgBoss({
      db: { executeSql: (text: string, values: unknown[]) => database.executeSql(text, values) },
      schema: JOB_SCHEMA,
      schedule: false,
      archiveCompletedAfterSeconds: HOUR / 1000,
      archiveFailedAfterSeconds: (30 * DAY) / 1000,
      deleteAfterDays: 7,
    } as PgBoss.ConstructorOptions);
    this.boss.on('error', (err) => log.error({ err }, 'job queue error'));
  }

  private readonly track = <T>(promise: Promise<T>): Promise<T> => {
    this.inFlight.add(promise);
    void promise.finally(() => this.inFlight.delete(promise)).catch(() => {});
    return promise;
  };

  private wake(name: string): void {
    const worker = this.workers.get(name);
    if (worker) this.boss.notifyWorker(worker);
  }

  /**
   * Wakes the workers of the jobs with a run due now (waiting, or retried and past its delay), with
   * the condition of pg-boss's own fetch: one query an instance a second for all its jobs, where
   * seventeen workers polling every second each were 51 fetches a second from three idle instances
   * (docs/jobs.md, "Waking"). A run queued by another instance, or behind one still active, and a
   * retry come due are each picked up within a second, as with the one-second polls. The query has
   * no values and is prepared: planned once per connection, not over every queue's partition each second.
   */
  private async wakeDue(): Promise<void> {
    if (this.checkingDue || this.workers.size === 0) return;
    this.checkingDue = true;
    try {
      const { rows } = await this.database.executeSql(
        `select distinct name from ${JOB_SCHEMA}.job where state < 'active' and start_after < now()`,
        [],
        'kujiya_jobs_due',
      );
      // wake() passes over a job that has no worker here.
      if (this.running) for (const { name } of rows as { name: string }[]) this.wake(name);
    } finally {
      this.checkingDue = false;
    }
  }

  private async sendRun(name: JobName, trigger: Trigger, slotSeconds?: number): Promise<string | null> {
    const options: PgBoss.SendOptions = slotSeconds ? { singletonKey: 'schedule', singletonSeconds: slotSeconds } : {};
    const id = await this.boss.send(name, { trigger }, options);
    if (id) this.wake(name);
    return id;
  }

  /** One tick of a schedule: a run for this period, unless a failed run is waiting for its retry. */
  private async tickOf(def: JobDefinition): Promise<void> {
    const slotSeconds = Math.max(1, Math.round((def.everyMs ?? 0) / 1000));
    // Without values and prepared, like the due check: planned once per connection, not over every
    // queue's partition at each tick.
    const { rows } = await this.database.executeSql(
      `select distinct name from ${JOB_SCHEMA}.job where state = 'retry'`,
      [],
      'kujiya_jobs_retrying',
    );
    if (!(rows as { name: string }[]).some(({ name }) => name === def.name))
      await this.sendRun(def.name, 'schedule', slotSeconds);
  }

  async start(definitions: JobDefinition[]): Promise<void> {
    await this.boss.start();
    for (const def of definitions) await ensureQueue(this.boss, def);
    for (const def of definitions) {
      const handler = handlerOf(def, this.log, this.track, this.database);
      this.workers.set(
        def.name,
        await this.boss.work(def.name, { pollingIntervalSeconds: POLL_SECONDS, batchSize: 1 }, handler),
      );
    }
    this.running = true;
    // Tracked: a stop waits for a check in flight before the database closes.
    this.every('job due check', DUE_CHECK_MS, () => this.track(this.wakeDue()));
    // Runs that stopped beating are expired (retried) within seconds, on whichever instance looks first:
    // pg-boss's own expiry (active past its `expire_in`: retried, or failed at the retry limit).
    this.every('job expiry check', EXPIRY_CHECK_MS, () => this.track(this.boss.expire()));
    for (const def of definitions) {
      if (!def.everyMs) continue;
      this.scheduled.set(def.name, def);
      this.every(`${def.name} job schedule`, def.everyMs, () => this.tickOf(def));
    }
  }

  /** Runs `task` every `ms` while the queue runs; an outage's failures are logged once, then the recovery. */
  private every(what: string, ms: number, task: () => Promise<unknown>): void {
    const timer = setInterval(() => {
      if (this.running)
        void task().then(
          () => this.outage.recovered(what),
          (err: unknown) => this.outage.failed(what, err),
        );
    }, ms);
    timer.unref();
    this.timers.push(timer);
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    this.scheduled.clear();
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: 30_000 });
    await Promise.allSettled([...this.inFlight]);
    this.workers.clear();
  }

  /**
   * A kick per commit, but one send at a time per job: kicks that come while one is being sent
   * (a drop's purchases each queue a receipt) become one more send after it, so every commit is
   * still followed by a run, with one queue insert instead of hundreds.
   */
  kick(name: JobName): void {
    if (!this.running) return;
    if (this.kicking.has(name)) {
      this.kicking.set(name, true);
      return;
    }
    this.kicking.set(name, false);
    void this.sendRun(name, 'after-commit')
      .catch((err: unknown) => this.log.error({ err, job: name }, 'job not queued; its schedule will run it'))
      .finally(() => {
        const again = this.kicking.get(name);
        this.kicking.delete(name);
        if (again) this.kick(name);
      });
  }

  send(name: JobName, trigger: Trigger = 'manual'): Promise<string | null> {
    return this.sendRun(name, trigger);
  }

  async tick(name: JobName): Promise<void> {
    const def = this.scheduled.get(name);
    if (!def) throw new Error(`${name} has no schedule on this queue`);
    await this.tickOf(def);
  }

  listFailed(page: number): Promise<{ jobs: FailedJob[]; totalPages: number }> {
    return listFailed(this.database, page);
  }

  async retry(id: string): Promise<{ name: string } | null> {
    const name = await failedJobName(this.database, id);
    if (!name) return null;
    await this.boss.retry(name, id);
    this.wake(name);
    return { name };
  }
}
