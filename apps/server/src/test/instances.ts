import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { TestClock } from '../core/clock.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Real server processes for the PostgreSQL-only tests (`multi-instance.test.ts`): `startServer` as
 * `main.ts` runs it, background jobs on (NODE_ENV development), on a database the test made.
 */
export const INSTANCE_JWT_SECRET = 'multi-instance-secret-multi-instance-0123';
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const serverEntry = path.join(repoRoot, 'apps/server/src/test/server-process.ts');

export interface Instance {
  url: string;
  process: ChildProcess;
  /** Every JSON log line the instance printed. */
  logs: Record<string, unknown>[];
}

/** A server process (`server-process.ts`) on `databaseUrl`, started but not waited for. */
export function spawnServerProcess(databaseUrl: string, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {}),
      PORT: '0',
      HOST: '127.0.0.1',
      JWT_SECRET: INSTANCE_JWT_SECRET,
      DEMO_DATA: '0',
      LOG_LEVEL: 'info',
      TEST_JOB_INTERVAL_MS: '300',
      // Two test files run at once (vitest.config.ts): two of these files' instances with the default
      // pool of 20 (and 4 for locks) passed PostgreSQL's 100 connections. Six each leaves room.
      DATABASE_POOL_SIZE: '6',
      // No drain window unless a test asks for one (the drain tests, the cluster): a SIGTERM closes at once.
      SHUTDOWN_DRAIN_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** A server process on `databaseUrl`, resolved once it prints that it serves. */
export function startInstance(
  databaseUrl: string,
  env: Record<string, string> = {},
  /** A start that seeds the demo data takes longer on a loaded machine. */
  startTimeoutMs = 90_000,
): Promise<Instance> {
  const child = spawnServerProcess(databaseUrl, env);
  const logs: Record<string, unknown>[] = [];
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${stderr}`)), startTimeoutMs);
    let buffered = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) {
        let entry: Record<string, unknown>;
        try {
          entry = JSON.parse(line) as Record<string, unknown>;
        } catch {
          continue;
        }
        if (typeof entry.listening === 'string') {
          clearTimeout(timer);
          resolve({ url: entry.listening, process: child, logs });
        } else logs.push(entry);
      }
    });
    child.once('exit', (code, signal) => reject(new Error(`server exited with ${code ?? signal}: ${stderr}`)));
  });
}

/** The instances' error log lines (pino level 50 and up), for an assertion's message when a call answered 5xx. */
export function serverErrors(...instances: Instance[]): string {
  const errors = instances.flatMap((instance) => instance.logs.filter((entry) => Number(entry.level) >= 50));
  return errors.length === 0 ? 'no error logged by the instances' : JSON.stringify(errors).slice(0, 4000);
}

/** SIGTERM (a clean close) or SIGKILL (a crash: nothing runs after it); resolves once the process is gone. */
export function stopInstance(instance: Instance | undefined, signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM'): Promise<void> {
  if (!instance || instance.process.exitCode !== null || instance.process.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    instance.process.once('exit', () => resolve());
    instance.process.kill(signal);
  });
}

export async function callInstance(
  instance: Instance,
  authorization: string | null | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
) {
  const res = await fetch(`${instance.url}${url}`, {
    method,
    headers: { ...(authorization ? { authorization } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let json: Record<string, unknown> | null;
  try {
    json = text ? (JSON.parse(text) as Record<string, unknown>) : null;
  } catch {
    json = { text };
  }
  return { status: res.status, json };
}

export async function until(
  check: () => Promise<boolean> | boolean,
  timeoutMs = 30_000,
  intervalMs = 100,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * For a describe block: a setup app (real time, the instances' secret) on a fresh PostgreSQL database
 * and `count` instances on the same database, started before its tests and stopped after them.
 */
export function useInstances(
  count = 2,
  /** Extra environment of the instances, read when they start (e.g. a test push service's certificate). */
  env: () => Record<string, string> = () => ({}),
): { t: TestApp; instances: Instance[] } {
  const shop = { t: undefined as unknown as TestApp, instances: [] as Instance[] };
  beforeAll(async () => {
    shop.t = await createTestApp({ clock: new TestClock(new Date()), env: { JWT_SECRET: INSTANCE_JWT_SECRET } });
    const url = (shop.t.database as { url?: string }).url;
    if (!url) throw new Error('two instances need TEST_DB=postgres (project server-postgres)');
    shop.instances = await Promise.all(Array.from({ length: count }, () => startInstance(url, env())));
  });
  afterAll(async () => {
    await Promise.all(shop.instances.map((i) => stopInstance(i)));
    await shop.t?.close();
  });
  return shop;
}
