import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { ADMIN_PAGE_SIZE } from '@kujiya/shared';
import type { Database } from '../db/database.ts';
import { DAY, HOUR } from '../core/clock.ts';
import type { JobKicker, JobName } from './names.ts';

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

/** A dead-lettered job as the back office lists it: no personal data (the error text is scrubbed). */
export interface FailedJob {
  id: string;
  name: string;
  error: string;
  failedAt: Date;
  attempts: number;
  data: string;
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
  readonly boss: PgBoss;
}

type Trigger = 'schedule' | 'after-commit' | 'manual';

export const JOB_SCHEMA = 'pgboss';
/** A run that takes longer than this is failed (and retried): no job holds a lock for long. */
const EXPIRE_SECONDS = 600;
/** The worker's poll between runs; a kick on this instance wakes it at once. */
const POLL_SECONDS = 1;

/** Error text without what could identify a shopper (addresses, long numbers), cut to 500 characters. */
export const scrubError = (text: string) =>
  text
    .replace(/[^\s@<>"']+@[^\s@<>"']+/g, '[email]')
    .replace(/\+?\d[\d\s-]{7,}\d/g, '[number]')
    .slice(0, 500);

/** Only the trigger of a run is kept in its data; nothing else is shown. */
const dataSummary = (data: unknown) => {
  const trigger = data && typeof data === 'object' && 'trigger' in data ? String((data as { trigger: unknown }).trigger) : null;
  return trigger ? `trigger: ${trigger}` : '';
};

/**
 * The pg-boss queue on the shop's own database (PostgreSQL, or PGlite through the `db` option: its
 * one connection runs pg-boss's statements between the app's transactions, never inside one, so a
 * kick is sent after commit and nothing waits on itself). Every instance runs the same registry:
 * a scheduled run is sent once per period (a throttled send), one run of a job is active at a time
 * across instances (the `stately` policy), and a failed run is retried with backoff and then kept
 * in the `failed` state, the dead-letter queue the back office lists (GET /api/admin/jobs/failed).
 */
export function createJobQueue(database: Pick<Database, 'executeSql'>, log: FastifyBaseLogger): JobQueue {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values: unknown[]) => database.executeSql(text, values) },
    schema: JOB_SCHEMA,
    schedule: false,
    archiveCompletedAfterSeconds: HOUR / 1000,
    archiveFailedAfterSeconds: (30 * DAY) / 1000,
    deleteAfterDays: 7,
  } as PgBoss.ConstructorOptions);
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  let running = false;
  const timers: NodeJS.Timeout[] = [];
  const workers = new Map<string, string>();
  const inFlight = new Set<Promise<unknown>>();

  const track = <T>(promise: Promise<T>): Promise<T> => {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise)).catch(() => {});
    return promise;
  };

  async function ensureQueue(def: JobDefinition): Promise<void> {
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

  async function send(name: JobName, trigger: Trigger = 'manual', slotSeconds?: number): Promise<string | null> {
    const options: PgBoss.SendOptions = slotSeconds ? { singletonKey: 'schedule', singletonSeconds: slotSeconds } : {};
    const id = await boss.send(name, { trigger }, options);
    const worker = workers.get(name);
    if (id && worker) boss.notifyWorker(worker);
    return id;
  }

  const slotOf = (def: JobDefinition) => Math.max(1, Math.round((def.everyMs ?? 0) / 1000));
  const scheduled = new Map<JobName, JobDefinition>();

  /** One tick of a schedule: a run for this period, unless a failed run is waiting for its retry. */
  async function tick(def: JobDefinition): Promise<void> {
    const slotSeconds = slotOf(def);
    const { rows } = await database.executeSql(`select 1 from ${JOB_SCHEMA}.job where name = $1 and state = 'retry' limit 1`, [def.name]);
    if (rows.length === 0) await send(def.name, 'schedule', slotSeconds);
  }

  async function work(def: JobDefinition): Promise<void> {
    const id = await boss.work(def.name, { pollingIntervalSeconds: POLL_SECONDS, batchSize: 1 }, async ([job]) => {
      try {
        const result = await track(def.run());
        const counts = result && typeof result === 'object' ? Object.values(result) : [];
        if (counts.some((n) => typeof n === 'number' && n > 0)) log.info({ job: def.name, ...(result as object) }, `${def.name} job`);
        return result;
      } catch (err) {
        log.warn({ err, job: def.name, jobId: job?.id }, `${def.name} job failed; retried with backoff`);
        throw err;
      }
    });
    workers.set(def.name, id);
  }

  return {
    boss,
    async start(definitions) {
      await boss.start();
      for (const def of definitions) await ensureQueue(def);
      for (const def of definitions) await work(def);
      running = true;
      for (const def of definitions) {
        if (!def.everyMs) continue;
        scheduled.set(def.name, def);
        const timer = setInterval(() => {
          if (running) void tick(def).catch((err: unknown) => log.error({ err, job: def.name }, 'job schedule failed'));
        }, def.everyMs);
        timer.unref();
        timers.push(timer);
      }
    },

    async stop() {
      if (!running) return;
      running = false;
      for (const timer of timers.splice(0)) clearInterval(timer);
      scheduled.clear();
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 30_000 });
      await Promise.allSettled([...inFlight]);
      workers.clear();
    },

    kick(name) {
      if (!running) return;
      void send(name, 'after-commit').catch((err: unknown) => log.error({ err, job: name }, 'job not queued; its schedule will run it'));
    },

    send,

    async tick(name) {
      const def = scheduled.get(name);
      if (!def) throw new Error(`${name} has no schedule on this queue`);
      await tick(def);
    },

    async listFailed(page) {
      const { rows: exists } = await database.executeSql(`select to_regclass('${JOB_SCHEMA}.job') is not null as ok`, []);
      if (!exists[0]?.ok) return { jobs: [], totalPages: 0 };
      const failed = `from ${JOB_SCHEMA}.job where state = 'failed' and name not like '\\_\\_%'`;
      const { rows: counted } = await database.executeSql(`select count(*)::int as total ${failed}`, []);
      const { rows } = await database.executeSql(
        `select id, name, output, completed_on, retry_count, data ${failed} order by completed_on desc, id limit $1 offset $2`,
        [ADMIN_PAGE_SIZE, (page - 1) * ADMIN_PAGE_SIZE],
      );
      const jobs = rows.map((row) => {
        const output = row.output as { message?: unknown } | null;
        return {
          id: String(row.id),
          name: String(row.name),
          error: scrubError(typeof output?.message === 'string' ? output.message : JSON.stringify(output ?? null)),
          failedAt: new Date(row.completed_on as string),
          attempts: Number(row.retry_count) + 1,
          data: dataSummary(row.data),
        };
      });
      return { jobs, totalPages: Math.ceil(Number(counted[0]?.total ?? 0) / ADMIN_PAGE_SIZE) };
    },

    async retry(id) {
      const { rows: exists } = await database.executeSql(`select to_regclass('${JOB_SCHEMA}.job') is not null as ok`, []);
      if (!exists[0]?.ok) return null;
      const { rows } = await database.executeSql(`select name from ${JOB_SCHEMA}.job where id = $1 and state = 'failed'`, [id]);
      const name = rows[0]?.name as string | undefined;
      if (!name) return null;
      await boss.retry(name, id);
      const worker = workers.get(name);
      if (worker) boss.notifyWorker(worker);
      return { name };
    },
  };
}
