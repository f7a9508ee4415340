// `npm run cluster`: the shop as it runs in production, from this machine's own packages: CLUSTER_SIZE
// instances (`npm start`'s server) on one PostgreSQL (DATABASE_URL, or Patroni's with --ha) and optionally
// one Redis (REDIS_URL), behind Debian's haproxy on CLUSTER_PORT, with Prometheus and Alertmanager with
// --monitoring. An instance that exits is started again; `npm run cluster:restart` restarts them one at
// a time. What runs is written to <CLUSTER_DIR>/cluster.json. Ctrl-C (or SIGTERM) stops everything.
// docs/operations.md, "The cluster on this machine".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { haproxyConfig, haproxyInstalled } from './cluster-haproxy.mjs';
import { running, startChild, stopChild } from './cluster/children.mjs';
import { superviseInstances } from './cluster/instances.mjs';
import { clusterOptions, fail } from './cluster/options.mjs';
import { isAlive, readClusterFile, removeClusterFile, writeClusterFile } from './cluster/state-file.mjs';

const root = path.resolve(import.meta.dirname, '..');
const HA_PORT_OFFSET = 200;
const options = clusterOptions(process.argv.slice(2), root);

if (!haproxyInstalled())
  fail('haproxy is not installed. On Debian or Ubuntu: sudo apt-get install haproxy (then run npm run cluster again).');
if (!options.ha && !process.env.DATABASE_URL)
  fail(
    'DATABASE_URL is not set. The instances must share one PostgreSQL database: the embedded PGlite database ' +
      'belongs to a single process. Example: DATABASE_URL=postgres://postgres@127.0.0.1:5432/kujiya npm run cluster ' +
      '(or npm run cluster -- --ha for a Patroni PostgreSQL of its own)',
  );
for (const [flag, file] of [
  ['ha', 'cluster-ha.mjs'],
  ['monitoring', 'cluster-monitoring.mjs'],
])
  if (options[flag] && !fs.existsSync(path.join(import.meta.dirname, file)))
    fail(`--${flag} needs scripts/${file}, which this checkout does not have.`);
fs.mkdirSync(options.dir, { recursive: true });
const earlier = readClusterFile(options.dir);
if (earlier?.runner && isAlive(earlier.runner.pid))
  fail(`A cluster is already running from ${options.dir} (pid ${earlier.runner.pid}); stop it, or set CLUSTER_DIR.`);

// As `npm start`: the web app is built first, then each instance serves it (--no-build serves the last build).
if (
  options.build &&
  spawnSync('npm', ['run', 'build', '-w', '@kujiya/web'], { cwd: root, stdio: 'inherit' }).status !== 0
)
  fail('the web app did not build');

/** A part started by another module (--ha, --monitoring): what it reported, and how to stop it. */
const parts = { database: undefined, monitoring: undefined };
const partLog = (name) => {
  const log = (line) => console.log(`[${name}] ${line}`);
  return Object.assign(log, { info: log, warn: log, error: (line) => console.error(`[${name}] ${line}`) });
};
let haproxy;
let stopping = false;
// A socket's path must fit in 108 bytes; a deep CLUSTER_DIR gets it in the temporary folder instead.
const statsSocket =
  path.join(options.dir, 'haproxy.sock').length < 100
    ? path.join(options.dir, 'haproxy.sock')
    : path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kujiya-cluster-')), 'haproxy.sock');
const configFile = path.join(options.dir, 'haproxy.cfg');

function describeCluster() {
  const { database, monitoring } = parts;
  return {
    runner: { pid: process.pid },
    ...(haproxy ? { shop: options.shopUrl, haproxy: { pid: haproxy.pid, statsSocket, config: configFile } } : {}),
    instances: instances.describe(),
    ...(database ? { postgres: database.postgres } : {}),
    ...(monitoring ? { prometheus: monitoring.prometheus, alertmanager: monitoring.alertmanager } : {}),
  };
}
const recordCluster = () => stopping || writeClusterFile(options.dir, describeCluster());

