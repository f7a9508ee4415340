import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { haInstalled, startHaDatabase, type HaPostgresNode } from '../../../../scripts/cluster-ha.mjs';
import { TestClock } from '../core/clock.ts';
import { clusterCanRun, startCluster, type Cluster } from './cluster.ts';
import type { LoadReport } from './cluster-load.ts';
import { INSTANCE_JWT_SECRET } from './instances.ts';
import { expectEachPurchaseOnce, type Buyer } from './load-purchases.ts';
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
 * Every purchase once (load-purchases.ts), and each buyer's round also checked by the independent
 * fairness verifier through the shop's public API. Resolves with the orders beyond the purchases.
 */
export async function expectEachPurchaseOnceVerified(t: TestApp, shopUrl: string, report: LoadReport, buyers: Buyer[]) {
  const doubled = await expectEachPurchaseOnce(t, report, buyers);
  for (const { setId } of buyers) {
    const verdict = verifyRound(shopUrl, setId);
    expect([0, 2], verdict.output).toContain(verdict.status);
    expect(verdict.output).not.toContain('FAIL');
  }
  return doubled;
}
