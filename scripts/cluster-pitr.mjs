// `npm run cluster:pitr -- --to <ISO 8601 time> [--database kujiya]`: the database of a running `npm run cluster -- --ha` as it
// was at that moment, restored by pgBackRest into a new PostgreSQL, with one shop instance on it and the
// fairness verifier's verdict on every round. Runs until Ctrl-C (or SIGTERM), then stops both and keeps
// the restored data folder. docs/operations.md, "Point-in-time recovery (the drill)".
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import {
  PG_BIN,
  databaseUser,
  giveToDatabaseUser,
  pgbackrestConfigOf,
  pgbackrestNodeArgs,
  restStatus,
  runAsDatabaseUser,
  until as waitUntil,
} from './cluster-ha.mjs';

const root = path.resolve(import.meta.dirname, '..');
const started = Date.now();
/** Seconds since the command started, for each step's line. */
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;

function fail(message) {
  console.error(`[pitr] ${message}`);
  process.exit(1);
}

function targetTime(args) {
  const at = args.indexOf('--to');
  const raw = at >= 0 ? args[at + 1] : undefined;
  if (!raw) fail('Usage: npm run cluster:pitr -- --to <ISO 8601 time, e.g. 2026-12-07T12:00:29Z>');
  // An offset is required: a time without one would be read in this machine's zone, not the shop's.
  if (!/(Z|[+-]\d\d:?\d\d)$/i.test(raw) || Number.isNaN(Date.parse(raw)))
    fail(`--to ${raw} is not an ISO 8601 time with its offset (e.g. 2026-12-07T12:00:29Z or …+08:00)`);
  const target = new Date(raw);
  if (target.getTime() > Date.now()) fail(`--to ${raw} is in the future`);
  return target;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** As cluster-ha.mjs's `until`, but the drill ends with the one line that says what did not happen. */
const until = (check, timeoutMs, what) => waitUntil(check, timeoutMs, what).catch((error) => fail(error.message));

/** The running cluster's nodes (cluster.json, written by `npm run cluster -- --ha`) and its pgBackRest configuration. */
function readCluster(clusterDir) {
  const file = path.join(clusterDir, 'cluster.json');
  if (!fs.existsSync(file)) fail(`${file} is missing: start the cluster with npm run cluster -- --ha first`);
  const { postgres } = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!Array.isArray(postgres) || postgres.length === 0) fail(`${file} names no PostgreSQL nodes (was it --ha?)`);
  // startHaDatabase keeps each node's data folder and the pgBackRest configuration in one folder.
  const haDir = path.dirname(postgres[0].dataDir);
  const config = [pgbackrestConfigOf(haDir), pgbackrestConfigOf(clusterDir)].find((f) => fs.existsSync(f));
  if (!config) fail(`no pgBackRest configuration next to ${postgres[0].dataDir}`);
  return { postgres, haDir: path.dirname(path.dirname(config)) };
}

/**
 * The leader closes its current WAL segment and waits until it is archived (`pgbackrest check`), so
 * the repository holds every commit up to now. With no leader (cluster down) what is archived is used.
 */
async function archiveUpToNow(haDir, postgres) {
  for (const node of postgres) {
    if ((await restStatus(node.restApi, '/primary')) !== 200) continue;
    runAsDatabaseUser('pgbackrest', [...pgbackrestNodeArgs(haDir, node), 'check']);
    return node.name;
  }
  console.warn('[pitr] no leader answers: restoring from the WAL archived so far');
  return undefined;
}

/** The restored data folder's own settings: Patroni's (its ports, archiving, synchronous standby) do not apply. */
function ownSettings(dataDir, port) {
  const settings = [
    `port = ${port}`,
    "listen_addresses = '127.0.0.1'",
    `unix_socket_directories = '${path.dirname(dataDir)}'`,
    `hba_file = '${path.join(dataDir, 'pg_hba.conf')}'`,
    `ident_file = '${path.join(dataDir, 'pg_ident.conf')}'`,
    'max_connections = 200',
    'max_wal_senders = 10',
    'max_replication_slots = 10',
    'wal_level = replica',
    'hot_standby = on',
    // Not into the cluster's repository: this copy is a new history, not the shop's.
    'archive_mode = off',
    "synchronous_standby_names = ''",
    '',
  ];
  fs.writeFileSync(path.join(dataDir, 'postgresql.conf'), settings.join('\n'));
  fs.writeFileSync(path.join(dataDir, 'pg_hba.conf'), 'local all all trust\nhost all all 127.0.0.1/32 trust\n');
}

function sql(port, database, query) {
  return runAsDatabaseUser(path.join(PG_BIN, 'psql'), [
    `postgres://postgres@127.0.0.1:${port}/${database}`,
    '-Atc',
    query,
  ]).trim();
}

/** Runs scripts/verify-fairness.mjs on every round: 0 verified, 2 chain checked but seed not yet revealed, 1 mismatch. */
function fairnessVerdict(shopUrl, setIds) {
  const counts = { verified: 0, notYetRevealed: 0, mismatched: [] };
  for (const setId of setIds) {
    const run = spawnSync(
      process.execPath,
      [path.join(root, 'scripts/verify-fairness.mjs'), `${shopUrl}/api/fairness/${setId}`],
      {
        encoding: 'utf8',
      },
    );
    if (run.status === 0) counts.verified += 1;
    else if (run.status === 2 && run.stdout.includes('NOT YET VERIFIABLE')) counts.notYetRevealed += 1;
    else counts.mismatched.push(`${setId}: ${(run.stdout + run.stderr).trim().split('\n').at(-1)}`);
  }
  const verdict = counts.mismatched.length === 0 ? 'VERIFIED' : 'MISMATCH';
  return { verdict, rounds: setIds.length, ...counts };
}

