import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FailedJob } from '@kujiya/shared';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { bearer, post } from '../modules/accounts/test-helpers.ts';
import { JOB, type JobName } from './names.ts';
import { createJobQueue, ORPHAN_AFTER_SECONDS, type JobQueue } from './queue.ts';
import { JOB_SCHEMA, scrubError } from './dead-letters.ts';
import { jobDefinitions } from './registry.ts';

const OWNER = { username: 'Owner', password: 'Owner123!' };

/** Waits (polling the database, never a fixed sleep) until `check` holds; fails after 30 s. */
async function until<T>(what: string, check: () => Promise<T | undefined | null | false>): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// The background jobs on pg-boss (docs/jobs.md): retried with backoff, then dead-lettered for the
// owner, who can put a job back in its queue; a schedule runs once per period across instances.
describe('job registry', () => {
  let t: TestApp;
  let owner: Record<string, string>;
  const queues: JobQueue[] = [];
  const jobRow = async (id: string) =>
    (await t.database.executeSql(`select state, start_after, retry_count from ${JOB_SCHEMA}.job where id = $1`, [id]))
      .rows[0] as { state: string; start_after: Date | string; retry_count: number } | undefined;

  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password } });
    owner = bearer((await post(t, '/api/admin/login', OWNER)).json().token);
  });
  afterAll(async () => {
    for (const queue of queues) await queue.stop();
    await t.close();
  });

  it('lists every job once, each retried with backoff', () => {
    const definitions = jobDefinitions(t.services);
    expect(new Set(definitions.map((d) => d.name))).toEqual(new Set(Object.values(JOB)));
    expect(definitions.length).toBe(Object.values(JOB).length);
    for (const d of definitions) expect(d.retryLimit * d.retryDelaySeconds, d.name).toBeGreaterThan(0);
  });

  it('scrubs addresses and long numbers from an error', () => {
    expect(scrubError('550 mailbox ruth@example.com unknown; call +65 9123 4567')).toBe(
      '550 mailbox [email] unknown; call [number]',
    );
  });

  it("retries a failing job with growing delays, dead-letters it, and re-runs it on the owner's retry", async () => {
    let failing = true;
    const failedAt: number[] = [];
    const delays: number[] = [];
    let jobId = '';
    let runs = 0;
    const queue = t.ctx.jobs;
    queues.push(queue);
    await queue.start([
      {
        name: JOB.courier,
        retryLimit: 2,
        retryDelaySeconds: 1,
        run: async () => {
          runs++;
          // From the second try on: how long after the previous failure this try was due.
          if (failedAt.length > 0)
            delays.push(new Date((await jobRow(jobId))!.start_after).getTime() - failedAt.at(-1)!);
          if (!failing) return { booked: 1 };
          failedAt.push(Date.now());
          throw new Error('courier down for ruth@example.com');
        },
      },
    ]);
    jobId = (await queue.send(JOB.courier))!;
    expect(jobId).toBeTruthy();
    await until('the dead letter', async () => (await jobRow(jobId))?.state === 'failed');
    expect(runs).toBe(3);
    // Backoff: about 1 s, then about 2 s (each with up to as much jitter again).
    expect(delays[0]).toBeGreaterThan(800);
    expect(delays[0]).toBeLessThan(2_500);
    expect(delays[1]).toBeGreaterThan(1_800);
    expect(delays[1]).toBeLessThan(4_500);

    const listed = await t.app.inject({ method: 'GET', url: '/api/admin/jobs/failed', headers: owner });
    expect(listed.statusCode, listed.body).toBe(200);
    const dead = (listed.json().jobs as FailedJob[]).find((job) => job.id === jobId)!;
    expect(dead).toMatchObject({
      name: JOB.courier,
      error: 'courier down for [email]',
      attempts: 3,
      data: 'trigger: manual',
    });

    failing = false;
    const retried = await post(t, `/api/admin/jobs/${jobId}/retry`, {}, owner);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toEqual({ id: jobId, name: JOB.courier, state: 'retry' });
    await until('the retried run', async () => (await jobRow(jobId))?.state === 'completed');
    expect(runs).toBe(4);
    const after = await t.app.inject({ method: 'GET', url: '/api/admin/jobs/failed', headers: owner });
    expect((after.json().jobs as FailedJob[]).some((job) => job.id === jobId)).toBe(false);
    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit?entityType=job&entityId=${jobId}`,
      headers: owner,
    });
    expect(audit.json().entries).toMatchObject([{ action: 'job.retry', adminName: OWNER.username }]);
    // Only a failed job can be retried.
    expect((await post(t, `/api/admin/jobs/${jobId}/retry`, {}, owner)).statusCode).toBe(404);
    await queue.stop();
  });

  it('folds a burst of kicks into one more send after the one in flight, so the last commit still gets a run', async () => {
    let runs = 0;
    const name: JobName = JOB.sessionPurge;
    const queue = createJobQueue(t.database, t.ctx.log);
    queues.push(queue);
    await queue.start([{ name, retryLimit: 1, retryDelaySeconds: 1, run: async () => ({ purged: ++runs }) }]);
    // The queue's inserts, counted at pg-boss (the stately policy alone would hide them).
    const boss = (queue as unknown as { boss: { send: (...args: unknown[]) => Promise<unknown> } }).boss;
    const sends = vi.spyOn(boss, 'send');
    for (let i = 0; i < 50; i++) queue.kick(name);
    await until('the burst to run', async () => runs > 0 && sends.mock.calls.length >= 2);
    // One send for the first kick, one for the 49 that came while it was sent: never one each.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sends).toHaveBeenCalledTimes(2);
    const before = runs;
    queue.kick(name);
    await until('a later kick to run', async () => runs > before);
    await queue.stop();
  });

  it('runs a scheduled job once when two instances tick in the same period', async () => {
    let runs = 0;
    const name: JobName = JOB.tradeExpiry;
    const definition = {
      name,
      everyMs: 60 * 60_000,
      retryLimit: 1,
      retryDelaySeconds: 1,
      run: async () => ({ trades: ++runs }),
    };
    const a = createJobQueue(t.database, t.ctx.log);
    const b = createJobQueue(t.database, t.ctx.log);
    queues.push(a, b);
    await Promise.all([a.start([definition]), b.start([definition])]);
    // Both instances' timers fire in the same hour: their ticks race.
    await Promise.all([a.tick(name), b.tick(name), a.tick(name), b.tick(name)]);
    const open = async () =>
      Number(
        (
          await t.database.executeSql(
            `select count(*)::int as n from ${JOB_SCHEMA}.job where name = $1 and state < 'completed'`,
            [name],
          )
        ).rows[0]!.n,
      );
    await until('the scheduled run', async () => runs > 0 && (await open()) === 0);
    await Promise.all([a.tick(name), b.tick(name)]);
    expect(await open()).toBe(0);
    expect(runs).toBe(1);
    await Promise.all([a.stop(), b.stop()]);
  });

  it('keeps idle workers off the database and still runs, within a second or so, a run sent where no worker of it waits', async () => {
    // The run sent below may be taken by either instance with a worker of it (this one or `runner`).
    let ran = 0;
    const name: JobName = JOB.sessionPurge;
    const definitions = jobDefinitions(t.services, 60 * 60_000).map((def) => ({
      ...def,
      run: async () => (def.name === name ? { purged: ++ran } : {}),
    }));
    let fetches = 0;
    const counting = {
      executeSql: (text: string, values: unknown[]) => {
        if (text.includes('SKIP LOCKED')) fetches++;
        return t.database.executeSql(text, values);
      },
    };
    const worker = createJobQueue(counting, t.ctx.log);
    const sender = createJobQueue(t.database, t.ctx.log);
    queues.push(worker, sender);
    await worker.start(definitions);
    await sender.start([]);
    // The workers' first fetches at start are done; then the queue idles for three seconds.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    fetches = 0;
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    // Polling every worker each second fetched once per job per second (17 jobs: about 51 here).
    expect(fetches).toBeLessThanOrEqual(2);

    // Sent by an instance that runs no worker of the job: nobody there to wake, the due check finds it.
    const runner = createJobQueue(t.database, t.ctx.log);
    queues.push(runner);
    await runner.start([{ name, retryLimit: 1, retryDelaySeconds: 1, run: async () => ({ purged: ++ran }) }]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const sentAt = Date.now();
    expect(await sender.send(name)).toBeTruthy();
    await until('the run sent elsewhere', async () => ran > 0);
    // Its own poll would have waited up to a minute.
    expect(Date.now() - sentAt).toBeLessThan(10_000);
    await Promise.all([worker.stop(), sender.stop(), runner.stop()]);
  });
  it('keeps a running job beating, and retries within seconds a run left active with no beat (an end lost to an outage)', async () => {
    const name: JobName = JOB.mailDelivery;
    let release: () => void = () => {};
    let runs = 0;
    const queue = createJobQueue(t.database, t.ctx.log);
    queues.push(queue);
    await queue.start([
      {
        name,
        retryLimit: 1,
        retryDelaySeconds: 1,
        run: async () => {
          runs++;
          if (runs === 1) await new Promise<void>((resolve) => (release = resolve));
          return { sent: 0 };
        },
      },
    ]);
    // While a run goes on, its row expires 20 s after its last beat, not 10 minutes after its start.
    const first = (await queue.send(name))!;
    await until('the first run', async () => runs === 1);
    const secondsLeft = async (id: string) =>
      Number(
        (
          await t.database.executeSql(
            `select extract(epoch from started_on + expire_in - now()) as left from ${JOB_SCHEMA}.job where id = $1`,
            [id],
          )
        ).rows[0]!.left,
      );
    await until('the first beat', async () => (await secondsLeft(first)) <= ORPHAN_AFTER_SECONDS + 1);
    expect(await secondsLeft(first)).toBeGreaterThan(0);
    release();
    await until('the first run to end', async () => (await jobRow(first))?.state === 'completed');
    // A run whose end was never recorded, its last beat 30 s ago: it holds the stately queue until expired.
    const orphan = (
      await t.database.executeSql(
        `insert into ${JOB_SCHEMA}.job (name, state, started_on, expire_in, policy, retry_limit)
         values ($1, 'active', now() - interval '50 seconds', interval '20 seconds', 'stately', 0) returning id`,
        [name],
      )
    ).rows[0]!.id as string;
    const next = (await queue.send(name))!;
    expect(next).toBeTruthy();
    await until('the run behind the orphan', async () => (await jobRow(next))?.state === 'completed');
    expect((await jobRow(orphan))?.state).toBe('failed');
    expect(runs).toBe(2);
    await queue.stop();
  });
});
