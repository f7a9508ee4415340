import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_SCHEMA } from '../jobs/dead-letters.ts';
import { clusterCanRun, useCluster } from './cluster.ts';
import { startMixedLoad } from './cluster-load.ts';
import { until } from './instances.ts';
import { bigRound, expectEachPurchaseOnce, fundedShopper, type Buyer } from './load-purchases.ts';
import { ownPostgresCanRun, startOwnPostgres, type OwnPostgres } from './own-postgres.ts';

/**
 * A database outage ridden out (docs/operations.md, "Database outages"): two instances behind
 * haproxy on a PostgreSQL server of the test's own, under steady mixed load (catalogue and balance
 * readers, token purchases resent with their Idempotency-Key), while that server is stopped for 10 s
 * (`pg_ctl stop -m fast`: sessions terminated, 57P01) and for 60 s (`-m immediate`: a crash), then
 * started again. No instance exits, nothing is answered 500, the shop serves purchases again within
 * 5 s of the database's return, and every purchase is applied exactly once. Each run prints its
 * figures as one JSON line.
 */
/** The first purchase answered 200 after the database is back, at most this long after (the bound). */
const RECOVERY_MS = 5_000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(clusterCanRun && ownPostgresCanRun)(
  'a database outage under load (own PostgreSQL, Redis, haproxy)',
  () => {
    let postgres: OwnPostgres;
    const sharedUrl = process.env.TEST_DATABASE_URL;
    // Registered before the cluster's hooks: started before its setup app makes its database on this
    // server, and (after-hooks run in reverse) destroyed once the cluster and that database are gone.
    beforeAll(async () => {
      postgres = await startOwnPostgres();
      process.env.TEST_DATABASE_URL = postgres.adminUrl;
    });
    afterAll(() => {
      process.env.TEST_DATABASE_URL = sharedUrl;
      postgres?.destroy();
    });
    const shop = useCluster(2);
    let shopperCount = 0;
    const shopper = () => fundedShopper(shop.t, `outage${(shopperCount += 1)}`);

    /** 14 loops: 4 catalogue readers, 4 balance readers, 6 buyers each on a round of their own. */
    async function startLoad() {
      const buyers: Buyer[] = [];
      for (let i = 0; i < 6; i++) buyers.push({ shopper: await shopper(), setId: await bigRound(shop.t) });
      const load = startMixedLoad({
        url: shop.cluster.url,
        catalogueLoops: 4,
        readers: buyers.slice(0, 4).map((buyer) => buyer.shopper),
        buyers,
      });
      return { buyers, load };
    }

    /** Jobs the queue still shows running that started before `before`: runs nobody is running any more. */
    async function jobsActiveSince(before: Date): Promise<number> {
      const { rows } = await shop.t.ctx.database.executeSql(
        `select count(*)::int as n from ${JOB_SCHEMA}.job where state = 'active' and started_on < $1`,
        [before.toISOString()],
      );
      return Number(rows[0]?.n ?? 0);
    }

    async function outage(run: string, mode: 'fast' | 'immediate', downMs: number) {
      const { cluster } = shop;
      const { buyers, load } = await startLoad();
      await pause(3000);
      const stoppedAt = Date.now();
      postgres.stop(mode);
      // haproxy takes both instances out once their /readyz says the database is down.
      let bothOutMs: number | undefined;
      while (Date.now() - stoppedAt < downMs) {
        if (bothOutMs === undefined) {
          const states = await cluster.states();
          if (cluster.instances.every((instance) => states[instance.name]?.startsWith('DOWN')))
            bothOutMs = Date.now() - stoppedAt;
        }
        await pause(100);
      }
      const startAsked = Date.now();
      postgres.start();
      const backAt = Date.now();
      const backAtDate = new Date(backAt);
      // Serving again: the first purchase answered 200 after the database's return.
      await until(() => load.report.purchases.some((p) => p.answeredAt > backAt), 60_000, 50);
      const recoveryMs =
        Math.min(...load.report.purchases.filter((p) => p.answeredAt > backAt).map((p) => p.answeredAt)) - backAt;
      // No run of a job left `active` by the outage holds its queue: expired within seconds.
      await until(async () => (await jobsActiveSince(backAtDate).catch(() => 1)) === 0, 90_000, 250);
      const jobsReleasedMs = Date.now() - backAt;
      await pause(3000);
      const report = await load.stop();
      const doubled = await expectEachPurchaseOnce(shop.t, report, buyers);
      const figures = {
        run,
        stop: mode,
        downMs: startAsked - stoppedAt,
        restartMs: backAt - startAsked,
        bothOutMs,
        recoveryMs,
        jobsReleasedMs,
        statuses: report.statuses,
        unanswered: report.unanswered,
        requests: report.requests,
        purchases: report.purchases.length,
        purchasesRetriedWithKey: report.purchases.filter((p) => p.attempts > 1).length,
        answersLostForGood: report.purchases.filter((p) => p.orderId === null).length,
        resentAfter: report.resentAfter,
        refusedPurchases: report.refusedPurchases.length,
        doubledPurchases: doubled,
        lost: 0,
      };
      console.log(JSON.stringify(figures));
      const exitedInstances = cluster.instances.filter(
        (i) => i.process?.exitCode !== null || i.process?.signalCode !== null,
      );
      expect(exitedInstances.map((i) => `${i.name}: ${i.output.slice(-600)}`)).toEqual([]);
      expect(report.statuses['500'] ?? 0).toBe(0);
      expect(report.refusedPurchases).toEqual([]);
      expect(doubled).toBe(0);
      expect(recoveryMs).toBeLessThanOrEqual(RECOVERY_MS);
      expect(bothOutMs).toBeDefined();
      // Whatever an instance wrote is JSON lines (LOG_LEVEL warn: the outage's warnings and errors).
      for (const instance of cluster.instances) {
        const lines = instance.output
          .split('\n')
          .slice(1, -1)
          .filter((line) => line.trim() !== '');
        const plain = lines.filter((line) => !line.trimStart().startsWith('{'));
        expect(plain, `${instance.name} wrote lines that are not JSON`).toEqual([]);
      }
      return figures;
    }

    it('a 10 s stop (-m fast): no instance exits, no 500, purchases again within 5 s, each purchase once', async () => {
      await outage('database-stop-10s', 'fast', 10_000);
    });

    it('a 60 s crash (-m immediate): no instance exits, no 500, purchases again within 5 s, each purchase once', async () => {
      await outage('database-crash-60s', 'immediate', 60_000);
    });
  },
);
