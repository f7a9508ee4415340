import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalBox, drawTicket } from '@kujiya/shared';
import { MINUTE, TestClock } from '../../core/clock.ts';
import { HttpError } from '../../core/http-errors.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestProduct } from '../catalogue/test-helpers.ts';

const USER = '00000000-0000-4000-8000-000000000001';

describe('stock: the ticket box', () => {
  let t: TestApp;
  const clock = new TestClock();
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(async () => t.close());

  const take = (
    roundId: string,
    count: number,
    clientSeed = 'client',
    extra: { reservationId?: string; entriesOnly?: boolean } = {},
  ) =>
    t.ctx.db.transaction((tx) =>
      t.services.stock.takeTickets(tx, { roundId, count, clientSeed, orderId: crypto.randomUUID(), ...extra }),
    );

  it('fills the box in canonical order', async () => {
    const { setId } = await createTestProduct(t);
    expect(await t.services.stock.box(t.ctx.db, setId)).toEqual(
      canonicalBox([
        { letter: 'A', quantity: 2 },
        { letter: 'B', quantity: 3 },
        { letter: 'C', quantity: 5 },
      ]),
    );
  });

  it('draws the tickets the fairness rules say, replayable from the revealed seed', async () => {
    const { setId } = await createTestProduct(t);
    const first = await take(setId, 4, 'alpha');
    const second = await take(setId, 6, 'beta');
    expect(first.tickets.map((x) => x.nonce)).toEqual([0, 1, 2, 3]);
    expect(second.tickets.map((x) => x.nonce)).toEqual([4, 5, 6, 7, 8, 9]);
    expect(second.finalTicket).toBe(true);
    expect(second.lastPrize).toBe(true);
    expect(first.finalTicket).toBe(false);

    const round = await t.services.catalogue.publicRound(t.ctx.db, setId);
    expect(round.status).toBe('sold_out');
    expect(round.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    const box = await t.services.stock.box(t.ctx.db, setId);
    const log = await t.services.stock.drawLog(t.ctx.db, setId);
    expect(log).toHaveLength(10);
    let remaining = box.map((_, i) => i);
    for (const entry of log) {
      const pick = drawTicket(round.serverSeed!, entry.clientSeed, entry.nonce, remaining);
      expect(entry.ticketIndex).toBe(pick.ticketIndex);
      expect(entry.letter).toBe(box[pick.ticketIndex]);
      remaining = pick.remaining;
    }
    expect(log.map((e) => e.clientSeed)).toEqual([...Array(4).fill('alpha'), ...Array(6).fill('beta')]);
    const letters = [...first.tickets, ...second.tickets].map((x) => x.letter).sort();
    expect(letters).toEqual([...box].sort());
  });

  it('refuses more tickets than are left and changes nothing', async () => {
    const { setId } = await createTestProduct(t);
    await take(setId, 8);
    const error = await take(setId, 3).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(400);
    expect((error as HttpError).message).toBe('Not enough tickets left');
    const availability = await t.services.stock.availabilityOf(t.ctx.db, setId);
    expect(availability).toEqual({ total: 10, untaken: 2, reserved: 0, left: 2, firstLapse: null });
    expect((await t.services.stock.drawLog(t.ctx.db, setId)).map((e) => e.nonce)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    // A sold-out round takes nothing more.
    await take(setId, 2);
    await expect(take(setId, 1)).rejects.toThrow('Not enough tickets left');
  });

  it('rejects a bad count or client seed', async () => {
    const { setId } = await createTestProduct(t);
    await expect(take(setId, 0)).rejects.toThrow('Invalid ticket count');
    await expect(take(setId, 1.5)).rejects.toThrow('Invalid ticket count');
    await expect(take(setId, 1, '')).rejects.toThrow('clientSeed must be 1 to 128 characters');
    await expect(take(setId, 1, 'x'.repeat(129))).rejects.toThrow('clientSeed must be 1 to 128 characters');
  });

  it('holds reserved tickets from others, but not from the reserving order', async () => {
    const { setId } = await createTestProduct(t);
    const reservationId = await t.ctx.db.transaction((tx) =>
      t.services.stock.reserve(tx, {
        roundId: setId,
        orderId: null,
        userId: USER,
        quantity: 7,
        expiresAt: new Date(clock.now().getTime() + 10 * MINUTE),
      }),
    );
    expect(await t.services.stock.availabilityOf(t.ctx.db, setId)).toMatchObject({
      left: 3,
      firstLapse: new Date(clock.now().getTime() + 10 * MINUTE),
    });
    await expect(take(setId, 4)).rejects.toThrow('Not enough tickets left');
    await expect(
      t.ctx.db.transaction((tx) =>
        t.services.stock.reserve(tx, {
          roundId: setId,
          orderId: null,
          userId: USER,
          quantity: 4,
          expiresAt: clock.now(),
        }),
      ),
    ).rejects.toThrow('Not enough tickets left');
    await take(setId, 3);
    const own = await take(setId, 7, 'own', { reservationId });
    expect(own.finalTicket).toBe(true);
    expect((await t.services.stock.findReservation(t.ctx.db, reservationId))?.status).toBe('consumed');
  });

  it('frees an expired reservation lazily and marks it expired in the background job', async () => {
    const { setId } = await createTestProduct(t);
    const reservationId = await t.ctx.db.transaction((tx) =>
      t.services.stock.reserve(tx, {
        roundId: setId,
        orderId: null,
        userId: USER,
        quantity: 10,
        expiresAt: new Date(clock.now().getTime() + MINUTE),
      }),
    );
    await expect(take(setId, 1)).rejects.toThrow('Not enough tickets left');
    clock.advance(MINUTE);
    expect((await t.services.stock.availabilityOf(t.ctx.db, setId)).left).toBe(10);
    await take(setId, 1);
    expect(await t.services.stock.expireReservations(t.ctx.db)).toBeGreaterThanOrEqual(1);
    expect((await t.services.stock.findReservation(t.ctx.db, reservationId))?.status).toBe('expired');
  });

  it('takes lottery entries without touching prize counts', async () => {
    const { setId, productId } = await createTestProduct(t, { lotteryEnabled: true });
    const result = await take(setId, 10, 'entries', { entriesOnly: true });
    expect(result.finalTicket).toBe(true);
    expect(result.lastPrize).toBe(false);
    const prizes = await t.services.catalogue.listPrizes(t.ctx.db, setId, productId);
    expect(prizes.map((p) => p.quantity)).toEqual(['2/2', '3/3', '5/5', '1/1']);
    expect((await t.services.catalogue.publicRound(t.ctx.db, setId)).status).toBe('sold_out');
  });

  it('never oversells under many concurrent purchases', async () => {
    const { setId, productId } = await createTestProduct(t);
    const attempts = Array.from({ length: 24 }, (_, i) => (i % 3) + 1);
    const results = await Promise.allSettled(attempts.map((count, i) => take(setId, count, `race-${i}`)));
    const won = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const failed = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as Error] : []));
    for (const error of failed) expect(error.message).toBe('Not enough tickets left');

    const drawn = won.flatMap((w) => w.tickets);
    expect(drawn.length).toBeLessThanOrEqual(10);
    expect(new Set(drawn.map((d) => d.ticketIndex)).size).toBe(drawn.length);
    expect(drawn.map((d) => d.nonce).sort((a, b) => a - b)).toEqual([...Array(drawn.length).keys()]);
    expect(won.filter((w) => w.finalTicket).length).toBe(drawn.length === 10 ? 1 : 0);

    const availability = await t.services.stock.availabilityOf(t.ctx.db, setId);
    expect(availability.untaken).toBe(10 - drawn.length);
    const prizes = await t.services.catalogue.listPrizes(t.ctx.db, setId, productId);
    const remainingLetters = prizes
      .filter((p) => p.rank !== 'LAST')
      .reduce((sum, p) => sum + Number(p.quantity.split('/')[0]), 0);
    expect(remainingLetters).toBe(10 - drawn.length);
    expect(remainingLetters).toBeGreaterThanOrEqual(0);
  });

  it('reload releases the old round reservations', async () => {
    const { setId, productId } = await createTestProduct(t);
    const reservationId = await t.ctx.db.transaction((tx) =>
      t.services.stock.reserve(tx, {
        roundId: setId,
        orderId: null,
        userId: USER,
        quantity: 2,
        expiresAt: new Date(clock.now().getTime() + MINUTE),
      }),
    );
    await t.ctx.db.transaction((tx) => t.services.catalogue.reloadSet(tx, productId));
    expect((await t.services.stock.findReservation(t.ctx.db, reservationId))?.status).toBe('released');
    await expect(take(setId, 1)).rejects.toThrow('Not enough tickets left');
  });
});
