import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE } from '../../core/clock.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestProduct } from '../catalogue/test-helpers.ts';
import { confirmWithCard } from '../token-shop/test-helpers.ts';
import type { TestGateway } from '../payments/test-helpers.ts';
import { api, fundedShopper, ticketsLeftOf, useTokens, type Shopper } from './test-helpers.ts';

/** The card path (docs/rules/buying.md): reservation, payment by webhook, expiry, buy-out hold. */
describe('card purchases', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const createIntent = (shopper: Shopper, body: Record<string, unknown>) =>
    api(t, shopper, 'POST', '/api/payment/kuji/create-intent', { username: shopper.user.username, ...body });
  const buyOut = (shopper: Shopper, setId: string) =>
    api(t, shopper, 'POST', '/api/payment/kuji/buy-out', { username: shopper.user.username, setId });

  it('reserves for 10 minutes, then the paid webhook takes the tickets and decides the prizes', async () => {
    const { setId } = await createTestProduct(t); // $12.50 a ticket
    const gina = await fundedShopper(t, 'gina', 0);
    const res = await createIntent(gina, { setId, ticketsBought: 2, clientSeed: 'gina-seed' });
    expect(res.statusCode).toBe(200);
    const { clientSecret, orderId, ticketsBought } = res.json();
    expect(ticketsBought).toBe(2);
    expect(await ticketsLeftOf(t, setId)).toBe(8);
    expect((await api(t, gina, 'GET', `/api/order/get-total/${orderId}`)).json()).toEqual({ totalCost: 2500 });
    expect((await api(t, gina, 'GET', `/api/order/${orderId}/reservation`)).json()).toEqual({
      expiresAt: new Date(t.clock.now().getTime() + 10 * MINUTE).toISOString(),
    });
    expect((await api(t, gina, 'GET', `/api/order/status/${orderId}`)).json()).toEqual({
      paymentStatus: 'requires_payment_method',
    });
    expect((await api(t, gina, 'GET', `/api/order/verify/${orderId}`)).json()).toEqual({ success: false });
    expect((await api(t, gina, 'POST', `/api/draw-and-update-order/${orderId}`)).statusCode).toBe(400);
    // The buyer's own reservation does not count against their ticket check.
    const check = await api(t, gina, 'POST', '/api/kuji/check-tickets', { setId, ticketsBought: 10, orderId });
    expect(check.json().success).toBe(true);

    const declined = await confirmWithCard(t, clientSecret, '4000 0000 0000 0002');
    expect(declined.statusCode).toBe(402);
    expect((await api(t, gina, 'GET', `/api/order/status/${orderId}`)).json()).toEqual({ paymentStatus: 'failed' });
    expect(await t.services.stock.ticketsOfOrder(t.ctx.db, orderId)).toHaveLength(0);

    expect((await confirmWithCard(t, clientSecret)).statusCode).toBe(200);
    expect((await api(t, gina, 'GET', `/api/order/status/${orderId}`)).json()).toEqual({ paymentStatus: 'succeeded' });
    const order = (await t.services.orders.findOrder(orderId))!;
    expect(order).toMatchObject({ status: 'paid', paymentMethod: 'card', totalCost: 2500, numberOfTickets: 2 });
    expect(order.paymentIntentId).toMatch(/^pi_test_/);
    const tickets = await t.services.stock.ticketsOfOrder(t.ctx.db, orderId);
    expect(order.selectedPrizes).toEqual(tickets.map((x) => x.letter));
    expect(await ticketsLeftOf(t, setId)).toBe(8);
    const draw = await api(t, gina, 'POST', `/api/draw-and-update-order/${orderId}`);
    expect(draw.json()).toMatchObject({ selectedPrizes: order.selectedPrizes, ticketsToDraw: 2 });
    expect((await t.services.inventory.batchesOfOrder(orderId)).reduce((n, b) => n + b.quantity, 0)).toBe(2);

    // A replayed success event changes nothing.
    const gateway = t.services.payments.gateway as TestGateway;
    const event = await gateway.signedEvent('payment_intent.succeeded', {
      id: order.paymentIntentId,
      object: 'payment_intent',
      amount: 2500,
      currency: 'sgd',
      status: 'succeeded',
      metadata: {},
    });
    await t.services.payments.handleWebhook(event.rawBody, event.signatureHeader);
    expect(await t.services.stock.ticketsOfOrder(t.ctx.db, orderId)).toHaveLength(2);
  });

  it('an expired reservation frees its tickets; a late payment still gets tickets if enough are left', async () => {
    const { setId } = await createTestProduct(t);
    const hank = await fundedShopper(t, 'hank', 0);
    const { clientSecret, orderId } = (await createIntent(hank, { setId, ticketsBought: 3 })).json();
    expect(await ticketsLeftOf(t, setId)).toBe(7);
    t.clock.advance(10 * MINUTE + 1);
    expect(await ticketsLeftOf(t, setId)).toBe(10); // lazily, on read
    expect((await t.services.orders.runJobs())?.expired).toBe(1);
    expect((await t.services.orders.runJobs())?.expired).toBe(0);
    expect((await confirmWithCard(t, clientSecret)).statusCode).toBe(200);
    expect((await t.services.orders.findOrder(orderId))!.status).toBe('paid');
    expect(await ticketsLeftOf(t, setId)).toBe(7);
  });

  it('a payment after expiry with the tickets gone is refunded through the gateway and says so', async () => {
    const { setId } = await createTestProduct(t);
    const ivy = await fundedShopper(t, 'ivy', 0);
    const jack = await fundedShopper(t, 'jack', 500);
    const { clientSecret, orderId } = (await createIntent(ivy, { setId, ticketsBought: 3 })).json();
    t.clock.advance(11 * MINUTE);
    expect((await useTokens(t, jack, { setId, ticketsBought: 9 })).statusCode).toBe(200);
    expect((await confirmWithCard(t, clientSecret)).statusCode).toBe(200);
    expect((await t.services.orders.findOrder(orderId))!.status).toBe('refund_pending');
    expect((await api(t, ivy, 'GET', `/api/order/status/${orderId}`)).json()).toEqual({ paymentStatus: 'refunded' });
    expect(await t.services.orders.processPendingRefunds()).toBe(1);
    expect(await t.services.orders.processPendingRefunds()).toBe(0);
    const order = (await t.services.orders.findOrder(orderId))!;
    expect(order.status).toBe('refunded');
    expect((await t.services.payments.getIntent(t.ctx.db, order.paymentIntentId))!.status).toBe('refunded');
    expect(await t.services.stock.ticketsOfOrder(t.ctx.db, orderId)).toHaveLength(0);
    expect(await ticketsLeftOf(t, setId)).toBe(1);
  });

  it('card buy-out reserves everything and holds the round (423 for others) until paid', async () => {
    const promotionId = await t.services.catalogue.createPromotion(t.ctx.db, {
      type: 'BUY_X_GET_Y_FREE',
      description: 'Buy 3 get 1',
      requiredQuantity: 3,
      freeQuantity: 1,
    });
    const { setId } = await createTestProduct(t, { promotionId });
    const kim = await fundedShopper(t, 'kim', 0);
    const leo = await fundedShopper(t, 'leo', 500);
    expect((await useTokens(t, leo, { setId, ticketsBought: 1 })).statusCode).toBe(200); // 9 left
    const res = await buyOut(kim, setId);
    expect(res.statusCode).toBe(200);
    const { orderId, clientSecret, ticketsBought } = res.json();
    expect(ticketsBought).toBe(9);
    // 9 left under Buy 3 Get 1: 2 full groups (6 paid) + 1 → 7 paid × $12.50.
    expect((await api(t, kim, 'GET', `/api/order/get-total/${orderId}`)).json()).toEqual({ totalCost: 7 * 1250 });

    const blocked = await useTokens(t, leo, { setId, ticketsBought: 1 });
    expect(blocked.statusCode).toBe(423);
    expect(blocked.json()).toEqual({ message: 'Buying out in progress', holdTimeLeft: 600, code: 'ROUND_ON_HOLD' });
    expect((await createIntent(leo, { setId, ticketsBought: 1 })).statusCode).toBe(423);
    expect((await buyOut(leo, setId)).statusCode).toBe(423);
    const listed = (await api(t, null, 'GET', '/api/ichiban-kuji-products'))
      .json()
      .all.find((p: { setId: string }) => p.setId === setId);
    expect(listed.holdTimeLeft).toBe(600);

    expect((await confirmWithCard(t, clientSecret)).statusCode).toBe(200);
    const order = (await t.services.orders.findOrder(orderId))!;
    expect(order.status).toBe('paid');
    expect(order.numberOfTickets).toBe(9);
    expect(order.selectedPrizes.at(-1)).toBe('LAST');
    const round = (await t.services.catalogue.findRound(t.ctx.db, setId))!;
    expect(round.status).toBe('sold_out');
    expect(round.holdUntil).toBeNull();
    expect((await useTokens(t, leo, { setId, ticketsBought: 1 })).json().message).toBe('Not enough tickets left');
  });

  it('an unpaid buy-out hold lapses with its reservation', async () => {
    const { setId } = await createTestProduct(t);
    const mia = await fundedShopper(t, 'mia', 0);
    const ned = await fundedShopper(t, 'ned', 100);
    expect((await buyOut(mia, setId)).statusCode).toBe(200);
    t.clock.advance(5 * MINUTE);
    expect((await useTokens(t, ned, { setId, ticketsBought: 1 })).json()).toEqual({
      message: 'Buying out in progress',
      holdTimeLeft: 300,
      code: 'ROUND_ON_HOLD',
    });
    t.clock.advance(5 * MINUTE + 1000);
    expect((await useTokens(t, ned, { setId, ticketsBought: 1 })).statusCode).toBe(200);
  });

  it('validates the card requests', async () => {
    const { setId } = await createTestProduct(t);
    const olga = await fundedShopper(t, 'olga', 0);
    expect((await createIntent(olga, { setId, ticketsBought: 11 })).json().message).toBe('Not enough tickets left');
    expect((await createIntent(olga, { setId, ticketsBought: 0 })).statusCode).toBe(400);
    expect((await createIntent(olga, { setId, ticketsBought: 1, username: 'someone' })).statusCode).toBe(403);
    expect(
      (await api(t, null, 'POST', '/api/payment/kuji/create-intent', { setId, ticketsBought: 1, username: 'olga' }))
        .statusCode,
    ).toBe(403);
    expect(await ticketsLeftOf(t, setId)).toBe(10);
  });
});
