import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveServerMessageSchema, type LiveBusEvent } from '@kujiya/shared';
import { LiveHub, bannerFor, type LiveSocket } from './hub.ts';

class FakeSocket implements LiveSocket {
  readyState = 1;
  bufferedAmount = 0;
  sent: string[] = [];
  pings = 0;
  terminated = false;
  send(data: string) {
    this.sent.push(data);
  }
  ping() {
    this.pings++;
  }
  terminate() {
    this.terminated = true;
    this.readyState = 3;
  }
  closedWith: number | undefined;
  close(code: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  get messages() {
    return this.sent.map((s) => liveServerMessageSchema.parse(JSON.parse(s)));
  }
}

const purchase = (buyerId: string, productName = 'One Piece Set'): LiveBusEvent => ({
  kind: 'purchase',
  buyerId,
  displayName: buyerId,
  productName,
});
// The banners' periods are asserted both ways (not before, then by): on fake timers and a fake
// `performance.now()`, so a loaded machine's late timers cannot move a banner across the line.
const tick = (ms: number) => vi.advanceTimersByTimeAsync(ms);
const options = {
  maxSocketsPerIp: 3,
  heartbeatMs: 60_000,
  maxBufferedBytes: 1_000,
  bannerIntervalMs: 200,
  bannerSendsPerSecond: 1000,
  boardIntervalMs: 100,
};

describe('live hub', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('merges a burst into at most one banner per period ("3 people just bought ...")', async () => {
    const hub = new LiveHub(options);
    const watcher = new FakeSocket();
    hub.add(watcher, '1.1.1.1');
    hub.deliver(purchase('u1'));
    await tick(20);
    // The first purchase after a quiet period goes out at once.
    expect(watcher.messages).toEqual([
      { type: 'purchase', username: 'u1', productName: 'One Piece Set', message: 'u1 just bought One Piece Set!' },
    ]);
    for (const buyer of ['u2', 'u3', 'u4', 'u3']) hub.deliver(purchase(buyer));
    await tick(20);
    expect(watcher.sent).toHaveLength(1);
    await tick(300);
    expect(watcher.messages[1]).toEqual({
      type: 'purchase',
      username: 'Someone',
      productName: 'One Piece Set',
      message: '3 people just bought One Piece Set!',
      count: 3,
    });
    hub.stop();
  });

  it('spaces banners further apart when the audience exceeds the send budget (a drop)', async () => {
    // 2 sockets at 5 sends a second: one banner per 400 ms, not per 200 ms.
    const hub = new LiveHub({ ...options, bannerSendsPerSecond: 5 });
    const sockets = [new FakeSocket(), new FakeSocket()];
    for (const socket of sockets) hub.add(socket, '1.1.1.1');
    expect(hub.bannerPeriodMs()).toBe(400);
    hub.deliver(purchase('u1'));
    await tick(20);
    hub.deliver(purchase('u2'));
    await tick(250);
    // Past the base period (200 ms) but within the budget's: still one banner.
    expect(sockets[0]!.sent).toHaveLength(1);
    await tick(250);
    expect(sockets.map((s) => s.sent.length)).toEqual([2, 2]);
    hub.stop();
  });

  it("leaves a buyer's own purchase out of their banner", async () => {
    const hub = new LiveHub(options);
    const buyer = new FakeSocket();
    hub.authenticate(hub.add(buyer, '1.1.1.1'), 'u1');
    hub.deliver(purchase('u1'));
    await tick(20);
    expect(buyer.sent).toHaveLength(0);
    await tick(250);
    hub.deliver(purchase('u1'));
    hub.deliver(purchase('u2', 'Dragon Set'));
    await tick(20);
    await tick(250);
    expect(buyer.messages).toEqual([
      expect.objectContaining({ username: 'u2', productName: 'Dragon Set', message: 'u2 just bought Dragon Set!' }),
    ]);
    hub.stop();
  });

  /** A hub with two signed-in shoppers: 'w', who waits in set s1's room, and 'b', who browses. */
  function waitingAndBrowsing() {
    const hub = new LiveHub(options);
    const waiting = new FakeSocket();
    const browsing = new FakeSocket();
    hub.authenticate(hub.add(waiting, '1.1.1.1'), 'w');
    hub.authenticate(hub.add(browsing, '1.1.1.2'), 'b');
    return { hub, waiting, browsing };
  }

  it('sends no banners to a shopper waiting in a drop room until admitted; the others get them', async () => {
    const { hub, waiting, browsing } = waitingAndBrowsing();
    const place = (admitted: boolean) =>
      ({ type: 'drop', setId: 's1', position: admitted ? 0 : 12, admitted, estimatedWaitSeconds: 4 }) as const;
    hub.sendToUser('w', place(false));
    hub.deliver(purchase('u1'));
    await tick(20);
    expect(waiting.messages.map((m) => m.type)).toEqual(['drop']);
    expect(browsing.messages.map((m) => m.type)).toEqual(['purchase']);
    hub.sendToUser('w', place(true));
    await tick(250);
    hub.deliver(purchase('u2'));
    await tick(20);
    expect(waiting.messages.map((m) => m.type)).toEqual(['drop', 'drop', 'purchase']);
    hub.stop();
  });

  it('sends no banners to shoppers noted waiting before they are told a place (the opening)', async () => {
    const { hub, waiting: notTold, browsing } = waitingAndBrowsing();
    hub.noteWaiting('s1', ['w', 'not-connected-here']);
    hub.deliver(purchase('u1'));
    await tick(20);
    expect(notTold.messages).toEqual([]);
    expect(browsing.messages.map((m) => m.type)).toEqual(['purchase']);
    hub.sendToUser('w', { type: 'drop', setId: 's1', position: 0, admitted: true, estimatedWaitSeconds: 0 });
    await tick(250);
    hub.deliver(purchase('u2'));
    await tick(20);
    expect(notTold.messages.map((m) => m.type)).toEqual(['drop', 'purchase']);
    hub.stop();
  });

  it('drops a client whose send buffer is full and still sends to the others', async () => {
    const dropped: string[] = [];
    const hub = new LiveHub(options, (_client, reason) => dropped.push(reason));
    const slow = new FakeSocket();
    const fast = new FakeSocket();
    hub.add(slow, '1.1.1.1');
    hub.add(fast, '1.1.1.2');
    slow.bufferedAmount = 5_000;
    hub.deliver(purchase('u1'));
    await tick(20);
    expect(slow.terminated).toBe(true);
    expect(slow.sent).toHaveLength(0);
    expect(fast.sent).toHaveLength(1);
    expect(hub.clients.size).toBe(1);
    expect(dropped).toEqual(['slow client: send buffer full']);
    hub.stop();
  });

  it('closes a socket that missed a ping and keeps one that answered', () => {
    const hub = new LiveHub(options);
    const dead = new FakeSocket();
    const alive = new FakeSocket();
    hub.add(dead, '1.1.1.1');
    const aliveClient = hub.add(alive, '1.1.1.1');
    hub.beat();
    expect([dead.pings, alive.pings]).toEqual([1, 1]);
    hub.pong(aliveClient);
    hub.beat();
    expect(dead.terminated).toBe(true);
    expect(alive.terminated).toBe(false);
    expect(hub.clients.size).toBe(1);
    hub.stop();
  });

  it('closes every socket with the given code and forgets them (a restart: 1012)', () => {
    const hub = new LiveHub(options);
    const sockets = [new FakeSocket(), new FakeSocket()];
    hub.authenticate(hub.add(sockets[0]!, '1.1.1.1'), 'u1');
    hub.add(sockets[1]!, '1.1.1.1');
    hub.closeAll(1012, 'Service Restart');
    expect(sockets.map((s) => s.closedWith)).toEqual([1012, 1012]);
    expect(hub.clients.size).toBe(0);
    expect(hub.canAccept('1.1.1.1')).toBe(true);
    hub.deliver({ kind: 'user', userId: 'u1', event: 'balance' });
    expect(sockets[0]!.sent).toHaveLength(0);
    hub.stop();
  });

  it('counts sockets per address', () => {
    const hub = new LiveHub(options);
    const clients = [1, 2, 3].map(() => hub.add(new FakeSocket(), '9.9.9.9'));
    expect(hub.canAccept('9.9.9.9')).toBe(false);
    expect(hub.canAccept('9.9.9.8')).toBe(true);
    hub.remove(clients[0]!);
    hub.remove(clients[0]!);
    expect(hub.canAccept('9.9.9.9')).toBe(true);
    hub.stop();
  });

  it('sends a shopper event only to that shopper', () => {
    const hub = new LiveHub(options);
    const mine = new FakeSocket();
    const other = new FakeSocket();
    hub.authenticate(hub.add(mine, '1.1.1.1'), 'u1');
    hub.authenticate(hub.add(other, '1.1.1.1'), 'u2');
    hub.deliver({ kind: 'user', userId: 'u1', event: 'balance' });
    expect(mine.messages).toEqual([{ type: 'balance' }]);
    expect(other.sent).toHaveLength(0);
    expect(bannerFor([])).toBeNull();
    hub.stop();
  });
});
