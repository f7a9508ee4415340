import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawChallenge, fullRemaining, replayTicketDraws } from '@kujiya/shared';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createChallengeTestProduct, createTestProduct } from '../catalogue/test-helpers.ts';
import { api, fundedShopper, ticketsLeftOf, useTokens } from './test-helpers.ts';

/** POST /api/token/use and the draw API (docs/rules/buying.md, promotions.md). */
describe('token purchases', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('spends tokens, takes tickets, decides prizes once and fills the inventory', async () => {
    const { setId, productId } = await createTestProduct(t); // 10 tickets, 12 tokens each, in stock
    const alice = await fundedShopper(t, 'alice', 100);
    const res = await useTokens(t, alice, { setId, ticketsBought: 3, clientSeed: 'alice-seed' });
    expect(res.statusCode).toBe(200);
    const { orderId, totalTicketsBought } = res.json();
    expect(totalTicketsBought).toBe(3);
    expect(await t.services.wallet.balance(t.ctx.db, alice.user.id)).toBe(100 - 36);
    expect(await ticketsLeftOf(t, setId)).toBe(7);

    const order = (await t.services.orders.findOrder(orderId))!;
    expect(order).toMatchObject({
      userId: alice.user.id,
      username: 'alice',
      roundId: setId,
      productId,
      paymentIntentId: 'TOKEN',
      totalCost: 36,
      paidTickets: 3,
      numberOfTickets: 3,
      status: 'paid',
      lotteryEnabled: false,
      clientSeed: 'alice-seed',
    });
    expect(order.shipByDate!.getTime() - order.createdAt.getTime()).toBe(14 * 24 * 3600 * 1000);

    // The prizes are the tickets drawn, in nonce order, and replay from the round's seed.
    const tickets = await t.services.stock.ticketsOfOrder(t.ctx.db, orderId);
    expect(order.selectedPrizes).toEqual(tickets.map((x) => x.letter));
    const round = (await t.services.catalogue.findRound(t.ctx.db, setId))!;
    const box = await t.services.stock.box(t.ctx.db, setId);
    const replay = replayTicketDraws(
      round.serverSeed,
      box,
      tickets.map((x) => ({ nonce: x.nonce, clientSeed: 'alice-seed' })),
    );
    expect(replay.map((x) => x.letter)).toEqual(order.selectedPrizes);

    // Inventory: one batch per prize, quantities add up to the tickets.
    const batches = await t.services.inventory.batchesOfUser(alice.user.id);
    expect(batches.reduce((n, b) => n + b.quantity, 0)).toBe(3);
    expect(batches.every((b) => b.orderId === orderId && b.shipByDate?.getTime() === order.shipByDate!.getTime())).toBe(
      true,
    );

    // The draw reveals the decided prizes; a second call returns the same and draws nothing.
    const draw1 = await api(t, alice, 'POST', `/api/draw-and-update-order/${orderId}`);
    expect(draw1.statusCode).toBe(200);
    expect(draw1.json()).toEqual({
      selectedPrizes: order.selectedPrizes,
      challengeWon: false,
      challengeAlphabet: null,
      challengeRemainingTickets: 0,
      ticketsToDraw: 3,
    });
    const draw2 = await api(t, alice, 'POST', `/api/draw-and-update-order/${orderId}`);
    expect(draw2.json()).toEqual(draw1.json());
    expect(await ticketsLeftOf(t, setId)).toBe(7);
    expect((await t.services.orders.findOrder(orderId))!.revealedAt).not.toBeNull();

    expect((await api(t, alice, 'GET', `/api/order/verify/${orderId}`)).json()).toEqual({ success: true });
    expect((await api(t, alice, 'GET', `/api/order/get-prizes/${orderId}`)).json()).toEqual({
      selectedPrizes: order.selectedPrizes,
    });
    expect((await api(t, alice, 'GET', `/api/order/get-total/${orderId}`)).json()).toEqual({ totalCost: 36 });
    expect((await api(t, alice, 'GET', `/api/order/status/${orderId}`)).json()).toEqual({ paymentStatus: 'succeeded' });

    const fetched = await api(t, null, 'POST', '/api/prize/fetch-prizes', {
      productId,
      selectedPrizes: order.selectedPrizes,
    });
    expect(fetched.statusCode).toBe(200);
    const prizes = fetched.json().prizes as { rank: string; quantity: number; name: string }[];
    expect(prizes.reduce((n, p) => n + p.quantity, 0)).toBe(3);
    for (const p of prizes) expect(p.name).toBe(`Prize ${p.rank}`);

    // The public draw log shows the buyer masked.
    const fairness = (await api(t, null, 'GET', `/api/fairness/${setId}`)).json();
    expect(fairness.log.map((e: { buyer: string }) => e.buyer)).toEqual(['a***e', 'a***e', 'a***e']);
  });

  it('keeps every order route to its owner: others get 404, no login 403', async () => {
    const { setId } = await createTestProduct(t);
    const owner = await fundedShopper(t, 'owner', 50);
    const other = await fundedShopper(t, 'other', 0);
    const { orderId } = (await useTokens(t, owner, { setId, ticketsBought: 1 })).json();
    const routes: ['GET' | 'POST', string][] = [
      ['GET', `/api/order/verify/${orderId}`],
      ['POST', `/api/draw-and-update-order/${orderId}`],
      ['GET', `/api/order/get-prizes/${orderId}`],
      ['GET', `/api/order/get-total/${orderId}`],
      ['GET', `/api/order/status/${orderId}`],
      ['GET', `/api/order/${orderId}/reservation`],
    ];
    for (const [method, url] of routes) {
      const res = await api(t, other, method, url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Order not found', code: 'ORDER_NOT_FOUND' });
      const anonymous = await api(t, null, method, url);
      expect(anonymous.statusCode).toBe(403);
      expect(anonymous.json()).toEqual({ message: 'Please login first.', code: 'LOGIN_REQUIRED' });
    }
    const malformed = await api(t, other, 'GET', '/api/order/verify/not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'Invalid orderId', code: 'VALIDATION_FAILED' });
    expect((await t.services.orders.findOrder(orderId))!.revealedAt).toBeNull();
  });

  it('rejects bad input, another username, too many tickets and a short balance, changing nothing', async () => {
    const { setId } = await createTestProduct(t);
    const bob = await fundedShopper(t, 'bob', 30);
    const bad = [
      { setId, ticketsBought: 0 },
      { setId, ticketsBought: 1.5 },
      { setId, ticketsBought: 'two' },
      { setId: 'nope', ticketsBought: 1 },
      { setId },
      { setId, ticketsBought: 1, clientSeed: '' },
    ];
    for (const body of bad) {
      const res = await useTokens(t, bob, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    const wrongName = await useTokens(t, bob, { setId, ticketsBought: 1, username: 'carol' });
    expect(wrongName.statusCode).toBe(403);

    const tooMany = await useTokens(t, bob, { setId, ticketsBought: 11 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toContain('Not enough tickets left');

    const short = await useTokens(t, bob, { setId, ticketsBought: 3 }); // 36 tokens > 30
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      message: 'Not enough tokens: this purchase costs 36 tokens, you need 6 more.',
      tokensNeeded: 6,
    });

    const unknown = await useTokens(t, bob, { setId: '00000000-0000-4000-8000-000000000000', ticketsBought: 1 });
    expect(unknown.statusCode).toBe(404);

    expect(await t.services.wallet.balance(t.ctx.db, bob.user.id)).toBe(30);
    expect(await ticketsLeftOf(t, setId)).toBe(10);
    expect(await t.services.orders.ordersOfRound(setId)).toEqual([]);
  });

  it('Buy-X-Get-Y: free tickets on top, the payable maximum, and a token buy-out with the Last Prize', async () => {
    const promotionId = await t.services.catalogue.createPromotion(t.ctx.db, {
      type: 'BUY_X_GET_Y_FREE',
      description: 'Buy 2 get 1',
      requiredQuantity: 2,
      freeQuantity: 1,
    });
    const { setId } = await createTestProduct(t, { promotionId });
    const carol = await fundedShopper(t, 'carol', 500);
    const first = await useTokens(t, carol, { setId, ticketsBought: 2 });
    expect(first.json().totalTicketsBought).toBe(3);
    expect(await t.services.wallet.balance(t.ctx.db, carol.user.id)).toBe(500 - 24);
    // 7 left: the most one can pay for is 2 + 2 + 1 = 5 (groups of 3 give 2 paid each, remainder 1).
    expect((await useTokens(t, carol, { setId, ticketsBought: 6 })).json().message).toBe('Not enough tickets left');
    const out = await useTokens(t, carol, { setId, buyOut: true });
    expect(out.statusCode).toBe(200);
    expect(out.json().totalTicketsBought).toBe(7);
    expect(await t.services.wallet.balance(t.ctx.db, carol.user.id)).toBe(500 - 24 - 5 * 12);
    const order = (await t.services.orders.findOrder(out.json().orderId))!;
    expect(order.paidTickets).toBe(5);
    expect(order.buyOut).toBe(true);
    expect(order.selectedPrizes).toHaveLength(8);
    expect(order.selectedPrizes.at(-1)).toBe('LAST');
    expect(await ticketsLeftOf(t, setId)).toBe(0);
    const again = await useTokens(t, carol, { setId, ticketsBought: 1 });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Not enough tickets left');
    const batches = await t.services.inventory.batchesOfOrder(order.id);
    expect(batches.find((b) => b.source === 'last')?.quantity).toBe(1);
  });

  it('Challenge: a minimum, drawing stops at the letter, undrawn tickets go back and are refunded as tokens', async () => {
    const { setId } = await createChallengeTestProduct(t);
    const dave = await fundedShopper(t, 'dave', 500);
    const below = await useTokens(t, dave, { setId, ticketsBought: 2 });
    expect(below.statusCode).toBe(400);
    expect(below.json().message).toBe('You must buy at least 3 tickets for this set.');

    // Find a client seed whose 8-ticket challenge stops early, using the shared engine on the round's seed.
    const round = (await t.services.catalogue.findRound(t.ctx.db, setId))!;
    const box = await t.services.stock.box(t.ctx.db, setId);
    let seed: string;
    let expected: ReturnType<typeof drawChallenge>;
    for (let i = 0; ; i++) {
      seed = `challenge-${i}`;
      expected = drawChallenge({
        serverSeed: round.serverSeed,
        box,
        clientSeed: seed,
        firstNonce: 0,
        remaining: fullRemaining(10),
        count: 8,
        challengeLetter: 'A',
      });
      if (expected.challengeWon && expected.ticketsToDraw < 8) break;
    }
    const res = await useTokens(t, dave, { setId, ticketsBought: 8, clientSeed: seed });
    expect(res.statusCode).toBe(200);
    const { orderId } = res.json();
    const draw = (await api(t, dave, 'POST', `/api/draw-and-update-order/${orderId}`)).json();
    expect(draw).toEqual({
      selectedPrizes: expected.drawn.map((d) => d.letter),
      challengeWon: true,
      challengeAlphabet: 'A',
      challengeRemainingTickets: expected.challengeRemainingTickets,
      ticketsToDraw: expected.ticketsToDraw,
    });
    expect(await ticketsLeftOf(t, setId)).toBe(10 - expected.ticketsToDraw);
    // 8 × 12 spent, the undrawn ones credited back as a refund lot.
    expect(await t.services.wallet.balance(t.ctx.db, dave.user.id)).toBe(
      500 - 96 + expected.challengeRemainingTickets * 12,
    );
    const lots = await t.services.wallet.lots(dave.user.id);
    expect(lots.active.some((l) => l.source === 'refund' && l.amount === expected.challengeRemainingTickets * 12)).toBe(
      true,
    );
  });

  it('answers 423 with holdTimeLeft while another buyer holds the round', async () => {
    const { setId } = await createTestProduct(t);
    const erin = await fundedShopper(t, 'erin', 100);
    await t.ctx.db.transaction((tx) =>
      t.services.catalogue.setHold(
        tx,
        setId,
        new Date(t.clock.now().getTime() + 30_000),
        '00000000-0000-4000-8000-000000000001',
      ),
    );
    const res = await useTokens(t, erin, { setId, ticketsBought: 1 });
    expect(res.statusCode).toBe(423);
    expect(res.json()).toEqual({ message: 'Buying out in progress', holdTimeLeft: 30, code: 'ROUND_ON_HOLD' });
    const check = await api(t, erin, 'POST', '/api/kuji/check-tickets', { setId, ticketsBought: 1 });
    expect(check.json().success).toBe(false);
    t.clock.advance(31_000);
    expect((await useTokens(t, erin, { setId, ticketsBought: 1 })).statusCode).toBe(200);
    expect(await t.services.wallet.balance(t.ctx.db, erin.user.id)).toBe(88);
  });

  it('check-tickets says whether the count is still available', async () => {
    const { setId } = await createTestProduct(t);
    const fay = await fundedShopper(t, 'fay', 200);
    const check = (n: number) => api(t, fay, 'POST', '/api/kuji/check-tickets', { setId, ticketsBought: n });
    expect((await check(10)).json()).toEqual({ success: true, message: 'Tickets are available' });
    await useTokens(t, fay, { setId, ticketsBought: 8 });
    expect((await check(3)).json()).toEqual({
      success: false,
      message: 'Not enough tickets left. Only 2 tickets left.',
    });
    expect((await check(0)).statusCode).toBe(400);
    expect((await api(t, null, 'POST', '/api/kuji/check-tickets', { setId, ticketsBought: 1 })).statusCode).toBe(403);
  });
});
