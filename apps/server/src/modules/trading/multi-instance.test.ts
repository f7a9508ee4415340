import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../core/clock.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  INSTANCE_JWT_SECRET as JWT_SECRET,
  callInstance,
  startInstance,
  stopInstance,
  until,
  type Instance,
} from '../../test/instances.ts';
import type { Shopper } from '../orders/test-helpers.ts';
import { addressedShopper, givePrizes, nextCollectionSlot as nextSlot } from '../fulfilment/test-helpers.ts';
import { createTrade, heldByPrize, makeOffer, wantedOf } from './test-helpers.ts';

/**
 * Trading across instances: two real server processes (background jobs on, every 300 ms) share
 * one fresh PostgreSQL database with the test process, which sets data up and reads outcomes.
 * Skipped without TEST_DATABASE_URL (only PostgreSQL can be shared by processes).
 */
const call = (
  instance: Instance,
  shopper: Shopper | null,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  body?: unknown,
) => callInstance(instance, shopper?.headers.authorization, method, url, body);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!process.env.TEST_DATABASE_URL)('trading on two server instances sharing PostgreSQL', () => {
  let t: TestApp;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    t = await createTestApp({ clock: new TestClock(new Date()), env: { JWT_SECRET } });
    const url = (t.database as { url?: string }).url;
    if (!url) throw new Error('the multi-instance tests need TEST_DB=postgres (project server-postgres)');
    [a, b] = await Promise.all([startInstance(url), startInstance(url)]);
  });
  afterAll(async () => {
    await Promise.all([stopInstance(a), stopInstance(b)]);
    await t?.close();
  });

  /** Units that left every inventory by abandonment, per prize (the only way a trade race may lose held units). */
  async function abandonedByPrize(users: Shopper[]) {
    const out: Record<string, number> = {};
    for (const u of users) {
      const moves = (await t.services.inventory.movementsOfUser(u.user.id)).filter((m) => m.kind === 'abandoned');
      const batches = new Map(
        (
          await t.services.inventory.batchesByIds(
            t.ctx.db,
            moves.map((m) => m.batchId),
          )
        ).map((x) => [x.id, x]),
      );
      for (const m of moves)
        out[batches.get(m.batchId)!.prizeId] = (out[batches.get(m.batchId)!.prizeId] ?? 0) + m.quantity;
    }
    return out;
  }

  it('two offers accepted at once on both instances: exactly one completes', async () => {
    for (let round = 0; round < 3; round += 1) {
      const owner = await addressedShopper(t, `owner${round}`);
      const x = await addressedShopper(t, `offx${round}`);
      const y = await addressedShopper(t, `offy${round}`);
      const oIds = await givePrizes(t, owner, { A: 1 });
      const xIds = await givePrizes(t, x, { B: 1 });
      const yIds = await givePrizes(t, y, { C: 1 });
      const tradeId = await createTrade(t, owner, [{ batchId: oIds.A!, quantity: 1 }], [await wantedOf(t, xIds.B!)]);
      const offerX = await makeOffer(t, x, tradeId, [{ batchId: xIds.B!, quantity: 1 }]);
      const offerY = await makeOffer(t, y, tradeId, [{ batchId: yIds.C!, quantity: 1 }]);
      const before = await heldByPrize(t);
      const results = await Promise.all([
        call(a, owner, 'POST', `/api/trade/${tradeId}/accept-offer/${offerX}`),
        call(b, owner, 'POST', `/api/trade/${tradeId}/accept-offer/${offerY}`),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(await heldByPrize(t)).toEqual(before);
      const winner =
        results[0]!.status === 200
          ? { s: x, ids: xIds, loser: y, loserIds: yIds }
          : { s: y, ids: yIds, loser: x, loserIds: xIds };
      // The owner's unit went to the winner only; the loser keeps theirs, unlocked.
      const [ownerUnit] = await t.services.inventory.batchesByIds(t.ctx.db, [oIds.A!]);
      expect(
        (await t.services.inventory.batchesOfUser(winner.s.user.id)).some((bt) => bt.prizeId === ownerUnit!.prizeId),
      ).toBe(true);
      expect(
        (await t.services.inventory.batchesOfUser(winner.loser.user.id)).some(
          (bt) => bt.prizeId === ownerUnit!.prizeId,
        ),
      ).toBe(false);
      expect(await t.services.inventory.freeUnits(Object.values(winner.loserIds)[0]!)).toBe(1);
      expect(await t.services.trading.history(owner.user)).toHaveLength(1);
    }
  });

  it('accept racing withdraw, cancel, abandon, ship and self-collect of the same units: each unit ends in one place', async () => {
    for (let round = 0; round < 4; round += 1) {
      const owner = await addressedShopper(t, `rowner${round}`);
      const offerer = await addressedShopper(t, `roffer${round}`);
      const oIds = await givePrizes(t, owner, { A: 2 });
      const fIds = await givePrizes(t, offerer, { B: 2 });
      const tradeId = await createTrade(t, owner, [{ batchId: oIds.A!, quantity: 2 }], [await wantedOf(t, fIds.B!)]);
      const offerId = await makeOffer(t, offerer, tradeId, [{ batchId: fIds.B!, quantity: 2 }]);
      const before = await heldByPrize(t);
      const [x, y] = round % 2 ? [a, b] : [b, a];
      const results = await Promise.all([
        call(x, owner, 'POST', `/api/trade/${tradeId}/accept-offer/${offerId}`),
        call(y, offerer, 'DELETE', `/api/trade/${tradeId}/withdraw-offer/${offerId}`),
        call(x, owner, 'DELETE', `/api/trade/cancel-trade/${tradeId}`),
        call(y, owner, 'POST', '/api/inventory/abandon', { items: [{ batchId: oIds.A!, quantity: 2 }] }),
        call(x, offerer, 'POST', '/api/payment/shipping/create-intent', {
          inventoryItems: [{ batchId: fIds.B!, quantity: 2 }],
          useProfileAddress: true,
        }),
        call(y, owner, 'POST', '/api/self-collection/create', {
          items: [{ batchId: oIds.A!, quantity: 1 }],
          collectionDate: nextSlot(new Date()),
        }),
      ]);
      for (const r of results) expect(r.status, JSON.stringify(r.json)).toBeLessThan(500);
      const [accept, withdraw, cancel] = results.map((r) => r.status === 200);
      // An accepted trade cannot also be withdrawn from or cancelled.
      if (accept) expect(withdraw || cancel).toBe(false);
      // Every unit is held by exactly one owner, or left by abandonment: none duplicated, none lost.
      const after = await heldByPrize(t);
      const abandoned = await abandonedByPrize([owner, offerer]);
      for (const [prizeId, n] of Object.entries(before))
        expect((after[prizeId] ?? 0) + (abandoned[prizeId] ?? 0)).toBe(n);
      for (const id of [oIds.A!, fIds.B!]) {
        const [batch] = await t.services.inventory.batchesByIds(t.ctx.db, [id]);
        expect(batch!.removed + batch!.locked).toBeLessThanOrEqual(batch!.quantity);
      }
      // No unit stays locked by a trade or offer that has ended.
      const live = (await t.services.trading.userTrades(owner.user)).length;
      const tradeLocks = (await t.services.inventory.locksOf('trade', tradeId)).filter((l) => l.status === 'active');
      expect(tradeLocks.length > 0).toBe(live > 0);
      const offerLocks = (await t.services.inventory.locksOf('trade', offerId)).filter((l) => l.status === 'active');
      if (accept || withdraw || cancel) expect(offerLocks).toHaveLength(0);
      if (accept) {
        const [ownerUnit] = await t.services.inventory.batchesByIds(t.ctx.db, [oIds.A!]);
        expect(
          (await t.services.inventory.batchesOfUser(offerer.user.id))
            .filter((bt) => bt.prizeId === ownerUnit!.prizeId)
            .reduce((s, bt) => s + bt.quantity, 0),
        ).toBe(2);
      }
    }
  });

  it('the expiry job ends a trade whose units come due once across both instances', async () => {
    const owner = await addressedShopper(t, 'expowner');
    const offerer = await addressedShopper(t, 'expoffer');
    const oIds = await givePrizes(t, owner, { A: 1 }, 5);
    const fIds = await givePrizes(t, offerer, { B: 1 }, 5);
    const tradeId = await createTrade(t, owner, [{ batchId: oIds.A!, quantity: 1 }], [await wantedOf(t, fIds.B!)]);
    await makeOffer(t, offerer, tradeId, [{ batchId: fIds.B!, quantity: 1 }]);
    // The owner's unit comes due (as if time had passed): the jobs on both instances see it.
    await t.ctx.db.execute(
      `update inventory_batches set ship_by_date = now() + interval '6 hours' where id = '${oIds.A!}'` as never,
    );
    await until(async () => (await t.services.inventory.freeUnits(oIds.A!)) === 1);
    await until(async () => (await t.services.inventory.freeUnits(fIds.B!)) === 1);
    await pause(1500);
    const ownerNotes = (await t.services.notifications.list(owner.user.id)).filter((n) =>
      n.message.startsWith('Your trade was cancelled'),
    );
    const offererNotes = (await t.services.notifications.list(offerer.user.id)).filter((n) =>
      n.message.startsWith('A trade you made an offer on was cancelled'),
    );
    expect(ownerNotes).toHaveLength(1);
    expect(offererNotes).toHaveLength(1);
    const jobRuns = [...a.logs, ...b.logs]
      .filter((l) => l.job === 'trade-expiry')
      .reduce((n, l) => n + (l.trades as number), 0);
    expect(jobRuns).toBe(1);
  });
});