async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  process.exitCode = code;
  // Each instance drains (docs/operations.md, "Graceful drain on deploys"); haproxy, then the other parts, last.
  await instances.stop();
  await stopChild(haproxy);
  for (const part of [parts.monitoring, parts.database]) await part?.stop().catch((error) => console.error(error));
  process.exit();
}

const instances = superviseInstances({
  root,
  options,
  databaseUrl: () => parts.database?.databaseUrl ?? process.env.DATABASE_URL,
  onChange: recordCluster,
  onGiveUp: (reason) => {
    console.error(`[cluster] ${reason}; stopping the cluster`);
    void stop(1);
  },
});
// A second Ctrl-C does not wait for the drain: everything is killed at once (the 'exit' handler below).
const onSignal = () => (stopping ? process.exit(1) : void stop(0));
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);
process.on('exit', () => {
  instances.kill();
  if (running(haproxy)) haproxy.kill('SIGKILL');
  removeClusterFile(options.dir);
  fs.rmSync(statsSocket, { force: true });
});

/** The module of --ha or --monitoring, loaded only with its flag: the runner works without them. */
const loadPart = (file) => import(path.join(import.meta.dirname, file));

/** Each part in turn; a Ctrl-C meanwhile ends it (the stop has begun). */
async function startCluster() {
  if (options.ha) {
    const { startHaDatabase } = await loadPart('cluster-ha.mjs');
    // Its ports (etcd, haproxy, two nodes: base + 200 … base + 206) stay clear of the instances' and their metrics'.
    parts.database = await startHaDatabase({
      dir: options.dir,
      basePort: options.basePort + HA_PORT_OFFSET,
      log: partLog('postgres'),
    });
  }
  recordCluster();
  // The first instance alone migrates the database and seeds the demo shop; the others join it then.
  const [first, ...others] = instances.instances;
  if (stopping) return;
  instances.start(first);
  let ready = await instances.waitReady(first);
  if (stopping) return;
  for (const instance of others) instances.start(instance);
  ready = ready && (await Promise.all(others.map(instances.waitReady))).every(Boolean);
  if (stopping) return;
  if (!ready) {
    console.error('[cluster] the instances did not all become ready within 300 s; stopping the cluster');
    return stop(1);
  }
  fs.writeFileSync(configFile, haproxyConfig({ port: options.publicPort, instances: options.instances, statsSocket }));
  haproxy = startChild('haproxy', 'haproxy', ['-db', '-f', configFile], {}, (code, signal) => {
    if (stopping) return;
    console.error(`[cluster] haproxy exited (${code ?? signal}); stopping the cluster`);
    void stop(1);
  });
  if (options.monitoring) {
    const { startMonitoring } = await loadPart('cluster-monitoring.mjs');
    parts.monitoring = await startMonitoring({
      dir: options.dir,
      basePort: options.basePort,
      instances: options.instances.map(({ name, metrics }) => ({ name, metrics })),
      log: partLog('monitoring'),
    });
  }
  if (stopping) return;
  recordCluster();
  printAddresses();
}

function printAddresses() {
  const say = (line) => console.log(`[cluster] ${line}`);
  say(`The shop: ${options.shopUrl} (haproxy, round robin over ${options.instances.length} instances)`);
  for (const { name, url, metrics } of options.instances) say(`  ${name}: ${url} (metrics: ${metrics})`);
  if (parts.database)
    say(`PostgreSQL (Patroni): ${parts.database.postgres.map((p) => `${p.name} :${p.port}`).join(', ')}`);
  if (parts.monitoring)
    say(`Prometheus: ${parts.monitoring.prometheus}, Alertmanager: ${parts.monitoring.alertmanager}`);
  say(`haproxy's stats socket: ${statsSocket} (e.g. echo "show stat" | socat stdio ${statsSocket})`);
  say(`What runs: ${path.join(options.dir, 'cluster.json')}`);
  say('npm run cluster:restart (another terminal) restarts the instances one at a time; Ctrl-C stops everything.');
}

await startCluster().catch((error) => {
  console.error('[cluster] could not start:', error);
  return stop(1);
});