/** pgBackRest's restore of the last backup before `target`, with recovery settings to stop at it. */
function restore(haDir, target, dataDir) {
  try {
    runAsDatabaseUser('pgbackrest', [
      `--config=${pgbackrestConfigOf(haDir)}`,
      '--stanza=kujiya',
      'restore',
      '--type=time',
      // pgBackRest's form of the time (also PostgreSQL's recovery_target_time): `2026-12-07 12:00:29.000+00`.
      `--target=${target.toISOString().replace('T', ' ').replace('Z', '+00')}`,
      '--target-action=promote',
      `--pg1-path=${dataDir}`,
    ]);
  } catch (error) {
    fail(`the restore failed: ${error.message}`);
  }
}

async function main() {
  const args = process.argv.slice(2);
  const target = targetTime(args);
  // The shop's database on the cluster's PostgreSQL (`npm run cluster -- --ha` makes `kujiya`); all are restored.
  const database = args.includes('--database') ? args[args.indexOf('--database') + 1] : 'kujiya';
  if (!database || !/^[a-z_][a-z0-9_]*$/.test(database)) fail('--database needs a database name (e.g. kujiya)');
  const clusterDir = path.resolve(root, process.env.CLUSTER_DIR ?? '.cluster');
  const { postgres, haDir } = readCluster(clusterDir);
  const archivedFrom = await archiveUpToNow(haDir, postgres);
  if (archivedFrom) console.log(`[pitr] WAL archived up to now from the leader ${archivedFrom} (${elapsed()})`);

  const stamp = target.toISOString().replace(/[:.]/g, '-');
  const folder = path.join(clusterDir, `pitr-${stamp}-${Date.now()}`);
  const dataDir = path.join(folder, 'data');
  giveToDatabaseUser(folder);
  giveToDatabaseUser(dataDir);
  console.log(`[pitr] restoring the database as of ${target.toISOString()} into ${dataDir}`);
  restore(haDir, target, dataDir);
  console.log(`[pitr] files restored (${elapsed()})`);
  const pgPort = await freePort();
  ownSettings(dataDir, pgPort);
  const pgLog = path.join(folder, 'postgres.log');
  // Recovery replays the WAL up to the target, then promotes: a new timeline that takes writes.
  try {
    runAsDatabaseUser(path.join(PG_BIN, 'pg_ctl'), ['-D', dataDir, '-l', pgLog, '-w', '-t', '600', 'start']);
  } catch (error) {
    const tail = fs.existsSync(pgLog) ? fs.readFileSync(pgLog, 'utf8').slice(-1500) : '';
    fail(`the restored PostgreSQL did not start: ${error.message}\n${tail}`);
  }
  const stopPostgres = () =>
    spawnSync(path.join(PG_BIN, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', 'stop'], {
      ...databaseUser(),
      stdio: 'ignore',
    });
  await until(
    async () => {
      // Recovery that cannot reach the target (e.g. WAL missing) stops the server: say why at once.
      if (!fs.existsSync(path.join(dataDir, 'postmaster.pid')))
        fail(`the restored PostgreSQL stopped during recovery:\n${fs.readFileSync(pgLog, 'utf8').slice(-1500)}`);
      return sql(pgPort, 'postgres', 'select pg_is_in_recovery()') === 'f';
    },
    600_000,
    'recovery to the target',
  );
  console.log(`[pitr] PostgreSQL restored on 127.0.0.1:${pgPort} (log: ${pgLog}; ${elapsed()})`);

  const shopPort = await freePort();
  const shopUrl = `http://127.0.0.1:${shopPort}`;
  const shop = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(root, 'apps/server'),
    env: {
      ...process.env,
      INIT_CWD: root,
      DATABASE_URL: `postgres://postgres@127.0.0.1:${pgPort}/${database}`,
      PORT: String(shopPort),
      HOST: '127.0.0.1',
      DEMO_DATA: '0',
      INSTANCE_NAME: 'kujiya-pitr',
      PUBLIC_URL: shopUrl,
      // Its own metrics listener would clash with the cluster's instances'.
      METRICS_PORT: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let stopping = false;
  const stop = (code) => {
    if (stopping) return;
    stopping = true;
    shop.once('exit', () => {
      stopPostgres();
      console.log(`[pitr] stopped; the restored data stays in ${dataDir}`);
      process.exit(code);
    });
    if (shop.exitCode !== null || shop.signalCode !== null) shop.emit('exit');
    else shop.kill('SIGTERM');
  };
  shop.on('exit', (code) => {
    if (!stopping) {
      console.error(`[pitr] the shop instance exited (${code})`);
      stopping = true;
      stopPostgres();
      process.exit(1);
    }
  });
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));
  await until(
    async () => (await fetch(`${shopUrl}/readyz`, { signal: AbortSignal.timeout(2000) })).status === 200,
    180_000,
    'the restored shop ready',
  );
  console.log(`[pitr] The restored shop: ${shopUrl}`);
  console.log(`[pitr] shop ready (${elapsed()})`);

  const setIds = sql(pgPort, database, 'select id from set_rounds order by opened_at').split('\n').filter(Boolean);
  const fairness = fairnessVerdict(shopUrl, setIds);
  console.log(`[pitr] rounds verified (${elapsed()})`);
  console.log(`[pitr] Fairness: ${JSON.stringify(fairness)}`);
  console.log('[pitr] Ctrl-C stops the restored shop and its PostgreSQL.');
}

await main();
