import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/free-port.ts';
import { spawnServerProcess, startInstance, stopInstance, until, type Instance } from '../../test/instances.ts';
import { getOnNewConnection, instanceStorage, startSlowPost } from './test-helpers.ts';

type Storage = Awaited<ReturnType<typeof instanceStorage>>;

const exitOf = (instance: Instance) =>
  new Promise<number | null>((resolve) => {
    if (instance.process.exitCode !== null) return resolve(instance.process.exitCode);
    instance.process.once('exit', (code) => resolve(code));
  });

/**
 * The drain of a deploy on a real server process (docs/operations.md, "Graceful drain on deploys"):
 * SIGTERM → /readyz 503 at once while still serving → stop accepting → in-flight answered → live
 * sockets closed with 1012 → jobs and pool closed → exit 0; a second signal exits at once.
 */
describe('the graceful drain of a server process', () => {
  let storage: Storage;
  beforeAll(async () => {
    storage = await instanceStorage();
  });
  afterAll(async () => storage?.close());

  it('drains on SIGTERM: readyz 503 at once, still serving, in-flight answered, sockets 1012, exit 0', async () => {
    const instance = await startInstance(storage.url, {
      ...storage.env,
      SHUTDOWN_DRAIN_SECONDS: '4',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'debug',
    });
    try {
      // The request id of the load balancer is kept, answered and on the request's log line.
      const traced = await getOnNewConnection(`${instance.url}/healthz`, { 'x-request-id': 'lb-trace-42' });
      expect(traced.headers['x-request-id']).toBe('lb-trace-42');
      await until(() => instance.logs.some((line) => line.reqId === 'lb-trace-42' && line.url === '/healthz'));

      const socket = new WebSocket(`${instance.url.replace('http', 'ws')}/ws`);
      const closed = new Promise<number>((resolve) => socket.addEventListener('close', (event) => resolve(event.code)));
      await new Promise((resolve, reject) => {
        socket.addEventListener('open', resolve);
        socket.addEventListener('error', reject);
      });
      const inFlight = startSlowPost(`${instance.url}/api/analytics/event`, JSON.stringify({ name: 'View Product' }));
      const exited = exitOf(instance);

      instance.process.kill('SIGTERM');
      await until(async () => (await getOnNewConnection(`${instance.url}/readyz`)).status === 503, 60_000);
      const readiness = JSON.parse((await getOnNewConnection(`${instance.url}/readyz`)).body) as object;
      expect(readiness).toMatchObject({ status: 'unready', draining: true, checks: { database: 'ok' } });
      // Still serving new connections during the drain window.
      expect((await getOnNewConnection(`${instance.url}/healthz`)).status).toBe(200);
      expect((await getOnNewConnection(`${instance.url}/api/ichiban-kuji-products`)).status).toBe(200);

      // After the window: the socket is told to reconnect at once elsewhere, the request in flight is answered.
      expect(await closed).toBe(1012);
      expect(await inFlight.finish()).toBe(202);
      expect(await exited).toBe(0);
    } finally {
      await stopInstance(instance, 'SIGKILL');
    }
  });

  it('a SIGTERM the moment /readyz first answers 200 is drained: the start is over by then (exit 0)', async () => {
    const port = await freePort();
    const child = spawnServerProcess(storage.url, { ...storage.env, PORT: String(port) });
    const ended = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    try {
      // Asked every 20 ms: a deploy's load balancer may send traffic, and the deploy its SIGTERM, on the first 200.
      // (On PGlite the probe's `select 1` queues behind the start's own statements on its one connection,
      // so the old start's window shows on PostgreSQL.)
      await until(
        async () => {
          if (child.exitCode !== null) throw new Error('the instance exited before it was ready');
          return getOnNewConnection(`http://127.0.0.1:${port}/readyz`).then(
            (res) => res.status === 200,
            () => false,
          );
        },
        90_000,
        20,
      );
      child.kill('SIGTERM');
      // Ended by the signal itself (code null) when no handler was in place yet.
      expect(await ended).toEqual({ code: 0, signal: null });
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });

  it('exits at once with 1 on a second signal during the drain', async () => {
    const instance = await startInstance(storage.url, { ...storage.env, SHUTDOWN_DRAIN_SECONDS: '120' });
    try {
      const exited = exitOf(instance);
      instance.process.kill('SIGTERM');
      await until(async () => (await getOnNewConnection(`${instance.url}/readyz`)).status === 503, 60_000);
      instance.process.kill('SIGTERM');
      // A finished drain would exit 0, and only after 120 s.
      expect(await exited).toBe(1);
    } finally {
      await stopInstance(instance, 'SIGKILL');
    }
  });
});
