import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestAdmin } from '../modules/accounts/test-helpers.ts';
import { purchaseWithKey, startMixedLoad, type LoadReport } from './cluster-load.ts';
import {
  expectEachPurchaseOnceVerified,
  haSkipReason,
  leaderOf,
  repoRoot,
  startHaShop,
  type HaShop,
} from './ha-cluster.ts';
import { bigRound, fundedShopper, TOKEN_PRICE, TOKENS, type Buyer } from './load-purchases.ts';
import { INSTANCE_JWT_SECRET, until } from './instances.ts';

/**
 * `npm run cluster -- --ha` (docs/operations.md, "Failover" and "Point-in-time recovery (the drill)"):
 * two shop instances on a Patroni pair in synchronous mode. kill -9 of the leader's postgres under mixed
 * load: the standby takes over, purchases are accepted again within 30 s, none is lost or doubled and
 * nothing answers 500. Then the owner's mistake and `npm run cluster:pitr` to the second before it.
 * Each test prints its figures as one JSON line.
 */
if (haSkipReason) console.log(`Skipping the HA failover and PITR tests: ${haSkipReason}`);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const fiveHundreds = (report: LoadReport) => [
  ...report.failedReads.filter((r) => r.status >= 500 && r.status !== 502 && r.status !== 503 && r.status !== 504),
  ...report.refusedPurchases.filter((p) => p.status >= 500),
];

