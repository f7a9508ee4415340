/**
 * The room benchmark's shopper against a stand-in room that speaks the issue 31 contract (join,
 * status, `{type:'drop'}` socket messages, a per-shopper limit on `POST /api/token/use`), so the
 * harness is known to drive the room once the real one is merged.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { WebSocketServer } from 'ws';
import { admissionOrderCheck } from './room-checks.ts';
import { RoomShopper, type ShopperPlan } from './room-shopper.ts';

const SET = 'set-1';
const LIMIT = 2;

/** The stand-in room: the bearer token is the shopper's id; `admit(id)` admits, over the socket and in the status. */
function fakeRoom() {
  const admitted = new Set<string>();
  const bought = new Map<string, number>();
  const sockets = new Map<string, WebSocket>();
  /** Shoppers whose first purchase meets an instance that has not seen their admission yet. */
  const lagging = new Set<string>();
  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    const user = (req.headers.authorization ?? '').replace('Bearer ', '');
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.url === `/api/drops/${SET}/join` || req.url === `/api/drops/${SET}/status`)
        return json(res, 200, { position: admitted.has(user) ? null : 3, admitted: admitted.has(user) });
      if (req.url === '/api/token/use') {
        const ask = (JSON.parse(body) as { ticketsBought: number }).ticketsBought;
        if (!admitted.has(user) || lagging.delete(user))
          return json(res, 403, { message: 'Wait for your turn', code: 'NOT_ADMITTED' });
        if ((bought.get(user) ?? 0) + ask > LIMIT)
          return json(res, 400, { message: 'At most 2 tickets', code: 'TICKET_LIMIT_REACHED' });
        bought.set(user, (bought.get(user) ?? 0) + ask);
        return json(res, 200, { orderId: `${user}-${bought.get(user)}`, totalTicketsBought: ask });
      }
      json(res, 200, []);
    });
  });
  const wss = new WebSocketServer({ server, path: '/ws' });
  wss.on('connection', (socket) =>
    socket.once('message', (data: Buffer) => {
      sockets.set((JSON.parse(String(data)) as { token: string }).token, socket);
      socket.send(JSON.stringify({ type: 'authenticated' }));
    }),
  );
  return {
    bought,
    lagging,
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
      ),
    admit(id: string) {
      admitted.add(id);
      sockets.get(id)?.send(JSON.stringify({ type: 'drop', setId: SET, position: null, admitted: true }));
    },
    tellPosition(id: string, position: number) {
      sockets.get(id)?.send(JSON.stringify({ type: 'drop', setId: SET, position, admitted: false }));
    },
    close: () => {
      for (const s of wss.clients) s.terminate();
      wss.close();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

const until = async (done: () => boolean) => {
  for (let i = 0; i < 500 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(done()).toBe(true);
};

let room: ReturnType<typeof fakeRoom> | undefined;
let shoppers: RoomShopper[] = [];
afterEach(async () => {
  await Promise.all(shoppers.map((s) => s.stop()));
  await room?.close();
  shoppers = [];
});

async function start(plan: Partial<ShopperPlan>) {
  room = fakeRoom();
  const url = await room.listen();
  const full: ShopperPlan = { setId: SET, limit: LIMIT, perOrder: LIMIT, probe: true, pollMs: null, ...plan };
  shoppers = ['a', 'b', 'c'].map((id) => new RoomShopper({ id, username: id, token: id }, url, full, () => {}));
  return room;
}

describe('RoomShopper in a room', () => {
  it('waits with its socket, hears its position, buys up to the limit once admitted, and the probe is refused', async () => {
    const fake = await start({});
    for (const s of shoppers) {
      await s.openSocket();
      expect(await s.join()).toBe(200);
      s.waitInRoom();
    }
    expect(shoppers.every((s) => s.authenticated)).toBe(true);
    fake.tellPosition('c', 2);
    for (const id of ['b', 'a', 'c']) {
      fake.admit(id);
      await until(() => shoppers.find((s) => s.shopper.id === id)!.probe !== undefined);
    }
    expect([...fake.bought.values()]).toEqual([2, 2, 2]);
    expect(shoppers.map((s) => s.probe)).toEqual([
      'TICKET_LIMIT_REACHED',
      'TICKET_LIMIT_REACHED',
      'TICKET_LIMIT_REACHED',
    ]);
    expect(shoppers.find((s) => s.shopper.id === 'c')!.updates.map((u) => u.position)).toContain(2);
    const admittedAt = new Map(shoppers.map((s) => [s.shopper.id, s.admittedAt!]));
    expect(admissionOrderCheck(['b', 'a', 'c'], admittedAt, 0).outOfOrder).toBe(0);
    expect(admissionOrderCheck(['c', 'a', 'b'], admittedAt, 0).outOfOrder).toBe(2);
  });

  it('without a socket, polls its status until admitted, then buys (again after a refusal that its admission was not seen yet)', async () => {
    const fake = await start({ pollMs: 50 });
    for (const s of shoppers) {
      await s.join();
      s.waitInRoom();
    }
    fake.lagging.add('a');
    fake.admit('a');
    await until(() => shoppers[0]!.accepted.length > 0);
    // Refused once (admission not seen yet), tried again.
    expect(shoppers[0]!.refusals.get('NOT_ADMITTED')).toBe(1);
    expect(shoppers[0]!.accepted[0]!.tickets).toBe(LIMIT);
    expect(shoppers[1]!.accepted).toEqual([]);
    expect(shoppers[1]!.admittedAt).toBeUndefined();
  });
});
