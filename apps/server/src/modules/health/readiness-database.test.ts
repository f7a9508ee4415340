import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, stopInstance, until, type Instance } from '../../test/instances.ts';
import { getOnNewConnection, instanceStorage } from './test-helpers.ts';

/**
 * A TCP proxy between the server and PostgreSQL that a test can cut: `refuse` drops every connection
 * (a database that is gone), `hang` keeps them open but passes nothing (a network that swallows packets).
 */
async function startDatabaseProxy(target: { host: string; port: number }) {
  let mode: 'pass' | 'refuse' | 'hang' = 'pass';
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    open.add(client);
    client.on('close', () => open.delete(client));
    client.on('error', () => {});
    if (mode === 'refuse') return client.destroy();
    if (mode === 'hang') return;
    const upstream = net.connect(target.port, target.host);
    open.add(upstream);
    upstream.on('close', () => open.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    set(next: typeof mode) {
      mode = next;
      if (next === 'refuse') for (const socket of open) socket.destroy();
      // Hanging: the open connections stop passing anything either way.
      if (next === 'hang') for (const socket of open) socket.unpipe().pause();
      // Back: whatever hung is dropped, the pool connects anew.
      if (next === 'pass') for (const socket of open) if (socket.isPaused()) socket.destroy();
    },
    close: () => {
      for (const socket of open) socket.destroy();
      server.close();
    },
  };
}

const readiness = async (instance: Instance) => {
  const answer = await getOnNewConnection(`${instance.url}/readyz`);
  return { status: answer.status, body: JSON.parse(answer.body) as { checks: { database: string } } };
};

/** Waits for `status` and says how long it took (a figure for docs/operations.md). */
async function secondsUntil(instance: Instance, status: number): Promise<number> {
  const started = Date.now();
  await until(async () => (await readiness(instance)).status === status, 30_000);
  return (Date.now() - started) / 1000;
}

describe.skipIf(process.env.TEST_DB !== 'postgres')('readiness while PostgreSQL is unreachable', () => {
  let storage: Awaited<ReturnType<typeof instanceStorage>>;
  let proxy: Awaited<ReturnType<typeof startDatabaseProxy>>;
  let instance: Instance;
  beforeAll(async () => {
    storage = await instanceStorage();
    const url = new URL(storage.url);
    proxy = await startDatabaseProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    // Without Redis: its own check is not what this file is about.
    instance = await startInstance(url.toString(), { REDIS_URL: '' });
  });
  afterAll(async () => {
    await stopInstance(instance, 'SIGKILL');
    proxy?.close();
    await storage?.close();
  });

  it('answers 503 (database down) while the connections are refused, and 200 again once it is back', async () => {
    expect(await readiness(instance)).toMatchObject({ status: 200, body: { checks: { database: 'ok' } } });
    proxy.set('refuse');
    const down = await secondsUntil(instance, 503);
    expect((await readiness(instance)).body).toMatchObject({
      status: 'unready',
      draining: false,
      checks: { database: 'down', migrations: 'ok' },
    });
    // The process itself is alive: no restart for a database outage.
    expect((await getOnNewConnection(`${instance.url}/healthz`)).status).toBe(200);
    proxy.set('pass');
    const back = await secondsUntil(instance, 200);
    console.log(`readyz: 503 ${down.toFixed(2)} s after the cut, 200 ${back.toFixed(2)} s after the restore`);
  });

  it('answers 503 when the database hangs (the 1 s timeout), and 200 again once it answers', async () => {
    proxy.set('hang');
    const down = await secondsUntil(instance, 503);
    expect((await readiness(instance)).body).toMatchObject({ checks: { database: 'down' } });
    proxy.set('pass');
    const back = await secondsUntil(instance, 200);
    console.log(`readyz (hang): 503 ${down.toFixed(2)} s after the cut, 200 ${back.toFixed(2)} s after the restore`);
  });
});