describe.skipIf(Boolean(haSkipReason))('the shop on a Patroni pair (PostgreSQL HA, pgBackRest)', () => {
  let shop: HaShop;
  let shoppers = 0;
  const shopper = () => fundedShopper(shop.t, `ha${(shoppers += 1)}`);
  beforeAll(async () => {
    shop = await startHaShop(46200);
  });
  afterAll(async () => {
    await shop?.stop();
  });

  it('kill -9 of the leader: the standby takes over, purchases resume within 30 s, none lost or doubled', async () => {
    const { t, cluster, postgres } = shop;
    const buyers: Buyer[] = [];
    for (let i = 0; i < 4; i++) buyers.push({ shopper: await shopper(), setId: await bigRound(t) });
    const load = startMixedLoad({
      url: cluster.url,
      catalogueLoops: 4,
      readers: buyers.slice(0, 3).map((buyer) => buyer.shopper),
      buyers,
    });
    // A probe buyer notes when each of its purchases started and was accepted.
    const probe = { shopper: await shopper(), setId: await bigRound(t) };
    const accepted: Array<{ startedAt: number; answeredAt: number; attempts: number; status: number }> = [];
    let probing = true;
    const probeLoop = (async () => {
      while (probing) {
        const startedAt = Date.now();
        const answer = await purchaseWithKey(cluster.url, probe.shopper, probe.setId, crypto.randomUUID());
        accepted.push({ startedAt, answeredAt: Date.now(), attempts: answer.attempts, status: answer.status });
        await pause(50);
      }
    })();
    await pause(3000);

    const leader = (await leaderOf(postgres))!;
    const killedAt = Date.now();
    process.kill(
      Number(fs.readFileSync(path.join(leader.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]),
      'SIGKILL',
    );
    await until(async () => {
      const next = await leaderOf(postgres);
      return next !== undefined && next.name !== leader.name;
    }, 60_000);
    const newLeaderMs = Date.now() - killedAt;
    // When a commit (it waits for the synchronous standby, if one is named) goes through haproxy again.
    await until(() => commitsThrough((t.database as { url?: string }).url!), 60_000, 100);
    const writableMs = Date.now() - killedAt;
    await until(() => accepted.some((p) => p.status === 200 && p.startedAt > killedAt), 60_000, 200);
    const firstAccepted = accepted.find(
      (p) => p.status === 200 && p.answeredAt > killedAt && (p.startedAt > killedAt || p.attempts > 1),
    )!;
    const firstPurchaseMs = firstAccepted.answeredAt - killedAt;
    await pause(3000);
    probing = false;
    await probeLoop;
    const report = await load.stop();
    const probeReport: LoadReport = { ...report, failedReads: [], purchases: [], refusedPurchases: [] };
    for (const p of accepted.filter((a) => a.status !== 200))
      probeReport.refusedPurchases.push({ key: '', status: p.status, body: '' });

    // Counted before the checks, so the figures are printed even when a check fails.
    let orders = 0;
    for (const { setId } of buyers) orders += (await t.services.orders.ordersOfRound(setId)).length;
    const doubled = orders - report.purchases.length;
    const probeOrders = await t.services.orders.ordersOfRound(probe.setId);
    const figures = {
      run: 'patroni-failover',
      killed: leader.name,
      newLeaderMs,
      writableMs,
      firstPurchaseMs,
      requests: report.requests,
      failedReads: report.failedReads.length,
      failedReadStatuses: countBy(report.failedReads.map((r) => r.status)),
      purchases: report.purchases.length,
      purchasesRetriedWithKey: report.purchases.filter((p) => p.attempts > 1).length,
      answersLostForGood: report.purchases.filter((p) => p.orderId === null).length,
      resentAfter: report.resentAfter,
      refusedPurchases: countBy(report.refusedPurchases.map((p) => p.status)),
      probePurchases: accepted.length,
      probeOrders: probeOrders.length,
      doubledPurchases: doubled,
      answered500: fiveHundreds(report).length + fiveHundreds(probeReport).length,
    };
    console.log(JSON.stringify(figures));
    await expectEachPurchaseOnceVerified(t, cluster.url, report, buyers);
    expect(doubled).toBe(0);
    expect(probeOrders).toHaveLength(accepted.filter((p) => p.status === 200).length);
    expect(firstPurchaseMs).toBeLessThanOrEqual(30_000);
    expect(figures.answered500).toBe(0);
  });

  it('the drill: a wrong adjustment and a deleted set at T; cluster:pitr to T − 1 s has every order before, none after', async () => {
    const { t, cluster, dir } = shop;
    const buyer = await shopper();
    const setId = await bigRound(t);
    const doomed = await bigRound(t);
    const buy = async () => {
      const answer = await purchaseWithKey(cluster.url, buyer, setId, crypto.randomUUID());
      expect(answer.status).toBe(200);
      return (JSON.parse(answer.body) as { orderId: string }).orderId;
    };
    const before = [await buy(), await buy(), await buy()];
    await pause(1500);
    const restoreTo = new Date();
    await pause(1500);
    // The mistake: 50,000 tokens taken from the shopper in the back office, and a whole set deleted.
    await insertTestAdmin(t, { username: 'drillowner', password: 'Drill1234!', role: 'owner' });
    const login = await fetch(`${cluster.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'drillowner', password: 'Drill1234!' }),
    });
    const { token } = (await login.json()) as { token: string };
    const adjusted = await fetch(`${cluster.url}/api/admin/shoppers/${buyer.userId}/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ delta: -50_000, reason: 'typo: meant -50' }),
    });
    expect(adjusted.status).toBe(200);
    await deleteSet(t.database as { url?: string }, doomed);
    const after = [await buy(), await buy()];

    // The test's data is in the setup app's database, not the runner's `kujiya`.
    const database = new URL((t.database as { url?: string }).url!).pathname.slice(1);
    const started = Date.now();
    const args = ['--to', restoreTo.toISOString(), '--database', database];
    const pitr = spawn(process.execPath, [path.join(repoRoot, 'scripts/cluster-pitr.mjs'), ...args], {
      env: { ...process.env, CLUSTER_DIR: dir, JWT_SECRET: INSTANCE_JWT_SECRET, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    pitr.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      // Each step as it happens, so a slow or stuck restore shows where it is.
      for (const line of chunk.toString().split('\n')) if (line.startsWith('[pitr]')) console.log(line);
    });
    pitr.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      await until(
        () => {
          if (pitr.exitCode !== null) throw new Error(`cluster:pitr exited ${pitr.exitCode}: ${output.slice(-3000)}`);
          return output.includes('[pitr] Fairness:');
        },
        240_000,
        250,
      );
      const restoreMs = Date.now() - started;
      const shopUrl = /The restored shop: (\S+)/.exec(output)![1]!;
      const pgPort = /PostgreSQL restored on 127\.0\.0\.1:(\d+)/.exec(output)![1]!;
      const fairness = JSON.parse(/\[pitr\] Fairness: (.*)/.exec(output)![1]!) as { verdict: string; rounds: number };
      const copy = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${pgPort}/${database}` });
      await copy.connect();
      const orderIds = (
        await copy.query<{ id: string }>('select id from orders where round_id = $1', [setId])
      ).rows.map((r) => r.id);
      const doomedLeft = (await copy.query('select 1 from set_rounds where id = $1', [doomed])).rowCount;
      await copy.end();
      const balance = await fetch(`${shopUrl}/api/token/balance`, { headers: { authorization: buyer.authorization } });
      console.log(
        JSON.stringify({
          run: 'pitr-drill',
          restoreMs,
          steps: output.match(/^\[pitr\] .*\(.*\d s\)$/gm),
          fairness,
          ordersBefore: before.length,
          ordersAfter: after.length,
          restoredOrders: orderIds.length,
        }),
      );
      expect(orderIds.sort()).toEqual([...before].sort());
      expect(doomedLeft).toBe(1);
      expect(fairness.verdict).toBe('VERIFIED');
      // The wrong adjustment is undone: the balance is the one after the three purchases before it.
      expect(balance.status).toBe(200);
      expect(((await balance.json()) as { totalTokens: number }).totalTokens).toBe(TOKENS - 3 * TOKEN_PRICE);
    } finally {
      pitr.kill('SIGTERM');
      await until(() => pitr.exitCode !== null || pitr.signalCode !== null, 60_000, 250);
    }
  }, 600_000);
});

/** One transaction with a transaction id, committed through haproxy on a connection of its own. */
async function commitsThrough(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000, query_timeout: 2000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select txid_current()');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function countBy(values: number[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

/** The owner's second mistake, as a stray DELETE in psql: a whole set (its product, prizes and round) is gone. */
async function deleteSet(database: { url?: string }, setId: string) {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query<{ product_id: string }>('select product_id from set_rounds where id = $1', [
      setId,
    ]);
    await client.query('delete from round_prizes where round_id = $1', [setId]);
    await client.query('delete from set_rounds where id = $1', [setId]);
    await client.query('delete from prizes where product_id = $1', [rows[0]!.product_id]);
    await client.query('delete from products where id = $1', [rows[0]!.product_id]);
    await client.query('commit');
  } finally {
    await client.end();
  }
}
