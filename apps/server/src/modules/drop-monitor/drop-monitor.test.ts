import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { dropMonitorSchema, type LiveBoardMessage, type LiveServerMessage } from '@kujiya/shared';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestProduct } from '../catalogue/test-helpers.ts';
import { api, fundedShopper, useTokens } from '../orders/test-helpers.ts';
import { openTestSocket, type TestSocket } from '../live/test-helpers.ts';

const isBoard =
  (setId: string, predicate: (b: LiveBoardMessage) => boolean = () => true) =>
  (m: LiveServerMessage) =>
    m.type === 'board' && m.setId === setId && predicate(m);

/** The live prize board over /ws and the owner's drop monitor, on one instance (docs/rules/drops.md). */
describe('live board and drop monitor', () => {
  let t: TestApp;
  let url: string;
  let admin: { authorization: string };
  const sockets: TestSocket[] = [];
  const open = async () => {
    const socket = await openTestSocket(url);
    sockets.push(socket);
    return socket;
  };
  const watch = (socket: TestSocket, setIds: string[]) => socket.ws.send(JSON.stringify({ type: 'watch', setIds }));
  const monitor = (setId: string, headers: Record<string, string> = admin) =>
    t.app.inject({ method: 'GET', url: `/api/admin/drops/${setId}`, headers });

  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'Boss123!' } });
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'boss', password: 'Boss123!' },
    });
    admin = { authorization: `Bearer ${login.json().token}` };
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.close();
  });

  it('sends a watched set its board at once and after every purchase, each prize counting down', async () => {
    const { setId } = await createTestProduct(t, { name: 'Board Set' });
    const other = await createTestProduct(t, { name: 'Unwatched Set' });
    const socket = await open();
    watch(socket, [setId]);
    const first = await socket.next(isBoard(setId));
    expect(first).toMatchObject({ left: 10, total: 10 });
    const start = new Map((first as LiveBoardMessage).prizes.map((p) => [p.id, p.remaining]));
    expect([...start.values()].sort()).toEqual([1, 2, 3, 5]);

    const buyer = await fundedShopper(t, 'boarder', 500);
    expect((await useTokens(t, buyer, { setId, ticketsBought: 3 })).statusCode).toBe(200);
    const after = (await socket.next(isBoard(setId, (b) => b.left === 7))) as LiveBoardMessage;
    const taken = after.prizes.reduce((n, p) => n + (start.get(p.id)! - p.remaining), 0);
    expect(taken).toBe(3);
    // A purchase of a set nobody watches sends this socket nothing.
    expect((await useTokens(t, buyer, { setId: other.setId, ticketsBought: 1 })).statusCode).toBe(200);
    // The card path: the intent's hold makes fewer tickets left at once.
    const intent = await api(t, buyer, 'POST', '/api/payment/kuji/create-intent', {
      username: 'boarder',
      setId,
      ticketsBought: 2,
    });
    expect(intent.statusCode).toBe(200);
    await socket.next(isBoard(setId, (b) => b.left === 5));
    expect(socket.messages.some((m) => m.type === 'board' && m.setId === other.setId)).toBe(false);
  });

  it('sends the sold-out board (0 left, every prize 0) when the last ticket goes', async () => {
    const { setId } = await createTestProduct(t, { name: 'Sell Out Board' });
    const socket = await open();
    watch(socket, [setId]);
    await socket.next(isBoard(setId));
    const buyer = await fundedShopper(t, 'sweeper', 500);
    expect((await useTokens(t, buyer, { setId, ticketsBought: 10 })).statusCode).toBe(200);
    const last = (await socket.next(isBoard(setId, (b) => b.left === 0))) as LiveBoardMessage;
    expect(last.prizes.every((p) => p.remaining === 0)).toBe(true);
  });

  it('coalesces a burst of purchases into a few boards, the last one true', async () => {
    const { setId } = await createTestProduct(t, {
      name: 'Burst Board',
      prizes: [{ kind: 'letter', letter: 'A', description: 'Many', image: 'x', type: 'Small', quantity: 40 }],
    });
    const socket = await open();
    watch(socket, [setId]);
    await socket.next(isBoard(setId));
    const buyers = await Promise.all(Array.from({ length: 10 }, (_, i) => fundedShopper(t, `burst${i}`, 500)));
    const started = performance.now();
    const results = await Promise.all(buyers.map((b) => useTokens(t, b, { setId, ticketsBought: 2 })));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    await socket.next(isBoard(setId, (b) => b.left === 20));
    const elapsedMs = performance.now() - started + 250;
    const boards = socket.messages.filter(isBoard(setId)).length - 1;
    // At most one board per 250 ms (plus the one right away after a quiet period), whatever the load.
    expect(boards).toBeLessThanOrEqual(Math.ceil(elapsedMs / 250) + 1);
  });

  it('refuses a bad watch: over 20 sets, a malformed id, or an auth after a watch (1008)', async () => {
    const tooMany = await open();
    watch(
      tooMany,
      Array.from({ length: 21 }, () => crypto.randomUUID()),
    );
    expect(await tooMany.closed).toBe(1008);
    const malformed = await open();
    watch(malformed, ['not-an-id']);
    expect(await malformed.closed).toBe(1008);
    const late = await open();
    watch(late, []);
    await new Promise((r) => setTimeout(r, 100));
    expect(late.ws.readyState).toBe(WebSocket.OPEN);
    late.ws.send(JSON.stringify({ type: 'auth', token: 'x' }));
    expect(await late.closed).toBe(1008);
  });

  it('answers the drop monitor: sales, tickets left per prize, refusals by reason from every counter', async () => {
    const { setId, productId } = await createTestProduct(t, { name: 'Monitored Set' });
    const buyer = await fundedShopper(t, 'monitored', 500);
    expect((await useTokens(t, buyer, { setId, ticketsBought: 4 })).statusCode).toBe(200);
    t.services.dropMonitor.purchaseRefusals.record(setId, 'DROP_NOT_OPEN');
    t.services.dropMonitor.purchaseRefusals.record(setId, 'DROP_NOT_OPEN');
    t.services.dropMonitor.purchaseRefusals.record(setId, 'LIMIT_PER_SHOPPER');
    await t.services.dropMonitor.flushRefusals();
    t.services.dropMonitor.purchaseRefusals.record(setId, 'DROP_NOT_OPEN');
    await t.services.dropMonitor.flushRefusals();

    const res = await monitor(setId);
    expect(res.statusCode).toBe(200);
    const body = dropMonitorSchema.parse(res.json());
    expect(body).toMatchObject({ setId, productId, productName: 'Monitored Set', status: 'open', left: 6, total: 10 });
    expect(body.room).toBeNull();
    expect(body.salesPerSecond).toBeCloseTo(0.4);
    expect(body.prizes.map((p) => p.rank)).toEqual(['A', 'B', 'C', 'LAST']);
    expect(body.prizes.reduce((n, p) => n + p.initial - p.remaining, 0)).toBe(4);
    expect(body.refusals).toEqual([
      { reason: 'DROP_NOT_OPEN', count: 3 },
      { reason: 'LIMIT_PER_SHOPPER', count: 1 },
    ]);
    // The same counts reach Prometheus, by reason.
    const metric = await t.ctx.metrics.registry.getSingleMetric('kujiya_purchase_refusals_total')!.get();
    const byReason = Object.fromEntries(metric.values.map((v) => [v.labels.reason, v.value]));
    expect(byReason).toMatchObject({ DROP_NOT_OPEN: 3, LIMIT_PER_SHOPPER: 1 });
  });

  it('keeps the monitor to admins and answers a clear 4xx for a bad or unknown set', async () => {
    const { setId } = await createTestProduct(t);
    expect((await monitor(setId, {})).statusCode).toBe(401);
    const shopper = await fundedShopper(t, 'nosy', 0);
    expect([401, 403]).toContain((await monitor(setId, shopper.headers)).statusCode);
    const bad = await monitor('nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid setId');
    const unknown = await monitor(crypto.randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Product not found');
  });
});
