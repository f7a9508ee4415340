import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { haproxyInstalled } from '../../../../scripts/cluster-haproxy.mjs';
import { postgresHaproxyConfig } from '../../../../scripts/cluster-ha.mjs';

/**
 * `npm run cluster:pitr` and `npm run cluster -- --ha`'s haproxy without starting a cluster
 * (docs/operations.md, "Failover" and "Point-in-time recovery (the drill)"): the restore refuses a
 * missing or unclear time and a folder with no cluster, changing nothing; haproxy accepts the
 * configuration that routes to the Patroni leader.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../../..');

function pitr(args: string[], clusterDir: string) {
  return spawnSync(process.execPath, ['scripts/cluster-pitr.mjs', ...args], {
    cwd: repoRoot,
    env: { ...process.env, CLUSTER_DIR: clusterDir },
    encoding: 'utf8',
  });
}

describe('npm run cluster:pitr', () => {
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'kujiya-pitr-refusals-'));
  afterAll(() => fs.rmSync(empty, { recursive: true, force: true }));

  it.each([
    [[], 'Usage: npm run cluster:pitr -- --to'],
    [['--to', '2026-12-07T12:00:29'], 'is not an ISO 8601 time with its offset'],
    [['--to', 'yesterday noon'], 'is not an ISO 8601 time with its offset'],
    [['--to', '2999-01-01T00:00:00Z'], 'is in the future'],
    [['--to', '2026-01-01T00:00:00Z', '--database', 'x; drop'], '--database needs a database name'],
    [['--to', '2026-01-01T00:00:00+08:00'], 'cluster.json is missing'],
  ])('refuses %j and says why', (args, reason) => {
    const run = pitr(args, empty);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(reason);
    expect(fs.readdirSync(empty)).toEqual([]);
  });
});

describe.runIf(haproxyInstalled())("the --ha database's haproxy", () => {
  it('is a valid configuration that checks each node on its Patroni /primary', () => {
    const config = postgresHaproxyConfig({
      port: 46902,
      nodes: [
        { name: 'pg1', port: 46903, restPort: 46904 },
        { name: 'pg2', port: 46905, restPort: 46906 },
      ],
    });
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'kujiya-ha-haproxy-'));
    const file = path.join(folder, 'haproxy.cfg');
    fs.writeFileSync(file, config);
    const check = spawnSync('haproxy', ['-c', '-f', file], { encoding: 'utf8' });
    fs.rmSync(folder, { recursive: true, force: true });
    expect(check.status, check.stderr).toBe(0);
    expect(config).toContain('option httpchk GET /primary');
    expect(config).toContain('on-marked-down shutdown-sessions');
    expect(config).toContain('server pg2 127.0.0.1:46905 check port 46906');
  });
});
