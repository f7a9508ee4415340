import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '@kujiya/shared';
import { MINUTE } from '../../core/clock.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestProduct } from '../catalogue/test-helpers.ts';
import { confirmWithCard } from '../token-shop/test-helpers.ts';
import { api, fundedShopper, useTokens } from '../orders/test-helpers.ts';

const ADMIN = { ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'Boss123!' };

// GET /api/admin/orders/{orderId}: an order opened from the back office's orders table (docs/rules/back-office.md).
describe('the admin order page', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({ env: ADMIN });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'boss', password: 'Boss123!' },
    });
    headers = { authorization: `Bearer ${res.json().token}` };
  });
  afterAll(async () => t.close());

  const detail = (orderId: string, auth = headers) =>
    t.app.inject({ method: 'GET', url: `/api/admin/orders/${orderId}`, headers: auth });

  it('a token order: its tickets with the prizes drawn, the tokens it spent, its receipt and its shopper', async () => {
    const { setId } = await createTestProduct(t);
    const shopper = await fundedShopper(t, 'tina', 100);
    const bought = await useTokens(t, shopper, { setId, ticketsBought: 3 });
    expect(bought.statusCode, bought.body).toBe(200);
    const orderId = bought.json().orderId as string;

    const res = await detail(orderId);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as AdminOrderDetail;
    expect(body.order).toMatchObject({
      id: orderId,
      status: 'paid',
      setId,
      paymentMethod: 'token',
      paidTickets: 3,
      numberOfTickets: 3,
      totalCost: 36,
    });
    expect(body.order.paidAt).toEqual(expect.any(String));
    expect(body.shopper).toMatchObject({ id: shopper.user.id, username: 'tina', disabled: false });
    expect(body.draws).toHaveLength(3);
    for (const draw of body.draws) {
      expect(draw.kind).toBe('ticket');
      expect(['A', 'B', 'C', 'LAST']).toContain(draw.prize);
      expect(draw.prizeName).toEqual(expect.any(String));
    }
    expect(body.draws.map((d) => d.prize).filter((p) => p !== 'LAST')).toEqual(
      body.order.selectedPrizes.filter((p) => p !== 'LAST'),
    );
    expect(body.payment).toBeNull();
    expect(body.refunds).toEqual([]);
    expect(body.tokenLedger).toEqual([{ delta: -36, reason: 'spend', at: expect.any(String) }]);
    expect(body.receipt).toMatchObject({ setId });
    expect(body.receipt!.entries).toHaveLength(3);
  });

  it('a card order paid too late: the payment, the gateway events and the card refund', async () => {
    const { setId } = await createTestProduct(t);
    const late = await fundedShopper(t, 'lars', 0);
    const other = await fundedShopper(t, 'quinn', 500);
    const created = await api(t, late, 'POST', '/api/payment/kuji/create-intent', {
      username: 'lars',
      setId,
      ticketsBought: 3,
    });
    const { clientSecret, orderId } = created.json();
    t.clock.advance(11 * MINUTE);
    expect((await useTokens(t, other, { setId, ticketsBought: 9 })).statusCode).toBe(200);
    expect((await confirmWithCard(t, clientSecret)).statusCode).toBe(200);

    const waiting = (await detail(orderId)).json() as AdminOrderDetail;
    expect(waiting.order).toMatchObject({ status: 'refund_pending', paymentMethod: 'card', totalCost: 3750 });
    expect(waiting.refunds).toEqual([{ kind: 'card', amount: 3750, status: 'pending', at: null }]);
    expect(waiting.payment).toMatchObject({ status: 'succeeded', amount: 3750, currency: 'sgd' });
    expect(waiting.payment!.events.map((e) => e.outcome)).toContain('applied');
    expect(waiting.draws).toEqual([]);

    expect(await t.services.orders.processPendingRefunds()).toBe(1);
    await expect
      .poll(async () => ((await detail(orderId)).json() as AdminOrderDetail).payment?.status, { timeout: 15_000 })
      .toBe('refunded');
    const refunded = (await detail(orderId)).json() as AdminOrderDetail;
    expect(refunded.order.status).toBe('refunded');
    expect(refunded.refunds).toEqual([{ kind: 'card', amount: 3750, status: 'done', at: expect.any(String) }]);
    expect(refunded.payment!.events.length).toBeGreaterThanOrEqual(2);
    expect(refunded.shopper?.username).toBe('lars');
  });

  it('an unknown order is 404, a malformed id 400, and it is behind the admin guard', async () => {
    expect((await detail('00000000-0000-4000-8000-000000000000')).json()).toEqual({
      message: 'Order not found',
      code: 'ORDER_NOT_FOUND',
    });
    expect((await detail('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await detail('nope')).json()).toEqual({ message: 'Invalid orderId', code: 'VALIDATION_FAILED' });
    const shopper = await fundedShopper(t, 'sly', 0);
    expect((await detail('00000000-0000-4000-8000-000000000000', shopper.headers)).statusCode).toBe(403);
    expect((await detail('00000000-0000-4000-8000-000000000000', {})).statusCode).toBe(401);
  });
});
