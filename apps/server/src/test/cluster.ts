import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { haproxyConfig, haproxyInstalled, serverStates } from '../../../../scripts/cluster-haproxy.mjs';
import { TestClock } from '../core/clock.ts';
import { freePort } from './free-port.ts';
import { INSTANCE_JWT_SECRET, until } from './instances.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * A whole cluster for the `*.cluster.test.ts` files (docs/operations.md, "The cluster on this machine"):
 * N server processes (`main.ts`, as `npm start` runs it, so SIGTERM drains) on a fresh PostgreSQL
 * database, behind haproxy with the configuration of `npm run cluster`, each on a free port it keeps
 * across restarts. The test process sets data up and checks outcomes through a setup app on the same
 * database.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const mainEntry = path.join(repoRoot, 'apps/server/src/main.ts');

export const clusterCanRun = haproxyInstalled();

export interface ClusterInstance {
  name: string;
  port: number;
  url: string;
  /** Its own metrics listener (METRICS_PORT), when the cluster was started `withMetrics`. */
  metricsPort?: number;
  process?: ChildProcess;
  /** The end of what the instance printed, its JSON log lines (LOG_LEVEL warn) and stderr: to explain a failure. */
  output: string;
}

export interface Cluster {
  /** haproxy's address: what the shoppers call. */
  url: string;
  instances: ClusterInstance[];
  /** haproxy's view of each instance: `UP`, `DOWN`, `UP 1/2` (rising) … by name. */
  states(): Promise<Record<string, string>>;
  /**
   * SIGTERM, wait for the exit (the drain), start again on the same port, wait until haproxy routes to
   * it; resolves with how the stopped process ended (code 0 and no signal after a clean drain).
   */
  restart(index: number): Promise<ProcessEnd>;
  /** SIGKILL (a crash: nothing of the drain runs); resolves once the process is gone. */
  kill(index: number): Promise<void>;
  start(index: number): Promise<void>;
  stop(): Promise<void>;
}

/** How a process ended: its exit code, or the signal that ended it (code null then), and what it printed last. */
export interface ProcessEnd {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
}

function exited(child: ChildProcess | undefined): boolean {
  return !child || child.exitCode !== null || child.signalCode !== null;
}

/** Sends `signal` and resolves once the process is gone, with its exit code (null when a signal ended it). */
function signalAndWait(child: ChildProcess | undefined, signal: NodeJS.Signals): Promise<number | null> {
  if (!child || exited(child)) return Promise.resolve(child?.exitCode ?? null);
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill(signal);
  });
}

async function answers(url: string): Promise<number> {
  return fetch(url, { signal: AbortSignal.timeout(2000) }).then(
    (res) => res.status,
    () => 0,
  );
}

