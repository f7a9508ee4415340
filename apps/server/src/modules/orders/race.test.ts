import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestProduct } from '../catalogue/test-helpers.ts';
import { fundedShopper, ticketsLeftOf, useTokens } from './test-helpers.ts';

/**
 * No ticket is sold twice (docs/rules/catalogue.md) under any concurrency. Many token purchases race for a small
 * round (on PostgreSQL in CI these run truly in parallel over the connection pool).
 */
describe('concurrent token purchases', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('sells exactly the box, never a ticket twice, debits match tickets, one Last Prize', async () => {
    const { setId } = await createTestProduct(t); // 10 tickets, 12 tokens each
    const buyers = await Promise.all(Array.from({ length: 24 }, (_, i) => fundedShopper(t, `racer${i}`, 100)));
    const wants = buyers.map((_, i) => (i % 3) + 1);
    const results = await Promise.all(
      buyers.map((buyer, i) => useTokens(t, buyer, { setId, ticketsBought: wants[i], clientSeed: `race-${i}` })),
    );
    for (const res of results) {
      expect([200, 400]).toContain(res.statusCode);
      if (res.statusCode === 400) expect(res.json().message).toBe('Not enough tickets left');
    }
    const orders = await t.services.orders.ordersOfRound(setId);
    const sold = orders.reduce((n, o) => n + o.numberOfTickets, 0);
    expect(sold).toBe(10);
    expect(await ticketsLeftOf(t, setId)).toBe(0);

    // Every drawn ticket belongs to exactly one order; nonces are 0..9 without gaps.
    const log = await t.services.stock.drawLog(t.ctx.db, setId);
    expect(log.map((e) => e.nonce)).toEqual([...Array(10).keys()]);
    expect(new Set(log.map((e) => e.ticketIndex)).size).toBe(10);
    const orderIds = new Set(orders.map((o) => o.id));
    expect(log.every((e) => e.orderId && orderIds.has(e.orderId))).toBe(true);

    // Each buyer paid exactly for the tickets they got; losers paid nothing.
    for (const [i, buyer] of buyers.entries()) {
      const own = orders.filter((o) => o.userId === buyer.user.id);
      const tickets = own.reduce((n, o) => n + o.numberOfTickets, 0);
      expect(own.length).toBe(results[i]!.statusCode === 200 ? 1 : 0);
      expect(tickets).toBe(results[i]!.statusCode === 200 ? wants[i] : 0);
      expect(await t.services.wallet.balance(t.ctx.db, buyer.user.id)).toBe(100 - 12 * tickets);
      expect(await t.services.wallet.ledgerBalance(buyer.user.id)).toBe(100 - 12 * tickets);
    }

    // The Last Prize went once, to the order holding the final nonce.
    const withLast = orders.filter((o) => o.selectedPrizes.includes('LAST'));
    expect(withLast).toHaveLength(1);
    expect(withLast[0]!.id).toBe(log.at(-1)!.orderId);
    const round = (await t.services.catalogue.findRound(t.ctx.db, setId))!;
    expect(round.status).toBe('sold_out');
  });
});
