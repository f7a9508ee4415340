// `npm run cluster -- --ha`: PostgreSQL as a Patroni cluster of two nodes on etcd, in synchronous mode,
// behind a haproxy that routes to the leader by Patroni's REST check, with WAL archived by pgBackRest.
// All from this machine's Debian packages (patroni, etcd-server, pgbackrest, haproxy). docs/operations.md,
// "Failover" and "Point-in-time recovery (the drill)".
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const PG_BIN = '/usr/lib/postgresql/15/bin';
export const STANZA = 'kujiya';

/** Where the pgBackRest configuration of a cluster folder lives (scripts/cluster-pitr.mjs reads it). */
export const pgbackrestConfigOf = (dir) => path.join(dir, 'pgbackrest', 'pgbackrest.conf');

/** True when patroni, etcd, pgbackrest, haproxy and PostgreSQL 15's binaries are all on this machine. */
export function haInstalled() {
  const runs = (command, args) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;
  return (
    runs('patroni', ['--version']) &&
    runs('etcd', ['--version']) &&
    runs('pgbackrest', ['version']) &&
    runs('haproxy', ['-v']) &&
    fs.existsSync(path.join(PG_BIN, 'postgres'))
  );
}

/**
 * PostgreSQL refuses to run as root, so as root every database process (etcd, patroni, postgres,
 * pgbackrest) runs as the `postgres` user and the folders are theirs; as anyone else, as that user.
 */
