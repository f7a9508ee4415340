import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema } from '@kujiya/shared';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createChallengeTestProduct, createTestProduct } from '../catalogue/test-helpers.ts';
import { api, fundedShopper, useTokens } from './test-helpers.ts';

/** The orders list and details: own paid orders only, chance sets waiting then Won or Lost. */
describe('order history', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(async () => t.close());

  it('lists own paid orders newest first and shows details; another shopper gets 403, unknown 404', async () => {
    const { setId, productId } = await createTestProduct(t);
    const alice = await fundedShopper(t, 'alice', 100);
    const bob = await fundedShopper(t, 'bob', 100);
    const first = (await useTokens(t, alice, { setId, ticketsBought: 1 })).json().orderId;
    t.clock.advance(60_000);
    const second = (await useTokens(t, alice, { setId, ticketsBought: 2 })).json().orderId;

    const list = await api(t, alice, 'GET', `/api/order/user/${alice.user.username}`);
    expect(list.statusCode).toBe(200);
    const orders = list.json().orders;
    expect(orders.map((o: { orderId: string }) => o.orderId)).toEqual([second, first]);
    expect(orderSchema.parse(orders[0])).toMatchObject({
      productId: { _id: productId },
      numberOfTickets: 2,
      totalCost: { $numberDecimal: '24' },
      paymentIntentId: 'TOKEN',
      lotteryEnabled: false,
      paid: true,
    });
    expect(orders[0].selectedPrizes).toHaveLength(2);
    expect(new Date(orders[0].shipByDate).getTime() - new Date(orders[0].dateTimeCreated).getTime()).toBe(
      14 * 24 * 3600 * 1000,
    );

    const details = await api(t, alice, 'POST', `/api/order/${first}`, { username: alice.user.username });
    expect(details.json()).toMatchObject({ orderId: first, numberOfTickets: 1 });
    expect((await api(t, bob, 'POST', `/api/order/${first}`, { username: bob.user.username })).statusCode).toBe(403);
    expect((await api(t, bob, 'POST', `/api/order/${first}`)).json()).toEqual({
      message: 'Access Denied',
      code: 'FORBIDDEN',
    });
    expect((await api(t, bob, 'GET', `/api/order/user/${alice.user.username}`)).statusCode).toBe(403);
    expect((await api(t, bob, 'POST', `/api/order/${crypto.randomUUID()}`)).json()).toEqual({
      message: 'Invalid Order Number',
      code: 'ORDER_NOT_FOUND',
    });
    expect((await api(t, null, 'GET', `/api/order/user/${alice.user.username}`)).statusCode).toBe(403);
    expect((await api(t, bob, 'GET', `/api/order/user/${bob.user.username}`)).json()).toEqual({ orders: [] });
  });

  it('a Challenge order says tickets bought, drawn and refunded, the token refund and the net paid, in the list and the details', async () => {
    const { setId } = await createChallengeTestProduct(t);
    const plain = (await createTestProduct(t)).setId;
    const gail = await fundedShopper(t, 'gail', 500);
    // Every ticket of the box (2 of 10 are A): the draw stops at the first A, at least one is refunded.
    const orderId = (await useTokens(t, gail, { setId, ticketsBought: 10 })).json().orderId;
    const drawn = (await api(t, gail, 'POST', `/api/draw-and-update-order/${orderId}`)).json().ticketsToDraw as number;
    expect(drawn).toBeLessThan(10);
    const refunded = 10 - drawn;
    const expected = {
      orderId,
      numberOfTickets: drawn,
      totalCost: { $numberDecimal: '120' },
      ticketsBought: 10,
      ticketsDrawn: drawn,
      refundedTickets: refunded,
      refund: { amount: refunded * 12, currency: 'tokens' },
      netPaid: { $numberDecimal: String(120 - refunded * 12) },
    };
    const list = (await api(t, gail, 'GET', `/api/order/user/${gail.user.username}`)).json().orders;
    expect(orderSchema.parse(list[0])).toMatchObject(expected);
    expect((await api(t, gail, 'POST', `/api/order/${orderId}`)).json()).toMatchObject(expected);

    // An order without a refund: bought = drawn, nothing refunded, net = total.
    const other = (await useTokens(t, gail, { setId: plain, ticketsBought: 2 })).json().orderId;
    expect((await api(t, gail, 'POST', `/api/order/${other}`)).json()).toMatchObject({
      ticketsBought: 2,
      ticketsDrawn: 2,
      refundedTickets: 0,
      refund: null,
      netPaid: { $numberDecimal: '24' },
    });
  });

  it('a chance set order waits (no prizes, lotteryWon null), then shows Won or Lost', async () => {
    const { setId } = await createTestProduct(t, { lotteryEnabled: true });
    const pam = await fundedShopper(t, 'pam', 200);
    const quinn = await fundedShopper(t, 'quinn', 200);
    const orderId = (await useTokens(t, pam, { setId, ticketsBought: 3 })).json().orderId;
    expect((await api(t, pam, 'POST', `/api/order/${orderId}`)).json()).toMatchObject({
      lotteryEnabled: true,
      lotteryWon: null,
      selectedPrizes: [],
    });
    await useTokens(t, quinn, { setId, ticketsBought: 7 });
    const after = (await api(t, pam, 'POST', `/api/order/${orderId}`)).json();
    expect(typeof after.lotteryWon).toBe('boolean');
    expect(after.selectedPrizes.length > 0).toBe(after.lotteryWon);
  });

  it('a pending card order is an Invalid Order Number', async () => {
    const { setId } = await createTestProduct(t);
    const carol = await fundedShopper(t, 'carol', 0);
    const intent = await api(t, carol, 'POST', '/api/payment/kuji/create-intent', {
      setId,
      username: carol.user.username,
      ticketsBought: 1,
    });
    expect(intent.statusCode).toBe(200);
    expect((await api(t, carol, 'POST', `/api/order/${intent.json().orderId}`)).json()).toEqual({
      message: 'Invalid Order Number',
      code: 'ORDER_NOT_FOUND',
    });
  });
});
