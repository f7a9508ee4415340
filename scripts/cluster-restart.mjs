// `npm run cluster:restart`: a rolling restart of the cluster `npm run cluster` runs (docs/operations.md,
// "The cluster on this machine"). It finds the cluster through <CLUSTER_DIR>/cluster.json and, one
// instance at a time, sends it SIGTERM (it drains and exits), waits for the runner to start it again and
// for haproxy to report it UP, then goes on to the next. Exits 0 once every instance is back.
import path from 'node:path';
import { serverStates } from './cluster-haproxy.mjs';
import { readyStatus, waitFor } from './cluster/children.mjs';
import { clusterDir, fail } from './cluster/options.mjs';
import { isAlive, readClusterFile } from './cluster/state-file.mjs';

/** Above the instances' hard shutdown deadline (SHUTDOWN_TIMEOUT_SECONDS, 30 s by default). */
const DRAIN_WITHIN_MS = 120_000;
/** A start (migrations checked, the heavy libraries loaded, pg-boss) on a loaded machine, then haproxy's `rise 2`. */
const BACK_WITHIN_MS = 300_000;

const dir = clusterDir(path.resolve(import.meta.dirname, '..'));
const say = (line) => console.log(`[cluster:restart] ${line}`);
const cluster = () => readClusterFile(dir);
const runnerGone = () => !isAlive(cluster()?.runner?.pid ?? -1);
const pidOf = (name) => cluster()?.instances.find((instance) => instance.name === name)?.pid;

const state = cluster();
if (!state?.runner || !isAlive(state.runner.pid))
  fail(`No running cluster in ${dir}: start one with npm run cluster (with the same CLUSTER_DIR).`);
if (!state.haproxy) fail('The cluster is still starting (haproxy is not up yet): try again once it prints the shop.');
const { statsSocket } = state.haproxy;

async function restart({ name, url }) {
  // An instance the runner is starting again (it died) is waited for first: never two down at once.
  if (!(await waitFor(() => Boolean(pidOf(name)), BACK_WITHIN_MS, runnerGone))) fail(`${name} is not running`);
  const pid = pidOf(name);
  const started = Date.now();
  say(`${name} (pid ${pid}): draining`);
  process.kill(pid, 'SIGTERM');
  if (!(await waitFor(() => !isAlive(pid), DRAIN_WITHIN_MS)))
    fail(`${name} (pid ${pid}) did not exit within ${DRAIN_WITHIN_MS / 1000} s of SIGTERM`);
  const back = await waitFor(
    async () =>
      Boolean(pidOf(name)) &&
      pidOf(name) !== pid &&
      (await readyStatus(url)) === 200 &&
      (await serverStates(statsSocket).catch(() => ({})))[name] === 'UP',
    BACK_WITHIN_MS,
    runnerGone,
  );
  if (!back)
    fail(
      runnerGone()
        ? 'npm run cluster has stopped'
        : `${name} was not back in haproxy within ${BACK_WITHIN_MS / 1000} s`,
    );
  say(`${name}: back as pid ${pidOf(name)} and UP in haproxy, ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

for (const instance of state.instances) await restart(instance);
say(`all ${state.instances.length} instances restarted`);
