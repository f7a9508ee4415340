import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../core/clock.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { INSTANCE_JWT_SECRET as JWT_SECRET, startInstance, until, type Instance } from '../../test/instances.ts';
import { createTestProduct } from '../catalogue/test-helpers.ts';
import { insertTestShopper } from '../accounts/test-helpers.ts';
import { openTestSocket, type TestSocket } from './test-helpers.ts';

/**
 * The live layer across instances: two real server processes on one PostgreSQL database and one
 * Redis. The Redis is this test's own `redis-server` (port TEST_LIVE_REDIS_PORT, default 6392), so it
 * can be stopped and started again mid-way without touching anyone else's.
 */
const redisPort = Number(process.env.TEST_LIVE_REDIS_PORT ?? 6392);
const redisUrl = `redis://127.0.0.1:${redisPort}/2`;
const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

/** An instance on this test's own Redis. */
const startLiveInstance = (databaseUrl: string) => startInstance(databaseUrl, { REDIS_URL: redisUrl });

function stopProcess(child: ChildProcess | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** Our own Redis, in the foreground so this process owns it and can stop it by its pid. */
async function startRedis(): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(redisPort), '--save', '', '--appendonly', 'no', '--bind', '127.0.0.1'],
    { stdio: 'ignore' },
  );
  await until(
    () =>
      new Promise((resolve) => {
        const probe = net.connect(redisPort, '127.0.0.1', () => {
          probe.end();
          resolve(true);
        });
        probe.on('error', () => resolve(false));
      }),
  );
  return child;
}

describe.skipIf(!process.env.TEST_DATABASE_URL || !hasRedisServer)(
  'live events across two instances (PostgreSQL + Redis)',
  () => {
    let t: TestApp;
    let a: Instance;
    let b: Instance;
    let redis: ChildProcess | undefined;
    let count = 0;
    const sockets: TestSocket[] = [];

    beforeAll(async () => {
      redis = await startRedis();
      t = await createTestApp({ clock: new TestClock(new Date()), env: { JWT_SECRET } });
      const url = (t.database as { url?: string }).url;
      if (!url) throw new Error('the multi-instance tests need TEST_DB=postgres (project server-postgres)');
      [a, b] = await Promise.all([startLiveInstance(url), startLiveInstance(url)]);
    });
    afterAll(async () => {
      for (const socket of sockets) socket.ws.terminate();
      await Promise.all([stopProcess(a?.process), stopProcess(b?.process)]);
      await stopProcess(redis);
      await t?.close();
    });

    async function shopper(tokens: number) {
      count += 1;
      const user = await insertTestShopper(t, `live${count}`);
      await t.ctx.db.transaction((tx) =>
        t.services.wallet.credit(tx, { userId: user.id, amount: tokens, source: 'purchase', reference: 'test-funds' }),
      );
      return { user, token: (await t.ctx.tokens.sign(user)).token };
    }
    async function buy(instance: Instance, buyer: { user: { username: string }; token: string }, setId: string) {
      const res = await fetch(`${instance.url}/api/token/use`, {
        method: 'POST',
        headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ username: buyer.user.username, setId, ticketsBought: 1 }),
      });
      return res.status;
    }
    const open = async (instance: Instance, token?: string) => {
      const socket = await openTestSocket(instance.url, { token });
      sockets.push(socket);
      return socket;
    };
    const bannerOf = (username: string) => (m: { type: string; username?: string }) =>
      m.type === 'purchase' && m.username === username;

    it('a purchase on instance B reaches sockets on instance A, and the buyer gets the balance on A', async () => {
      const { setId } = await createTestProduct(t, { name: 'Fan-out Set' });
      const buyer = await shopper(100);
      const onA = await open(a);
      const buyerOnA = await open(a, buyer.token);
      const onB = await open(b);
      expect(await buy(b, buyer, setId)).toBe(200);
      expect(await onA.next(bannerOf(buyer.user.username))).toMatchObject({ productName: 'Fan-out Set' });
      expect(await onB.next(bannerOf(buyer.user.username))).toMatchObject({ productName: 'Fan-out Set' });
      await buyerOnA.next((m) => m.type === 'balance');
      expect(buyerOnA.messages.some((m) => m.type === 'purchase')).toBe(false);
    });

    it('a slow consumer that stops reading does not delay the others', async () => {
      const { setId } = await createTestProduct(t);
      const slow = await open(a);
      // Stop reading: whatever is sent to it piles up in its buffers.
      (slow.ws as unknown as { _socket: net.Socket })._socket.pause();
      const others = await Promise.all([open(a), open(a), open(b)]);
      for (let i = 0; i < 3; i++) {
        const buyer = await shopper(100);
        expect(await buy(b, buyer, setId)).toBe(200);
        await Promise.all(others.map((socket) => socket.next(bannerOf(buyer.user.username))));
      }
      expect(slow.messages.filter((m) => m.type === 'purchase')).toHaveLength(0);
    });

    it('Redis gone: each instance serves its own clients, warns once, no 500; fan-out resumes when it returns', async () => {
      const { setId } = await createTestProduct(t);
      const onA = await open(a);
      const onB = await open(b);
      await stopProcess(redis, 'SIGKILL');
      redis = undefined;
      const warned = (instance: Instance) =>
        instance.logs.filter((l) => String(l.msg).startsWith('Redis unreachable: live events')).length;
      await until(() => warned(a) === 1 && warned(b) === 1);

      // Purchases still work, and each instance's own sockets get the banner of purchases made on it.
      const onDown = await shopper(100);
      expect(await buy(a, onDown, setId)).toBe(200);
      await onA.next(bannerOf(onDown.user.username));
      const login = await fetch(`${a.url}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'nobody', password: 'Wrong123!' }),
      });
      expect(login.status).toBeLessThan(500);
      const second = await shopper(100);
      expect(await buy(a, second, setId)).toBe(200);
      await onA.next(bannerOf(second.user.username));
      // Still one warning per instance, however many failed reconnects.
      expect([warned(a), warned(b)]).toEqual([1, 1]);
      expect(
        onB.messages.some(
          (m) => m.type === 'purchase' && (m.username === onDown.user.username || m.username === second.user.username),
        ),
      ).toBe(false);

      redis = await startRedis();
      const resumed = (instance: Instance) => instance.logs.some((l) => String(l.msg).startsWith('Redis is back'));
      await until(() => resumed(a) && resumed(b), 30_000);
      const after = await shopper(100);
      expect(await buy(b, after, setId)).toBe(200);
      await onA.next(bannerOf(after.user.username));
      await onB.next(bannerOf(after.user.username));
    });
  },
);
