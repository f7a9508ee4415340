// The shop's instances under `npm run cluster` (docs/operations.md, "The cluster on this machine"): each
// one is started again when it exits while the cluster runs, whether `npm run cluster:restart` drained
// it or it died on its own. One that keeps exiting before it is ready ends the cluster instead.
import path from 'node:path';
import { pause, readyStatus, running, startChild, stopChild, waitFor } from './children.mjs';

/** An instance that exits this many times in a row before answering /readyz 200 is given up on. */
const FAILED_STARTS_ALLOWED = 5;
/** A start on a loaded 2-core machine (tsx, migrations checked, the heavy libraries, pg-boss) took up to 100 s. */
const READY_WITHIN_MS = 300_000;

/**
 * `databaseUrl()` is read at each start; `onChange()` runs when an instance's process changes (started, exited); `onGiveUp(reason)` when an
 * instance keeps failing to start.
 */
export function superviseInstances({ root, options, databaseUrl, onChange, onGiveUp }) {
  let stopping = false;
  const instances = options.instances.map((spec) => ({ ...spec, child: undefined, ready: false, failedStarts: 0 }));

  function spawnInstance(instance) {
    instance.ready = false;
    const child = startChild(
      instance.name,
      process.execPath,
      ['--max-semi-space-size=64', '--import', 'tsx', 'src/main.ts'],
      {
        cwd: path.join(root, 'apps/server'),
        env: {
          ...process.env,
          INIT_CWD: root,
          DATABASE_URL: databaseUrl(),
          PORT: String(instance.port),
          METRICS_PORT: String(instance.metricsPort),
          // Only haproxy talks to the instances; it passes the client's address in X-Forwarded-For.
          HOST: options.instanceHost,
          TRUST_PROXY: '1',
          INSTANCE_NAME: instance.name,
          PUBLIC_URL: process.env.PUBLIC_URL ?? options.shopUrl,
        },
      },
      (code, signal) => void exited(instance, code ?? signal),
    );
    instance.child = child;
    onChange();
    void waitFor(
      async () => (await readyStatus(instance.url)) === 200,
      READY_WITHIN_MS,
      () => !running(child),
    ).then((ready) => {
      if (!ready || stopping) return;
      instance.ready = true;
      instance.failedStarts = 0;
    });
  }

  async function exited(instance, how) {
    onChange();
    if (stopping) return;
    if (!instance.ready) instance.failedStarts += 1;
    if (instance.failedStarts >= FAILED_STARTS_ALLOWED)
      return onGiveUp(`${instance.name} exited ${instance.failedStarts} times before it was ready`);
    console.error(`[cluster] ${instance.name} exited (${how}); starting it again`);
    // One that had been serving comes back at once; one failing at start waits 1, 2, 4 … s between tries.
    if (instance.failedStarts > 0) await pause(Math.min(1000 * 2 ** (instance.failedStarts - 1), 10_000));
    if (!stopping) spawnInstance(instance);
  }

  return {
    instances,
    start: spawnInstance,
    /** True once the instance answers /readyz 200; false when it did not within 300 s or the cluster stops. */
    waitReady: (instance) =>
      waitFor(
        () => instance.ready,
        READY_WITHIN_MS,
        () => stopping,
      ),
    /** Each running instance drains (SIGTERM) and exits; none is started again. */
    async stop() {
      stopping = true;
      await Promise.all(instances.map((instance) => stopChild(instance.child)));
    },
    kill() {
      stopping = true;
      for (const instance of instances) if (running(instance.child)) instance.child.kill('SIGKILL');
    },
    describe: () =>
      instances.map(({ name, url, child, metrics }) => ({
        name,
        url,
        pid: running(child) ? child.pid : null,
        metrics,
      })),
  };
}