export function databaseUser() {
  if (process.getuid?.() !== 0) return {};
  const id = (flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** Makes `folder` (and its parents up to `dir`) belong to the database user. */
export function giveToDatabaseUser(folder) {
  const { uid, gid } = databaseUser();
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  if (uid !== undefined) fs.chownSync(folder, uid, gid);
}

/** Runs a command as the database user to its end; throws with its output when it fails. */
export function runAsDatabaseUser(command, args, { cwd } = {}) {
  const result = spawnSync(command, args, {
    ...databaseUser(),
    cwd: cwd ?? '/',
    env: { PATH: process.env.PATH, HOME: '/tmp', LANG: 'C.UTF-8' },
    encoding: 'utf8',
  });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed (${result.status}): ${result.stderr || result.stdout}`);
  return result.stdout;
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every 250 ms until it is true; throws naming `what` after `timeoutMs`. */
export async function until(check, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await pause(250);
  }
  throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
}

/** The HTTP status of a Patroni REST endpoint (0: no answer). */
export async function restStatus(restApi, endpoint) {
  return fetch(`${restApi}${endpoint}`, { signal: AbortSignal.timeout(2000) }).then(
    (res) => res.status,
    () => 0,
  );
}

/**
 * pgBackRest's configuration: one repository under the cluster's folder, its logs and locks there
 * too. The data directory and port (`pg1-*`) are given on each command line, since either node may
 * be the one archiving or the leader being backed up.
 */
function pgbackrestConfig(dir) {
  const base = path.join(dir, 'pgbackrest');
  return [
    '[global]',
    `repo1-path=${path.join(base, 'repo')}`,
    'repo1-retention-full=2',
    `log-path=${path.join(base, 'log')}`,
    `lock-path=${path.join(base, 'lock')}`,
    'log-level-console=warn',
    'log-level-file=info',
    // The backup's checkpoint at once, not spread over checkpoint_timeout.
    'start-fast=y',
    '',
    `[${STANZA}]`,
    '',
  ].join('\n');
}

/** pgBackRest's options that name one node's data directory and socket. */
export function pgbackrestNodeArgs(dir, node) {
  return [
    `--config=${pgbackrestConfigOf(dir)}`,
    `--stanza=${STANZA}`,
    `--pg1-path=${node.dataDir}`,
    `--pg1-port=${node.port}`,
    `--pg1-socket-path=${dir}`,
  ];
}

/** One Patroni node's YAML (JSON is YAML): DCS settings, its PostgreSQL and its REST API. */
export function patroniConfig({ dir, etcdClientPort, node }) {
  // archive-push and archive-get take the data directory only (no port or socket).
  const pgbackrest = `pgbackrest ${pgbackrestNodeArgs(dir, node).slice(0, 3).join(' ')}`;
  return {
    scope: 'kujiya',
    name: node.name,
    log: { level: 'WARNING' },
    restapi: { listen: `127.0.0.1:${node.restPort}`, connect_address: `127.0.0.1:${node.restPort}` },
    etcd3: { host: `127.0.0.1:${etcdClientPort}` },
    bootstrap: {
      dcs: {
        // The leader key lives 10 s; a leader whose postgres crashed hands over at once (below).
        ttl: 10,
        loop_wait: 1,
        retry_timeout: 4,
        maximum_lag_on_failover: 1048576,
        // A commit is acknowledged only once the standby has it; without a standby the leader goes on
        // alone (not `synchronous_mode_strict`), so a lost standby does not stop the shop.
        synchronous_mode: true,
        // 0: a crashed leader's postgres is not restarted in place when a synchronous standby can take over.
        primary_start_timeout: 0,
        master_start_timeout: 0,
        postgresql: {
          use_pg_rewind: true,
          use_slots: true,
          parameters: {
            max_connections: 200,
            wal_level: 'replica',
            wal_log_hints: 'on',
            hot_standby: 'on',
            max_wal_senders: 10,
            max_replication_slots: 10,
            archive_mode: 'on',
            // A quiet shop still closes a WAL segment a minute, so a restore can reach any minute.
            archive_timeout: 60,
          },
        },
      },
      initdb: [{ encoding: 'UTF8' }, { locale: 'C.UTF-8' }, 'data-checksums'],
    },
    postgresql: {
      listen: `127.0.0.1:${node.port}`,
      connect_address: `127.0.0.1:${node.port}`,
      data_dir: node.dataDir,
      bin_dir: PG_BIN,
      pgpass: path.join(dir, `pgpass-${node.name}`),
      authentication: {
        superuser: { username: 'postgres', password: 'postgres' },
        replication: { username: 'replicator', password: 'replicator' },
        rewind: { username: 'postgres', password: 'postgres' },
      },
      // Only this machine reaches these ports (they listen on 127.0.0.1).
      pg_hba: ['local all all trust', 'host all all 127.0.0.1/32 trust', 'host replication all 127.0.0.1/32 trust'],
      parameters: {
        unix_socket_directories: dir,
        // Each node pushes its own WAL: after a failover the new leader's timeline is archived too.
        archive_command: `${pgbackrest} archive-push %p`,
      },
      // The standby's copy starts with an immediate checkpoint (a spread one took 95 s here).
      basebackup: [{ checkpoint: 'fast' }],
      // A replica that fell behind the leader's WAL fetches it from the repository.
      recovery_conf: { restore_command: `${pgbackrest} archive-get %f "%p"` },
    },
  };
}

/**
 * haproxy in TCP mode in front of both nodes: only the node whose Patroni answers 200 on /primary
 * (the leader) gets connections; when it is marked down its open connections are cut, so the shop's
 * pools reconnect to the new leader instead of waiting on a dead one.
 */
export function postgresHaproxyConfig({ port, nodes }) {
  return [
    'global',
    '    maxconn 1000',
    '',
    'defaults',
    '    mode tcp',
    '    timeout connect 2s',
    '    timeout client 30m',
    '    timeout server 30m',
    '    timeout check 2s',
    '',
    'listen postgres',
    `    bind 127.0.0.1:${port}`,
    '    option httpchk GET /primary',
    '    http-check expect status 200',
    '    default-server inter 1s fall 2 rise 1 on-marked-down shutdown-sessions',
    ...nodes.map((node) => `    server ${node.name} 127.0.0.1:${node.port} check port ${node.restPort}`),
    '',
  ].join('\n');
}

/**
 * Starts etcd, two Patroni nodes and haproxy under `dir`, ports from `basePort` up (etcd client and
 * peer, haproxy, then each node's PostgreSQL and REST API: basePort … basePort + 6), makes the
 * database `kujiya`, the pgBackRest stanza and a full backup. Resolves once the shop can connect.
 */
export async function startHaDatabase({ dir, basePort, log = console.log }) {
  dir = path.resolve(dir);
  giveToDatabaseUser(dir);
  for (const sub of ['pgbackrest', 'pgbackrest/repo', 'pgbackrest/log', 'pgbackrest/lock', 'etcd'])
    giveToDatabaseUser(path.join(dir, sub));
  const etcdClientPort = basePort;
  const etcdPeerPort = basePort + 1;
  const haproxyPort = basePort + 2;
  const nodes = [1, 2].map((n) => ({
    name: `pg${n}`,
    port: basePort + 1 + 2 * n,
    restPort: basePort + 2 + 2 * n,
    dataDir: path.join(dir, `pg${n}`),
  }));
  fs.writeFileSync(pgbackrestConfigOf(dir), pgbackrestConfig(dir));

  const children = [];
  const logs = path.join(dir, 'logs');
  fs.mkdirSync(logs, { recursive: true });
  function start(name, command, args, asDatabaseUser = true) {
    const out = fs.openSync(path.join(logs, `${name}.log`), 'a');
    const child = spawn(command, args, {
      ...(asDatabaseUser ? databaseUser() : {}),
      cwd: dir,
      env: { PATH: process.env.PATH, HOME: '/tmp', LANG: 'C.UTF-8' },
      stdio: ['ignore', out, out],
      detached: true,
    });
    fs.closeSync(out);
    children.push({ name, child });
    return child;
  }
  const stop = async () => {
    // haproxy first (no new connections), then the nodes, etcd last: Patroni stops its postgres on SIGTERM.
    for (const group of [['haproxy'], ['pg1', 'pg2'], ['etcd']]) {
      const running = children.filter(
        ({ name, child }) => group.includes(name) && child.exitCode === null && child.signalCode === null,
      );
      await Promise.all(
        running.map(
          ({ child }) =>
            new Promise((resolve) => {
              const force = setTimeout(() => child.kill('SIGKILL'), 30_000);
              child.once('exit', () => {
                clearTimeout(force);
                resolve();
              });
              child.kill('SIGTERM');
            }),
        ),
      );
    }
  };

  try {
    start('etcd', 'etcd', [
      '--name=kujiya-etcd',
      `--data-dir=${path.join(dir, 'etcd')}`,
      `--listen-client-urls=http://127.0.0.1:${etcdClientPort}`,
      `--advertise-client-urls=http://127.0.0.1:${etcdClientPort}`,
      `--listen-peer-urls=http://127.0.0.1:${etcdPeerPort}`,
      `--initial-advertise-peer-urls=http://127.0.0.1:${etcdPeerPort}`,
      `--initial-cluster=kujiya-etcd=http://127.0.0.1:${etcdPeerPort}`,
      '--log-level=warn',
    ]);
    await until(
      async () => (await fetch(`http://127.0.0.1:${etcdClientPort}/health`)).ok,
      30_000,
      'etcd answering /health',
    );
    log(`[ha] etcd on 127.0.0.1:${etcdClientPort}`);

    for (const node of nodes) {
      const file = path.join(dir, `patroni-${node.name}.yml`);
      fs.writeFileSync(file, JSON.stringify(patroniConfig({ dir, etcdClientPort, node }), null, 2));
      start(node.name, 'patroni', [file]);
      // The first node bootstraps the cluster alone; the second one copies it.
      if (node === nodes[0]) {
        await until(
          async () => (await restStatus(`http://127.0.0.1:${node.restPort}`, '/primary')) === 200,
          120_000,
          `${node.name} leading`,
        );
        log(`[ha] ${node.name} leads (postgres on 127.0.0.1:${node.port})`);
      }
    }
    const leader = nodes[0];
    // The stanza exists before the first WAL segment is pushed (pushes fail and are retried until then).
    runAsDatabaseUser('pgbackrest', [...pgbackrestNodeArgs(dir, leader), 'stanza-create']);
    const haproxyFile = path.join(dir, 'haproxy-postgres.cfg');
    fs.writeFileSync(haproxyFile, postgresHaproxyConfig({ port: haproxyPort, nodes }));
    start('haproxy', 'haproxy', ['-db', '-f', haproxyFile], false);
    const databaseUrl = `postgres://postgres@127.0.0.1:${haproxyPort}/kujiya`;
    runAsDatabaseUser(path.join(PG_BIN, 'psql'), [
      `postgres://postgres@127.0.0.1:${leader.port}/postgres`,
      '-qc',
      'create database kujiya',
    ]);
    // The standby streams and is synchronous: from here on a commit is on both nodes.
    await until(
      async () => (await restStatus(`http://127.0.0.1:${nodes[1].restPort}`, '/sync')) === 200,
      180_000,
      `${nodes[1].name} a synchronous standby`,
    );
    log(`[ha] ${nodes[1].name} is the synchronous standby (postgres on 127.0.0.1:${nodes[1].port})`);
    runAsDatabaseUser('pgbackrest', [...pgbackrestNodeArgs(dir, leader), 'backup', '--type=full']);
    log(`[ha] full backup in ${path.join(dir, 'pgbackrest', 'repo')}; haproxy to the leader on :${haproxyPort}`);
    return {
      databaseUrl,
      postgres: nodes.map(({ name, port, dataDir, restPort }) => ({
        name,
        port,
        dataDir,
        restApi: `http://127.0.0.1:${restPort}`,
      })),
      stop,
    };
  } catch (error) {
    await stop();
    const tails = children
      .map(({ name }) => {
        const text = fs.readFileSync(path.join(logs, `${name}.log`), 'utf8');
        return `--- ${name}:\n${text.slice(-1500)}`;
      })
      .join('\n');
    throw new Error(`${error.message}\n${tails}`, { cause: error });
  }
}
