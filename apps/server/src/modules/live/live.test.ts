import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestProduct } from '../catalogue/test-helpers.ts';
import { confirmWithCard } from '../token-shop/test-helpers.ts';
import { api, fundedShopper, useTokens, type Shopper } from '../orders/test-helpers.ts';
import { openTestSocket, wsUrlOf, type TestSocket } from './test-helpers.ts';
import WebSocket from 'ws';

const tokenOf = (shopper: Shopper) => shopper.headers.authorization.slice('Bearer '.length);

/** /ws on one instance (in-process bus): banners, own events, the profile's "Someone" choice, limits. */
describe('live socket', () => {
  let t: TestApp;
  let url: string;
  const sockets: TestSocket[] = [];
  const open = async (...args: Parameters<typeof openTestSocket>) => {
    const socket = await openTestSocket(...args);
    sockets.push(socket);
    return socket;
  };
  beforeAll(async () => {
    t = await createTestApp({ env: { LIVE_MAX_SOCKETS_PER_IP: '6', TRUST_PROXY: '1' } });
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.close();
  });

  it('answers the upgrade with connected and sends every paid purchase to the others, not to the buyer', async () => {
    const { setId } = await createTestProduct(t, { name: 'Live Token Set' });
    const alice = await fundedShopper(t, 'alice', 100);
    const visitor = await open(url);
    const own = await open(url, { token: tokenOf(alice) });

    expect((await useTokens(t, alice, { setId, ticketsBought: 1 })).statusCode).toBe(200);
    const banner = await visitor.next((m) => m.type === 'purchase');
    expect(banner).toMatchObject({
      type: 'purchase',
      username: 'alice',
      message: expect.stringContaining('alice just bought'),
    });
    // The buyer's socket gets the balance change, never their own banner.
    await own.next((m) => m.type === 'balance');
    expect(own.messages.some((m) => m.type === 'purchase')).toBe(false);

    // The card path: the banner goes out when the webhook marks the order paid.
    const bob = await fundedShopper(t, 'bob', 0);
    const intent = await api(t, bob, 'POST', '/api/payment/kuji/create-intent', {
      username: 'bob',
      setId,
      ticketsBought: 1,
    });
    expect(intent.statusCode).toBe(200);
    expect((await confirmWithCard(t, intent.json().clientSecret)).statusCode).toBe(200);
    expect(await visitor.next((m) => m.type === 'purchase')).toMatchObject({ username: 'bob' });
    expect(await own.next((m) => m.type === 'purchase')).toMatchObject({ username: 'bob' });
  });

  it('shows a shopper who chose so in the profile as Someone', async () => {
    const { setId } = await createTestProduct(t);
    const carol = await fundedShopper(t, 'carol', 100);
    const before = await api(t, carol, 'GET', '/api/users/details/carol');
    expect(before.json().appearAsSomeone).toBe(false);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/users/update-profile',
      headers: carol.headers,
      payload: { appearAsSomeone: 'true' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().details.appearAsSomeone).toBe(true);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/users/update-profile',
      headers: carol.headers,
      payload: { appearAsSomeone: 'maybe' },
    });
    expect(bad.statusCode).toBe(400);

    const visitor = await open(url);
    expect((await useTokens(t, carol, { setId, ticketsBought: 1 })).statusCode).toBe(200);
    const banner = await visitor.next((m) => m.type === 'purchase');
    expect(banner).toMatchObject({ username: 'Someone', message: expect.stringContaining('Someone just bought') });
    expect(JSON.stringify(visitor.messages)).not.toContain('carol');
  });

  it('tells a signed-in shopper of a new notification and a token credit', async () => {
    const dave = await fundedShopper(t, 'dave', 0);
    const socket = await open(url, { token: tokenOf(dave) });
    await t.ctx.db.transaction(async (tx) => {
      await t.services.notifications.notify(tx, [dave.user.id], 'Hello from the test');
      await t.services.wallet.credit(tx, {
        userId: dave.user.id,
        amount: 5,
        source: 'purchase',
        reference: 'live-test',
      });
    });
    await socket.next((m) => m.type === 'notification');
    await socket.next((m) => m.type === 'balance');
  });

  it('publishes nothing when the transaction rolls back', async () => {
    const erin = await fundedShopper(t, 'erin', 0);
    const socket = await open(url, { token: tokenOf(erin) });
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await t.services.notifications.notify(tx, [erin.user.id], 'never');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // A committed one afterwards is the first (and only) notification event the socket sees.
    await t.ctx.db.transaction((tx) => t.services.notifications.notify(tx, [erin.user.id], 'kept'));
    await socket.next((m) => m.type === 'notification');
    await new Promise((r) => setTimeout(r, 100));
    expect(socket.messages.filter((m) => m.type === 'notification')).toHaveLength(1);
  });

  it('keeps a socket with a bad token anonymous and closes one that sends a second message', async () => {
    const socket = await open(url);
    socket.ws.send(JSON.stringify({ type: 'auth', token: 'not-a-token' }));
    await new Promise((r) => setTimeout(r, 100));
    expect(socket.ws.readyState).toBe(WebSocket.OPEN);
    socket.ws.send(JSON.stringify({ type: 'auth', token: 'again' }));
    expect(await socket.closed).toBe(1008);

    const garbage = await open(url);
    garbage.ws.send('{not json');
    expect(await garbage.closed).toBe(1008);
  });

  it('answers a plain GET /ws (no upgrade) with a 4xx, never a 500', async () => {
    const res = await fetch(`${url}/ws`);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it('caps the sockets of one address with a 429 before the upgrade', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.9' };
    const mine = [];
    for (let i = 0; i < 6; i++) mine.push(await open(url, { headers }));
    await expect(openTestSocket(url, { headers })).rejects.toThrow('upgrade refused: 429');
    // Another address is not affected; a closed socket frees its place.
    await open(url, { headers: { 'x-forwarded-for': '203.0.113.10' } });
    mine[0]!.close();
    await mine[0]!.closed;
    await new Promise((r) => setTimeout(r, 50));
    await open(url, { headers });
    expect(wsUrlOf(url)).toMatch(/^ws:\/\//);
  });
});
