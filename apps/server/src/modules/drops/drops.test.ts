import {
  DROP_ADMISSION_IDLE_MS,
  admissionTime,
  roomOrder,
  verifyRoomOrder,
  type LiveDropMessage,
} from '@kujiya/shared';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { traceStatements } from '../../test/statement-trace.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestProduct, scheduleOpening } from '../catalogue/test-helpers.ts';
import { testShopper } from '../token-shop/test-helpers.ts';
import { entrantsToTell } from './room-updates.ts';
import { createDropsService } from './service.ts';
import { dropEntrants } from './tables.ts';

const MINUTE = 60_000;

describe('the waiting room', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp({ env: { ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'Boss123!' } })));
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string> = {}, payload?: unknown) =>
    t.app.inject({ method, url, headers, payload: payload as Record<string, unknown> });
  const join = (setId: string, headers: Record<string, string>) => call('POST', `/api/drops/${setId}/join`, headers);
  const status = async (setId: string, headers: Record<string, string>) => {
    const res = await call('GET', `/api/drops/${setId}/status`, headers);
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const refusal = async (userId: string, setId: string) => {
    try {
      await t.services.drops.admission.assertMayBuy(userId, setId, t.clock.now());
      return null;
    } catch (error) {
      return error as { statusCode: number; code: string; message: string };
    }
  };
  async function adminHeaders() {
    const res = await call('POST', '/api/admin/login', {}, { username: 'boss', password: 'Boss123!' });
    return { authorization: `Bearer ${res.json().token}` };
  }
  /** A set opening in `minutes`, with a room admitting `rate` a second. */
  async function scheduledSet(minutes: number, rate: number | null) {
    const { setId } = await createTestProduct(t);
    await scheduleOpening(t, setId, new Date(t.clock.now().getTime() + minutes * MINUTE));
    if (rate !== null) {
      const res = await call('PUT', `/api/admin/drops/${setId}/room`, await adminHeaders(), {
        admissionsPerSecond: rate,
      });
      expect(res.json()).toEqual({ admissionsPerSecond: rate });
    }
    return setId;
  }

  /** `count` entrants written straight into the room (shoppers who joined before the opening). */
  const seedEntrants = (setId: string, count: number) =>
    t.ctx.db.insert(dropEntrants).values(
      Array.from({ length: count }, () => ({
        setId,
        userId: randomUUID(),
        entrantId: randomUUID(),
        joinedAt: t.clock.now(),
      })),
    );

  it('needs a login, a scheduled opening, and opens 30 minutes before it', async () => {
    const alice = await testShopper(t, 'room-alice');
    const { setId: unscheduled } = await createTestProduct(t);
    expect((await join(unscheduled, {})).statusCode).toBe(403);
    const none = await join(unscheduled, alice.headers);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({
      message: 'This set has no scheduled opening, so it has no waiting room.',
      code: 'DROP_ROOM_NOT_OPEN',
    });
    const early = await scheduledSet(45, null);
    const tooEarly = await join(early, alice.headers);
    expect(tooEarly.statusCode).toBe(400);
    expect(tooEarly.json().code).toBe('DROP_ROOM_NOT_OPEN');
    expect(tooEarly.json().message).toMatch(/^The waiting room opens 30 minutes before the sale, at /);
    expect(await status(early, alice.headers)).toMatchObject({ joined: false, roomOpen: false, admitted: false });
    // A set with no room at all is not held up by the room.
    expect(await refusal(alice.user.id, unscheduled)).toBeNull();
  });

  it('orders the entrants verifiably at the opening and admits them at the owner rate', async () => {
    const setId = await scheduledSet(20, 1);
    const shoppers = await Promise.all(['r1', 'r2', 'r3', 'r4'].map((name) => testShopper(t, `room-${name}`)));
    for (const shopper of shoppers) {
      const res = await join(setId, shopper.headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ joined: true, position: null, admitted: false, roomOpen: true });
    }
    // Joining twice changes nothing.
    const again = (await join(setId, shoppers[0]!.headers)).json();
    expect(again.entrantId).toBe((await status(setId, shoppers[0]!.headers)).entrantId);
    expect((await call('GET', `/api/drops/${setId}/room`)).json()).toMatchObject({
      entrantListHash: null,
      orderedEntrantIds: [],
    });
    // Before the opening the opening rule refuses purchases, not the room.
    expect(await refusal(shoppers[0]!.user.id, setId)).toBeNull();

    t.clock.advance(20 * MINUTE);
    const statuses = await Promise.all(shoppers.map((s) => status(setId, s.headers)));
    const { round } = await t.services.catalogue.getProductOfRound(t.ctx.db, setId);
    const expected = roomOrder(
      round.serverSeed,
      statuses.map((s) => s.entrantId),
    );
    const byQueue = [...statuses].sort((a, b) => a.queueNumber - b.queueNumber);
    expect(byQueue.map((s) => s.entrantId)).toEqual(expected);
    // One admission a second: the first is in, the others wait 1, 2, 3 s at places 1, 2, 3.
    expect(byQueue.map((s) => [s.admitted, s.position, s.estimatedWaitSeconds])).toEqual([
      [true, 0, 0],
      [false, 1, 1],
      [false, 2, 2],
      [false, 3, 3],
    ]);
    const record = (await call('GET', `/api/drops/${setId}/room`)).json();
    expect(record.orderedEntrantIds).toEqual(expected);
    expect(verifyRoomOrder(round.serverSeed, record.entrantListHash, record.orderedEntrantIds)).toEqual({
      listHashMatches: true,
      orderMatches: true,
    });
    expect(record.serverSeed).toBeNull();

    const shopperOf = (entrantId: string) => shoppers[statuses.findIndex((s) => s.entrantId === entrantId)]!;
    const [first, second] = [shopperOf(expected[0]!), shopperOf(expected[1]!)];
    expect(await refusal(first.user.id, setId)).toBeNull();
    expect(await refusal(second.user.id, setId)).toMatchObject({
      statusCode: 403,
      code: 'DROP_NOT_ADMITTED',
      message: 'You are number 1 in the waiting room. Please wait for your turn.',
    });
    const stranger = await testShopper(t, 'room-stranger');
    expect(await refusal(stranger.user.id, setId)).toMatchObject({ statusCode: 403, code: 'DROP_ROOM_REQUIRED' });
    expect(await t.services.drops.roomStats(setId)).toEqual({ waiting: 3, admitted: 1 });

    // A late arrival queues at the back, after the last admission plus one interval.
    const late = (await join(setId, stranger.headers)).json();
    expect(late).toMatchObject({ joined: true, queueNumber: 5, position: 4, estimatedWaitSeconds: 4 });
    const record2 = (await call('GET', `/api/drops/${setId}/room`)).json();
    expect(record2.lateEntrantIds).toEqual([late.entrantId]);

    t.clock.advance(2_000);
    expect(await refusal(second.user.id, setId)).toBeNull();
    t.clock.advance(3_000);
    // Nobody waits any more: the room closes itself and the set sells as usual, to anyone.
    expect(await refusal(await testShopper(t, 'room-late2').then((s) => s.user.id), setId)).toBeNull();
    expect(await status(setId, stranger.headers)).toMatchObject({ roomOpen: false, admitted: true, joined: false });
    const closed = await join(setId, first.headers);
    expect(closed.json()).toMatchObject({ roomOpen: false, admitted: true, position: null });
  });

  it("admits a busy room's opening along its slow start, then at the owner's rate", async () => {
    const setId = await scheduledSet(5, 500);
    const opensAt = t.clock.now().getTime() + 5 * MINUTE;
    await seedEntrants(setId, 1_200);
    t.clock.advance(5 * MINUTE);
    await t.services.drops.status(randomUUID(), setId);
    const rows = await t.ctx.db
      .select({ n: dropEntrants.queueNumber, admitAt: dropEntrants.admitAt })
      .from(dropEntrants)
      .where(eq(dropEntrants.setId, setId));
    const after = new Map(rows.map((row) => [row.n! - 1, row.admitAt!.getTime() - opensAt]));
    // The rate climbs from 200 to 500 a second over 1.5 s: 300 in the first second, 525 by 1.5 s.
    expect([0, 300, 525, 1_025].map((n) => after.get(n))).toEqual([0, 1_000, 1_500, 2_500]);
    for (const [n, ms] of after) expect(ms).toBe(admissionTime(0, n, 500));
    // Fewer in the first second than the owner's 500, and none early.
    expect([...after.values()].filter((ms) => ms < 1_000)).toHaveLength(300);
  });

  it('an admission lapses a while after its last use; joining again queues at the back', async () => {
    const setId = await scheduledSet(5, 1);
    // 3,000 entrants: at one a second the room still has people waiting when the first turn lapses.
    await seedEntrants(setId, 3_000);
    t.clock.advance(5 * MINUTE);
    await t.services.drops.status(randomUUID(), setId);
    const [first] = await t.ctx.db
      .select({ userId: dropEntrants.userId })
      .from(dropEntrants)
      .where(and(eq(dropEntrants.setId, setId), eq(dropEntrants.queueNumber, 1)));
    const userId = first!.userId;
    expect(await refusal(userId, setId)).toBeNull();
    t.clock.advance(DROP_ADMISSION_IDLE_MS - 1_000);
    expect(await refusal(userId, setId)).toBeNull();
    t.clock.advance(DROP_ADMISSION_IDLE_MS);
    expect(await refusal(userId, setId)).toMatchObject({
      statusCode: 403,
      code: 'DROP_ADMISSION_LAPSED',
      message: 'Your turn in the waiting room has lapsed. Join the room again.',
    });
    expect(await t.services.drops.status(userId, setId)).toMatchObject({
      joined: false,
      admitted: false,
      roomOpen: true,
    });
    const again = await t.services.drops.join(userId, setId);
    expect(again).toMatchObject({ joined: true, queueNumber: 3_001, admitted: false });
    // The published order keeps the opening's list; joining again does not change it.
    expect((await call('GET', `/api/drops/${setId}/room`)).json().orderedEntrantIds).toHaveLength(3_000);
  });

  it("checks a purchase batch's shoppers in one go, each with its own answer, and keeps the admitted alive", async () => {
    const setId = await scheduledSet(5, 1);
    const joined = [];
    for (const name of ['batch-a', 'batch-b']) {
      const shopper = await testShopper(t, `room-${name}`);
      await join(setId, shopper.headers);
      joined.push(shopper.user.id);
    }
    const outsider = (await testShopper(t, 'room-batch-out')).user.id;
    t.clock.advance(5 * MINUTE);
    await t.services.drops.status(joined[0]!, setId);
    const rows = await t.ctx.db.select().from(dropEntrants).where(eq(dropEntrants.setId, setId));
    const [first, second] = rows.sort((x, y) => x.queueNumber! - y.queueNumber!).map((e) => e.userId);
    const { refusals: answers, usesWritten } = await t.services.drops.admission.refusals(
      [second!, outsider, first!, first!],
      setId,
      t.clock.now(),
    );
    await usesWritten;
    expect(
      answers.map((answer) => answer && { code: (answer as { code: string }).code, message: answer.message }),
    ).toEqual([
      { code: 'DROP_NOT_ADMITTED', message: 'You are number 1 in the waiting room. Please wait for your turn.' },
      { code: 'DROP_ROOM_REQUIRED', message: 'This set is selling through its waiting room. Join the room to buy.' },
      null,
      null,
    ]);
    const used = await t.ctx.db.select().from(dropEntrants).where(eq(dropEntrants.setId, setId));
    expect(used.find((e) => e.userId === first)?.lastUsedAt?.toISOString()).toBe(t.clock.now().toISOString());
    expect(used.find((e) => e.userId === second)?.lastUsedAt).toBeNull();
  });

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'reads the room and the entrants together once this instance has found the room active (one wait, not two)',
    async () => {
      const setId = await scheduledSet(5, 1);
      const shoppers = [];
      for (const name of ['room-together-a', 'room-together-b']) {
        const shopper = await testShopper(t, name);
        await join(setId, shopper.headers);
        shoppers.push(shopper);
      }
      t.clock.advance(5 * MINUTE);
      await t.services.drops.status(shoppers[0]!.user.id, setId);
      // The first in the order may buy; the second still waits, so the room stays active.
      const [first] = await t.ctx.db
        .select()
        .from(dropEntrants)
        .where(and(eq(dropEntrants.setId, setId), eq(dropEntrants.queueNumber, 1)));
      const shopper = shoppers.find((s) => s.user.id === first!.userId)!;
      const check = () => t.services.drops.admission.refusals([shopper.user.id], setId, t.clock.now());
      await (
        await check()
      ).usesWritten; // finds the room active
      // Connections open, as a drop's are: two reads at once then take two connections at once.
      await Promise.all([1, 2, 3].map(() => t.database.executeSql('select pg_sleep(0.05)')));
      const { trace, restore } = traceStatements();
      try {
        expect((await check()).refusals).toEqual([null]);
      } finally {
        restore();
      }
      const at = (event: 'sent' | 'answered', table: string) =>
        trace.findIndex((e) => e.event === event && e.text.includes(`from "${table}"`));
      expect(at('sent', 'drop_entrants')).toBeGreaterThanOrEqual(0);
      // Both out before either answer: one wait.
      expect(Math.max(at('sent', 'drop_entrants'), at('sent', 'drop_rooms'))).toBeLessThan(
        Math.min(at('answered', 'drop_entrants'), at('answered', 'drop_rooms')),
      );
    },
  );

  it("answers a running room's status from a copy at most 250 ms old: places that late at most, admissions at once", async () => {
    const setId = await scheduledSet(5, 10);
    await seedEntrants(setId, 20);
    t.clock.advance(5 * MINUTE);
    await t.services.drops.status(randomUUID(), setId); // the opening orders the room
    const rows = await t.ctx.db
      .select({ userId: dropEntrants.userId, n: dropEntrants.queueNumber })
      .from(dropEntrants)
      .where(eq(dropEntrants.setId, setId));
    const userAt = (n: number) => rows.find((row) => row.n === n)!.userId;
    // At 10 a second, queue number n is admitted (n − 1) × 100 ms after the opening.
    expect(admissionTime(0, 2, 10)).toBe(200);
    const tenth = () => t.services.drops.status(userAt(10), setId);

    expect(await tenth()).toMatchObject({ position: 9, admitted: false }); // the opening's first admitted
    t.clock.advance(200);
    // Two more admitted since the copy was read: the place shown is the copy's, at most 250 ms late…
    const { trace, restore } = traceStatements();
    try {
      expect(await tenth()).toMatchObject({ position: 9, admitted: false, estimatedWaitSeconds: 1 });
    } finally {
      restore();
    }
    // …and it asked PostgreSQL for the shopper's own row only (its round, room and count came from the copy).
    if (process.env.TEST_DB === 'postgres') {
      const sent = trace.filter((e) => e.event === 'sent').map((e) => e.text);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toContain('from "drop_entrants"');
    }
    // An admission is read from the shopper's own row, so it is never late.
    expect(await t.services.drops.status(userAt(3), setId)).toMatchObject({ position: 0, admitted: true });
    t.clock.advance(50);
    expect(await tenth()).toMatchObject({ position: 7, admitted: false });
  });

  it('a set nobody queued for sells as usual from its opening', async () => {
    const setId = await scheduledSet(10, null);
    t.clock.advance(10 * MINUTE);
    const bob = await testShopper(t, 'room-bob');
    expect(await refusal(bob.user.id, setId)).toBeNull();
    expect((await join(setId, bob.headers)).json()).toMatchObject({ roomOpen: false, admitted: true });
    expect(await t.services.drops.roomStats(setId)).toBeNull();
  });

  it('refuses a bad admission rate with a clear 400', async () => {
    const setId = await scheduledSet(10, null);
    const res = await call('PUT', `/api/admin/drops/${setId}/room`, await adminHeaders(), { admissionsPerSecond: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Admissions per second must be at least 1/);
    expect((await call('GET', `/api/admin/drops/${setId}/room`, await adminHeaders())).json()).toEqual({
      admissionsPerSecond: null,
    });
  });

  /**
   * A drops service whose live layer is a list of connected shoppers and a record of what was sent, and
   * whose timers run when the test says (`runDue`: those whose moment the test clock has reached).
   */
  function roomsWithSockets() {
    const sent: { userId: string; message: LiveDropMessage }[] = [];
    const connected: string[] = [];
    const timers: { at: number; delayMs: number; run: () => void }[] = [];
    const waiting: string[][] = [];
    const drops = createDropsService(t.ctx, {
      catalogue: t.services.catalogue,
      live: {
        connectedUserIds: () => connected,
        sendToUser: (userId, message) => sent.push({ userId, message }),
        noteWaiting: (_setId, userIds) => waiting.push([...userIds]),
      },
      schedule: (delayMs, run) => timers.push({ at: t.clock.now().getTime() + delayMs, delayMs, run }),
    });
    const runDue = () => {
      const due = timers.filter((timer) => timer.at <= t.clock.now().getTime());
      due.forEach((timer) => timers.splice(timers.indexOf(timer), 1));
      due.forEach((timer) => timer.run());
    };
    return { sent, connected, drops, timers, runDue, waiting };
  }

  const admittedMessage = (setId: string) => ({
    type: 'drop',
    setId,
    position: 0,
    admitted: true,
    estimatedWaitSeconds: 0,
  });

  it('tells connected entrants their place over the socket, only when it changed, and each admission at its moment', async () => {
    const { sent, connected, drops, timers, runDue, waiting } = roomsWithSockets();
    const setId = await scheduledSet(5, 1);
    const shoppers = [];
    for (const name of ['ws-a', 'ws-b', 'ws-c', 'ws-d']) {
      const shopper = await testShopper(t, `room-${name}`);
      await join(setId, shopper.headers);
      connected.push(shopper.user.id);
      shoppers.push(shopper);
    }
    t.clock.advance(5 * MINUTE);
    await drops.tick();
    const placed = await t.ctx.db.select().from(dropEntrants).where(eq(dropEntrants.setId, setId));
    const byPlace = placed.sort((x, y) => x.queueNumber! - y.queueNumber!).map((e) => e.userId);
    // One a second: the first is in at the opening, the last is told its place; the second and third,
    // in before the next tick, hear nothing now and their admission at its own moment.
    // Sent nearest the front first, whatever order the rows were read in.
    expect(sent.splice(0)).toEqual([
      { userId: byPlace[0], message: admittedMessage(setId) },
      { userId: byPlace[3], message: { type: 'drop', setId, position: 3, admitted: false, estimatedWaitSeconds: 3 } },
    ]);
    expect(timers.map((timer) => timer.delayMs).sort()).toEqual([1_000, 2_000]);
    // The hub knew who waits before any place went out: all but the first, admitted at the opening.
    expect(waiting[0]).toEqual(byPlace.slice(1));
    await drops.tick();
    expect(sent).toEqual([]);
    expect(timers).toHaveLength(2);

    t.clock.advance(1_000);
    runDue();
    expect(sent.splice(0)).toEqual([{ userId: byPlace[1], message: admittedMessage(setId) }]);
    await drops.tick();
    // The last is now due before the next tick (2 s from now): its timer joins the third's.
    expect(sent).toEqual([]);
    expect(timers.map((timer) => timer.at - t.clock.now().getTime()).sort()).toEqual([1_000, 2_000]);
    t.clock.advance(2_000);
    runDue();
    const inQueueOrder = (messages: typeof sent) =>
      messages.sort((x, y) => byPlace.indexOf(x.userId) - byPlace.indexOf(y.userId));
    expect(inQueueOrder(sent.splice(0))).toEqual([
      { userId: byPlace[2], message: admittedMessage(setId) },
      { userId: byPlace[3], message: admittedMessage(setId) },
    ]);
    // Nobody waits: the room closes, and tells nobody twice.
    await drops.tick();
    expect(sent).toEqual([]);
    expect(await drops.roomStats(setId)).toEqual({ waiting: 0, admitted: 0 });
  });

  it('runs a tick of its own at an opening that comes before the next tick', async () => {
    const { sent, connected, drops, timers, runDue } = roomsWithSockets();
    const setId = await scheduledSet(5, 1);
    const shopper = await testShopper(t, 'room-opening-tick');
    await join(setId, shopper.headers);
    connected.push(shopper.user.id);
    t.clock.advance(5 * MINUTE - 1_500);
    await drops.tick();
    await drops.tick();
    expect(sent).toEqual([]);
    expect(timers.map((timer) => timer.delayMs)).toEqual([1_500]);
    t.clock.advance(1_500);
    runDue();
    // The opening's own tick, not a periodic one, orders the room and tells the shopper.
    await vi.waitFor(() => expect(sent).toEqual([{ userId: shopper.user.id, message: admittedMessage(setId) }]), {
      timeout: 10_000,
    });
  });

  it('leaves an admission to the next tick when its timer runs before the clock has reached it', async () => {
    const { sent, connected, drops, timers } = roomsWithSockets();
    const setId = await scheduledSet(5, 1);
    for (const name of ['early-a', 'early-b']) {
      const shopper = await testShopper(t, `room-${name}`);
      await join(setId, shopper.headers);
      connected.push(shopper.user.id);
    }
    t.clock.advance(5 * MINUTE);
    await drops.tick();
    sent.length = 0;
    timers.splice(0).forEach((timer) => timer.run());
    expect(sent).toEqual([]);
    t.clock.advance(1_000);
    await drops.tick();
    expect(sent.map((m) => m.message)).toEqual([admittedMessage(setId)]);
  });

  it("a tick after the opening reads only this instance's shoppers among those still waiting", async () => {
    const { connected, drops } = roomsWithSockets();
    const setId = await scheduledSet(5, 1);
    await seedEntrants(setId, 12);
    t.clock.advance(5 * MINUTE);
    await drops.tick();
    const placed = await t.ctx.db.select().from(dropEntrants).where(eq(dropEntrants.setId, setId));
    const byPlace = placed.sort((x, y) => x.queueNumber! - y.queueNumber!).map((e) => e.userId);
    // Two of the twelve are connected here, both still waiting; the ten others are another instance's.
    const here = new Set([byPlace[4]!, byPlace[9]!]);
    connected.push(...here);
    const memo = { toldAt: t.clock.now(), looked: new Set(here) };
    const read = await entrantsToTell(t.ctx, setId, memo, here, false);
    expect(read.map((e) => e.userId).sort()).toEqual([...here].sort());
    // A shopper of this instance who connected since is read too, whatever its admission.
    here.add(byPlace[0]!);
    const withNewcomer = await entrantsToTell(t.ctx, setId, memo, here, false);
    expect(withNewcomer.map((e) => e.userId).sort()).toEqual([...here].sort());
  });

  it('a tick reads only who still waits, yet tells a shopper who connects later their admission', async () => {
    const { sent, connected, drops, timers } = roomsWithSockets();
    const setId = await scheduledSet(5, 1);
    const shoppers = [];
    for (const name of ['late-a', 'late-b', 'late-c', 'late-d', 'late-e', 'late-f', 'late-g', 'late-h']) {
      const shopper = await testShopper(t, `room-${name}`);
      await join(setId, shopper.headers);
      shoppers.push(shopper);
    }
    t.clock.advance(5 * MINUTE);
    await drops.tick();
    const placed = await t.ctx.db.select().from(dropEntrants).where(eq(dropEntrants.setId, setId));
    const byPlace = placed.sort((x, y) => x.queueNumber! - y.queueNumber!).map((e) => e.userId);
    // The last in the queue is connected throughout; the second connects 6.5 s later, admitted
    // longer ago than a tick's read reaches back.
    connected.push(byPlace[7]!);
    await drops.tick();
    expect(sent).toEqual([
      { userId: byPlace[7], message: { type: 'drop', setId, position: 7, admitted: false, estimatedWaitSeconds: 7 } },
    ]);
    t.clock.advance(6_500);
    await drops.tick();
    // Its admission, half a second ahead, is told at its moment rather than as a place now.
    expect(sent).toHaveLength(1);
    expect(timers.map((timer) => timer.delayMs)).toEqual([500]);
    sent.length = 0;
    connected.push(byPlace[1]!);
    await drops.tick();
    expect(sent).toEqual([
      { userId: byPlace[1], message: { type: 'drop', setId, position: 0, admitted: true, estimatedWaitSeconds: 0 } },
    ]);
  });
});
