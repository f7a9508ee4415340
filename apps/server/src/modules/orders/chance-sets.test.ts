import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawDoubleChance, drawLottery } from '@kujiya/shared';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createDoubleChanceTestProduct, createTestProduct } from '../catalogue/test-helpers.ts';
import { api, fundedShopper, useTokens } from './test-helpers.ts';

/** Chance (lottery) sets (docs/rules/promotions.md) draw at sell-out; double chance too. */
describe('chance sets and double chance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('takes entries only until sell-out, then draws every prize, fills inventories and notifies everyone', async () => {
    const { setId } = await createTestProduct(t, { lotteryEnabled: true });
    const buyers = await Promise.all(['pam', 'quinn', 'rex'].map((name) => fundedShopper(t, name, 200)));
    const first = await useTokens(t, buyers[0]!, { setId, ticketsBought: 3 });
    const waiting = (await t.services.orders.findOrder(first.json().orderId))!;
    expect(waiting).toMatchObject({ lotteryEnabled: true, lotteryWon: null, selectedPrizes: [] });
    const prizesBefore = (await api(t, null, 'GET', `/api/prizes/${setId}/${waiting.productId}`)).json();
    expect(prizesBefore.find((p: { rank: string }) => p.rank === 'A').quantity).toBe('2/2');

    await useTokens(t, buyers[1]!, { setId, ticketsBought: 4 });
    const last = await useTokens(t, buyers[2]!, { setId, ticketsBought: 3 });
    expect(last.statusCode).toBe(200);

    const orders = await t.services.orders.ordersOfRound(setId);
    expect(orders.every((o) => o.lotteryWon !== null)).toBe(true);
    // Every letter unit went to exactly one entry, as the public scheme replays it.
    const round = (await t.services.catalogue.findRound(t.ctx.db, setId))!;
    const log = await t.services.stock.drawLog(t.ctx.db, setId);
    const box = await t.services.stock.box(t.ctx.db, setId);
    const picks = drawLottery(
      round.serverSeed,
      log.map((e) => e.ticketIndex),
      box,
    );
    const ownerOf = new Map(log.map((e) => [e.ticketIndex, e.orderId]));
    for (const order of orders) {
      const expected = picks
        .filter((p) => ownerOf.get(p.ticketIndex) === order.id)
        .map((p) => p.unit)
        .sort();
      expect(order.selectedPrizes.filter((r) => r !== 'LAST')).toEqual(expected);
      expect(order.lotteryWon).toBe(expected.length > 0);
    }
    expect(orders.flatMap((o) => o.selectedPrizes).filter((r) => r === 'LAST')).toHaveLength(1);
    expect(orders.find((o) => o.selectedPrizes.includes('LAST'))!.id).toBe(log.at(-1)!.orderId);
    const batchTotal = (await Promise.all(buyers.map((b) => t.services.inventory.batchesOfUser(b.user.id))))
      .flat()
      .reduce((n, b) => n + b.quantity, 0);
    expect(batchTotal).toBe(11); // 10 letters + the Last Prize
    const prizesAfter = (await api(t, null, 'GET', `/api/prizes/${setId}/${waiting.productId}`)).json();
    expect(prizesAfter.every((p: { quantity: string }) => p.quantity.startsWith('0/'))).toBe(true);

    for (const buyer of buyers) {
      const notes = (await api(t, buyer, 'GET', '/api/notification')).json() as { message: string }[];
      expect(notes.some((n) => /lottery/.test(n.message))).toBe(true);
    }
    const fairness = (await api(t, null, 'GET', `/api/fairness/${setId}`)).json();
    expect(fairness.log.filter((e: { domain: string }) => e.domain === 'lottery')).toHaveLength(10);
  });

  it('double chance: at sell-out its prizes go to tickets of the round, reproducibly, and winners are told', async () => {
    const { setId } = await createDoubleChanceTestProduct(t);
    const sam = await fundedShopper(t, 'sam', 200);
    const tia = await fundedShopper(t, 'tia', 200);
    await useTokens(t, sam, { setId, ticketsBought: 3 });
    expect((await t.services.orders.ordersOfRound(setId))[0]!.doubleChancePrizes).toEqual([]);
    await useTokens(t, tia, { setId, ticketsBought: 3 });

    const round = (await t.services.catalogue.findRound(t.ctx.db, setId))!;
    const log = await t.services.stock.drawLog(t.ctx.db, setId);
    const picks = drawDoubleChance(
      round.serverSeed,
      log.map((e) => e.ticketIndex),
      ['DC1', 'DC1'],
    );
    const ownerOf = new Map(log.map((e) => [e.ticketIndex, e.orderId]));
    const orders = await t.services.orders.ordersOfRound(setId);
    for (const order of orders) {
      const expected = picks.filter((p) => ownerOf.get(p.ticketIndex) === order.id).map((p) => p.unit);
      expect(order.doubleChancePrizes).toEqual(expected);
      const batches = await t.services.inventory.batchesOfOrder(order.id);
      expect(batches.filter((b) => b.source === 'double').reduce((n, b) => n + b.quantity, 0)).toBe(expected.length);
      const notes = (await api(t, order.userId === sam.user.id ? sam : tia, 'GET', '/api/notification')).json() as {
        message: string;
      }[];
      expect(notes.some((n) => n.message.startsWith('Double Chance!'))).toBe(expected.length > 0);
    }
  });
});
