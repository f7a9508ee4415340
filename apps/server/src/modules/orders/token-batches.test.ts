import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chainHash, drawTicket } from '@kujiya/shared';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestProduct } from '../catalogue/test-helpers.ts';
import { fundedShopper, ticketsLeftOf, useTokens } from './test-helpers.ts';

/**
 * The purchases of one round that arrive together are decided in one transaction (docs/performance.md),
 * yet each buyer is answered as if their purchase ran alone: a short balance refuses only that buyer,
 * one buyer's two purchases never share a batch, and the draw log replays exactly as successive draws.
 */
describe('token purchase batches', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers every buyer of a batch on their own, and the batch replays as successive draws', async () => {
    const { setId } = await createTestProduct(t); // 10 tickets, 12 tokens each
    const spendEach = vi.spyOn(t.services.wallet, 'spendEach');
    const [first, rich, short, twice, other] = await Promise.all([
      fundedShopper(t, 'batch-first', 100),
      fundedShopper(t, 'batch-rich', 100),
      fundedShopper(t, 'batch-short', 5),
      fundedShopper(t, 'batch-twice', 100),
      fundedShopper(t, 'batch-other', 100),
    ]);
    // 1 + 3 + 2 + 2 + 1 = 9 tickets for the funded buyers; the short one (2 tickets) is refused on tokens.
    // Called together (as requests past their checks would), the first runs at once, the rest as one batch.
    const buy = (shopper: typeof first, ticketsBought: number, clientSeed: string) =>
      t.services.orders.useTokens(shopper.user, { setId, username: shopper.user.username, ticketsBought, clientSeed });
    const results = await Promise.allSettled([
      buy(first, 1, 'first'),
      buy(rich, 3, 'rich'),
      buy(short, 2, 'short'),
      buy(twice, 2, 'twice-1'),
      buy(twice, 2, 'twice-2'),
      buy(other, 1, 'other'),
    ]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    expect((results[2] as PromiseRejectedResult).reason).toMatchObject({
      statusCode: 400,
      message: 'Not enough tokens: this purchase costs 24 tokens, you need 19 more.',
      extra: { tokensNeeded: 19, totalTokens: 5 },
    });
    const answers = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.totalTicketsBought] : []));
    expect(answers).toEqual([1, 3, 2, 2, 1]);
    // Several buyers shared a spend (a batch), and the same buyer never twice in one.
    const batches = spendEach.mock.calls.map(([, spends]) => spends.map((s) => s.userId));
    expect(batches.some((users) => users.length > 1)).toBe(true);
    for (const users of batches) expect(new Set(users).size).toBe(users.length);
    spendEach.mockRestore();

    expect(await t.services.wallet.balance(t.ctx.db, short.user.id)).toBe(5);
    expect(await t.services.orders.ordersOfUser(short.user.id)).toEqual([]);
    expect(await t.services.wallet.balance(t.ctx.db, twice.user.id)).toBe(100 - 4 * 12);
    expect(await ticketsLeftOf(t, setId)).toBe(1);

    // The last ticket sells out the round: the Last Prize goes to that buyer.
    const last = await useTokens(t, other, { setId, ticketsBought: 1, clientSeed: 'last' });
    expect(last.statusCode).toBe(200);
    const lastOrder = (await t.services.orders.findOrder(last.json().orderId))!;
    expect(lastOrder.selectedPrizes).toContain('LAST');

    // The revealed seed replays every entry of the log as successive draws, and the chain links up.
    const round = (await t.services.catalogue.findRound(t.ctx.db, setId))!;
    expect(round.status).toBe('sold_out');
    const log = await t.services.stock.drawLog(t.ctx.db, setId);
    expect(log.map((e) => e.nonce)).toEqual([...Array(10).keys()]);
    let remaining = [...Array(10).keys()];
    let head = round.rulesHash!;
    for (const entry of log) {
      const drawn = drawTicket(round.serverSeed, entry.clientSeed, entry.nonce, remaining);
      expect(drawn.ticketIndex).toBe(entry.ticketIndex);
      remaining = drawn.remaining;
      head = chainHash(head, { domain: 'ticket', ...entry });
      expect(entry.hash).toBe(head);
    }
    expect(round.headHash).toBe(head);
    // Every order holds exactly its own tickets' letters, and its buyer has them in the inventory.
    for (const order of await t.services.orders.ordersOfRound(setId)) {
      const letters = log.filter((e) => e.orderId === order.id).map((e) => e.letter);
      expect(order.selectedPrizes.filter((p) => p !== 'LAST')).toEqual(letters);
      const units = (await t.services.inventory.batchesOfOrder(order.id)).reduce((n, b) => n + b.quantity, 0);
      expect(units).toBe(order.selectedPrizes.length);
    }
  });

  it('runs each purchase alone again when the shared transaction fails, so one bad purchase fails only itself', async () => {
    const { setId } = await createTestProduct(t);
    const buyers = await Promise.all(Array.from({ length: 4 }, (_, i) => fundedShopper(t, `fallback-${i}`, 100)));
    const buy = (i: number, clientSeed: string) =>
      t.services.orders.useTokens(buyers[i]!.user, {
        setId,
        username: buyers[i]!.user.username,
        ticketsBought: 1,
        clientSeed,
      });
    // The service's own check of the client seed fails inside the draw: the batch it joins rolls back.
    const results = await Promise.allSettled([buy(0, 'a'), buy(1, 'b'), buy(2, ''), buy(3, 'd')]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((results[2] as PromiseRejectedResult).reason).toMatchObject({
      statusCode: 400,
      message: 'clientSeed must be 1 to 128 characters',
    });
    expect(await ticketsLeftOf(t, setId)).toBe(7);
    expect(await t.services.wallet.balance(t.ctx.db, buyers[2]!.user.id)).toBe(100);
  });

  it('gives the tickets a short balance left to a later buyer of the same batch', async () => {
    const { setId } = await createTestProduct(t); // 10 tickets, 12 tokens each
    const [first, opener, short, later] = await Promise.all([
      fundedShopper(t, 'freed-first', 100),
      fundedShopper(t, 'freed-opener', 100),
      fundedShopper(t, 'freed-short', 20),
      fundedShopper(t, 'freed-later', 100),
    ]);
    const buy = (shopper: typeof first, ticketsBought: number) =>
      t.services.orders.useTokens(shopper.user, { setId, username: shopper.user.username, ticketsBought });
    // The first runs alone; then 5 + 4 (short: 48 tokens needed, 20 held) + 4: the later buyer fits
    // only because the short one is refused.
    const results = await Promise.allSettled([buy(first, 1), buy(opener, 5), buy(short, 4), buy(later, 4)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((results[2] as PromiseRejectedResult).reason).toMatchObject({
      statusCode: 400,
      extra: { tokensNeeded: 28 },
    });
    const orders = await t.services.orders.ordersOfRound(setId);
    expect(orders.map((o) => [o.userId, o.numberOfTickets]).sort()).toEqual(
      [
        [first.user.id, 1],
        [opener.user.id, 5],
        [later.user.id, 4],
      ].sort(),
    );
    expect(await ticketsLeftOf(t, setId)).toBe(0);
    expect(await t.services.wallet.balance(t.ctx.db, short.user.id)).toBe(20);
    expect(await t.services.wallet.balance(t.ctx.db, later.user.id)).toBe(100 - 48);
  });
});
