import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { haproxyConfig, haproxyInstalled } from '../../../../scripts/cluster-haproxy.mjs';

/**
 * `npm run cluster` (scripts/cluster.mjs, docs/operations.md "The cluster on this machine") without
 * starting anything: it refuses to run on PGlite, and the haproxy configuration it writes is valid and
 * keeps haproxy's own retries to idempotent requests.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../../..');

describe('npm run cluster', () => {
  it('stops with a reason when haproxy or DATABASE_URL is missing', () => {
    const env = { ...process.env };
    delete env.DATABASE_URL;
    const run = spawnSync(process.execPath, ['scripts/cluster.mjs'], { cwd: repoRoot, env, encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      haproxyInstalled() ? 'the embedded PGlite database belongs to a single process' : 'apt-get install haproxy',
    );
  });

  it.runIf(haproxyInstalled())('rejects a CLUSTER_SIZE that is not a whole number in range', () => {
    const env = { ...process.env, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', CLUSTER_SIZE: '0' };
    const run = spawnSync(process.execPath, ['scripts/cluster.mjs'], { cwd: repoRoot, env, encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('CLUSTER_SIZE must be a whole number from 1 to 20');
  });

  it('rejects an option it does not know', () => {
    const run = spawnSync(process.execPath, ['scripts/cluster.mjs', '--fast'], { cwd: repoRoot, encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('unknown option --fast (known: --ha, --monitoring, --no-build)');
  });

  it('npm run cluster:restart refuses when no cluster runs in CLUSTER_DIR', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kujiya-no-cluster-'));
    const env = { ...process.env, CLUSTER_DIR: dir };
    const run = spawnSync(process.execPath, ['scripts/cluster-restart.mjs'], { cwd: repoRoot, env, encoding: 'utf8' });
    fs.rmSync(dir, { recursive: true, force: true });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`No running cluster in ${dir}`);
  });

  const config = haproxyConfig({
    port: 3000,
    instances: [
      { name: 'kujiya-1', port: 3101 },
      { name: 'kujiya-2', port: 3102 },
    ],
    statsSocket: path.join(os.tmpdir(), 'kujiya-cluster-config-test.sock'),
  });

  it('writes a haproxy configuration that checks /readyz, retries only idempotent requests itself and announces its keep-alive', () => {
    for (const line of [
      'balance roundrobin',
      'option httpchk GET /readyz',
      'http-check expect status 200',
      'default-server inter 1s fastinter 500ms downinter 500ms fall 2 rise 2',
      'retry-on conn-failure empty-response response-timeout 503',
      'http-request disable-l7-retry unless METH_GET || METH_OPTIONS',
      'option redispatch',
      'timeout tunnel 1h',
      'timeout http-keep-alive 30s',
      'http-response set-header Keep-Alive timeout=25',
      'server kujiya-2 127.0.0.1:3102 check',
    ])
      expect(config).toContain(line);
  });

  it.runIf(haproxyInstalled())('writes a configuration haproxy accepts', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'kujiya-haproxy-'));
    fs.writeFileSync(path.join(folder, 'haproxy.cfg'), config);
    const check = spawnSync('haproxy', ['-c', '-f', path.join(folder, 'haproxy.cfg')], { encoding: 'utf8' });
    fs.rmSync(folder, { recursive: true, force: true });
    expect(check.stdout + check.stderr).toContain('Configuration file is valid');
    expect(check.status).toBe(0);
  });
});
