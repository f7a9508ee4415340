import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { NewProduct } from '@kujiya/shared';
import { haInstalled, startHaDatabase, type HaPostgresNode } from '../../../../scripts/cluster-ha.mjs';
import { insertTestShopper } from '../modules/accounts/test-helpers.ts';
import { createTestProduct } from '../modules/catalogue/test-helpers.ts';
import { TestClock } from '../core/clock.ts';
import { clusterCanRun, startCluster, type Cluster } from './cluster.ts';
import type { LoadReport, LoadShopper } from './cluster-load.ts';
import { INSTANCE_JWT_SECRET } from './instances.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * The shop on `npm run cluster -- --ha`'s database (scripts/cluster-ha.mjs) for the failover and
 * point-in-time recovery tests: a Patroni pair on etcd behind its haproxy, a setup app and a cluster of
 * two instances on it. docs/operations.md, "Failover" and "Point-in-time recovery (the drill)".
 */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Why these tests cannot run here, or undefined when they can. */
export const haSkipReason = !clusterCanRun
  ? 'haproxy is missing'
  : !haInstalled()
    ? 'patroni, etcd-server or pgbackrest is missing (apt-get install patroni etcd-server pgbackrest)'
    : undefined;

export const TOKENS = 100_000;
export const TOKEN_PRICE = 12;
export type Buyer = { shopper: LoadShopper; setId: string };

export interface HaShop {
  /** The cluster's folder (CLUSTER_DIR): cluster.json, the nodes' data, pgBackRest's repository. */
  dir: string;
  postgres: HaPostgresNode[];
  t: TestApp;
  cluster: Cluster;
  stop(): Promise<void>;
}

/** Starts the HA database (ports from `basePort`), a setup app and `size` instances on it. */
export async function startHaShop(basePort: number, size = 2): Promise<HaShop> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kujiya-ha-test-'));
  const ha = await startHaDatabase({ dir, basePort, log: () => {} });
  // As the runner does: scripts/cluster-pitr.mjs finds the nodes there.
  fs.writeFileSync(path.join(dir, 'cluster.json'), JSON.stringify({ postgres: ha.postgres }));
  // The setup app's fresh database (a migrated template copy) is made on the HA server.
  const before = process.env.TEST_DATABASE_URL;
  process.env.TEST_DATABASE_URL = ha.databaseUrl;
  let t: TestApp | undefined;
  let cluster: Cluster | undefined;
  const stop = async () => {
    await cluster?.stop();
    await t?.close().catch(() => {});
    await ha.stop();
    process.env.TEST_DATABASE_URL = before;
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    t = await createTestApp({ clock: new TestClock(new Date()), env: { JWT_SECRET: INSTANCE_JWT_SECRET } });
    const databaseUrl = (t.database as { url?: string }).url!;
    cluster = await startCluster({ size, databaseUrl });
    return { dir, postgres: ha.postgres, t, cluster, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The node whose Patroni answers 200 on /primary. */
export async function leaderOf(postgres: HaPostgresNode[]): Promise<HaPostgresNode | undefined> {
  for (const node of postgres) {
    const status = await fetch(`${node.restApi}/primary`, { signal: AbortSignal.timeout(2000) }).then(
      (res) => res.status,
      () => 0,
    );
    if (status === 200) return node;
  }
  return undefined;
}

export async function fundedShopper(t: TestApp, name: string): Promise<LoadShopper & { token: string }> {
  const user = await insertTestShopper(t, name);
  await t.ctx.db.transaction((tx) =>
    t.services.wallet.credit(tx, { userId: user.id, amount: TOKENS, source: 'purchase', reference: 'test-funds' }),
  );
  const { token } = await t.ctx.tokens.sign(user);
  return { userId: user.id, username: user.username, authorization: `Bearer ${token}`, token };
}

/** A round of 3,000 tickets, so a buyer's loop never sells it out. */
export async function bigRound(t: TestApp): Promise<string> {
  const image = await t.services.media.putImage(
    t.ctx.db,
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    'image/svg+xml',
  );
  const prizes: NewProduct['prizes'] = [
    { kind: 'letter', letter: 'A', description: 'Big figure', image, type: 'Big', quantity: 1000 },
    { kind: 'letter', letter: 'B', description: 'Plush', image, type: 'Small', quantity: 1000 },
    { kind: 'letter', letter: 'C', description: 'Keychain', image, type: 'Small', quantity: 1000 },
    { kind: 'last', description: 'Last figure', image, type: 'Big' },
  ];
  return (await createTestProduct(t, { prizes, tokenPrice: TOKEN_PRICE })).setId;
}

/** The fairness verifier's exit code on a round: 0 verified, 2 chain checked but seed not yet revealed, 1 mismatch. */
export function verifyRound(shopUrl: string, setId: string): { status: number | null; output: string } {
  const run = spawnSync(
    process.execPath,
    [path.join(repoRoot, 'scripts/verify-fairness.mjs'), `${shopUrl}/api/fairness/${setId}`],
    { encoding: 'utf8' },
  );
  return { status: run.status, output: run.stdout + run.stderr };
}

/**
 * Every purchase the clients believe succeeded is one paid order and there is no other: tokens spent
 * match, the ledger equals the lots, each order's tickets are in the round's draw log, and the round's
 * chained log checks out with the independent verifier. Resolves with the orders beyond the purchases.
 */
export async function expectEachPurchaseOnce(t: TestApp, shopUrl: string, report: LoadReport, buyers: Buyer[]) {
  let doubled = 0;
  for (const { shopper, setId } of buyers) {
    const answered = report.purchases.filter((p) => p.userId === shopper.userId);
    const named = answered.flatMap((p) => (p.orderId ? [p.orderId] : []));
    const orders = await t.services.orders.ordersOfRound(setId);
    doubled += orders.length - answered.length;
    expect(new Set(named).size).toBe(named.length);
    expect(orders).toHaveLength(answered.length);
    const ids = new Set(orders.map((o) => o.id));
    expect(named.every((id) => ids.has(id))).toBe(true);
    expect(orders.every((o) => o.status === 'paid' && o.userId === shopper.userId)).toBe(true);
    const tickets = orders.reduce((n, o) => n + o.numberOfTickets, 0);
    const balance = await t.services.wallet.balance(t.ctx.db, shopper.userId);
    expect(balance).toBe(TOKENS - TOKEN_PRICE * tickets);
    expect(await t.services.wallet.ledgerBalance(shopper.userId)).toBe(balance);
    const log = await t.services.stock.drawLog(t.ctx.db, setId);
    expect(log).toHaveLength(tickets);
    expect(log.every((entry) => entry.orderId !== null && ids.has(entry.orderId))).toBe(true);
    const verdict = verifyRound(shopUrl, setId);
    expect([0, 2], verdict.output).toContain(verdict.status);
    expect(verdict.output).not.toContain('FAIL');
  }
  return doubled;
}