function spawnInstance(instance: ClusterInstance, databaseUrl: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', mainEntry], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {}),
      PORT: String(instance.port),
      HOST: '127.0.0.1',
      TRUST_PROXY: '1',
      INSTANCE_NAME: instance.name,
      JWT_SECRET: INSTANCE_JWT_SECRET,
      ...(instance.metricsPort ? { METRICS_PORT: String(instance.metricsPort) } : {}),
      DEMO_DATA: '0',
      // Request lines would flood the pipe under load; warnings and errors are kept for failures.
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  instance.output = '';
  const keep = (chunk: Buffer) => (instance.output = (instance.output + chunk.toString()).slice(-8000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return child;
}

/** Starts `size` instances and haproxy in front of them; resolves once haproxy routes to every instance. */
export async function startCluster(options: {
  size: number;
  databaseUrl: string;
  /** Environment of every instance, over the defaults below. */
  env?: Record<string, string>;
  /** Give each instance a free METRICS_PORT of its own (docs/operations.md, "Metrics"). */
  withMetrics?: boolean;
  /** The address haproxy listens on (default loopback); the edge tests use the machine's own interface address. */
  bind?: string;
}): Promise<Cluster> {
  const bind = options.bind ?? '127.0.0.1';
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'kujiya-cluster-test-'));
  const statsSocket = path.join(folder, 'haproxy.sock');
  const instances: ClusterInstance[] = [];
  for (let i = 0; i < options.size; i++) {
    const port = await freePort(); // kept by the instance across its restarts
    const metricsPort = options.withMetrics ? await freePort() : undefined;
    instances.push({ name: `kujiya-${i + 1}`, port, url: `http://127.0.0.1:${port}`, metricsPort, output: '' });
  }
  const publicPort = await freePort();
  const configFile = path.join(folder, 'haproxy.cfg');
  fs.writeFileSync(configFile, haproxyConfig({ port: publicPort, bind, instances, statsSocket }));
  let haproxy: ChildProcess | undefined;
  let haproxyOutput = '';

  const states = () => serverStates(statsSocket);
  const routedTo = async (name: string) => (await states())[name] === 'UP';

  async function start(index: number): Promise<void> {
    const instance = instances[index]!;
    const child = spawnInstance(instance, options.databaseUrl, options.env ?? {});
    instance.process = child;
    await until(async () => {
      if (exited(child)) throw new Error(`${instance.name} exited while starting: ${instance.output}`);
      return (await answers(`${instance.url}/readyz`)) === 200;
      // Two starts at once took over 120 s at load average 29 on the 2-core machine (one took 60–100 s).
    }, 240_000).catch((error: unknown) => {
      throw new Error(`${instance.name} not ready: ${String(error)}; last output: ${instance.output.slice(-2000)}`);
    });
    if (haproxy) await until(() => routedTo(instance.name), 30_000);
  }

  const cluster: Cluster = {
    url: `http://${bind}:${publicPort}`,
    instances,
    states,
    start,
    async restart(index) {
      const child = instances[index]!.process;
      const code = await signalAndWait(child, 'SIGTERM');
      // A drain that did not end cleanly says why in its last lines (kept before the restart replaces them).
      const end = { code, signal: child?.signalCode ?? null, output: instances[index]!.output };
      await start(index);
      return end;
    },
    kill: async (index) => void (await signalAndWait(instances[index]!.process, 'SIGKILL')),
    async stop() {
      await Promise.all(instances.map((instance) => signalAndWait(instance.process, 'SIGTERM')));
      await signalAndWait(haproxy, 'SIGTERM');
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
  try {
    // The database is migrated already (a copy of the template); all start at once, as after a deploy.
    await Promise.all(instances.map((_, i) => start(i)));
    haproxy = spawn('haproxy', ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
    haproxy.stdout!.on('data', (chunk: Buffer) => (haproxyOutput += chunk.toString()));
    haproxy.stderr!.on('data', (chunk: Buffer) => (haproxyOutput += chunk.toString()));
    await until(async () => {
      if (exited(haproxy)) throw new Error(`haproxy exited: ${haproxyOutput}`);
      const seen = await states().catch(() => ({}) as Record<string, string>);
      return instances.every((instance) => seen[instance.name] === 'UP');
    }, 30_000);
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  return cluster;
}

/**
 * For a describe block: a setup app (real time, the instances' secret) on a fresh PostgreSQL database
 * and a cluster of `size` instances on it, started before its tests and stopped after them.
 */
export function useCluster(
  size = 2,
  options: { env?: Record<string, string>; withMetrics?: boolean; bind?: string } = {},
): { t: TestApp; cluster: Cluster } {
  const shop = { t: undefined as unknown as TestApp, cluster: undefined as unknown as Cluster };
  beforeAll(async () => {
    shop.t = await createTestApp({ clock: new TestClock(new Date()), env: { JWT_SECRET: INSTANCE_JWT_SECRET } });
    const databaseUrl = (shop.t.database as { url?: string }).url;
    if (!databaseUrl) throw new Error('a cluster needs TEST_DB=postgres (project cluster)');
    shop.cluster = await startCluster({ size, databaseUrl, ...options });
  });
  afterAll(async () => {
    await shop.cluster?.stop();
    await shop.t?.close();
  });
  return shop;
}
