import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { callInstance, until, useInstances, type Instance } from '../../test/instances.ts';
import { createTestProduct } from '../catalogue/test-helpers.ts';
import type { TestGateway } from '../payments/test-helpers.ts';
import { confirmWithCard } from '../token-shop/test-helpers.ts';
import { replacedPaymentNotice } from './service.ts';
import { api, fundedShopper, ticketsLeftOf } from './test-helpers.ts';

const CANCELED = 'This PaymentIntent has been canceled.';

/** A second card checkout of a set replaces the first (docs/rules/buying.md). */
describe('a replaced card checkout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('is cancelled at the gateway, holds nothing, says it was replaced, and cannot be paid', async () => {
    const { setId } = await createTestProduct(t);
    const shopper = await fundedShopper(t, 'twice', 0);
    const checkout = (ticketsBought: number) =>
      api(t, shopper, 'POST', '/api/payment/kuji/create-intent', { username: 'twice', setId, ticketsBought });
    const first = (await checkout(3)).json();
    const second = (await checkout(2)).json();
    expect(await ticketsLeftOf(t, setId)).toBe(8);

    expect((await api(t, shopper, 'GET', `/api/order/${first.orderId}/reservation`)).json()).toEqual({
      expiresAt: null,
    });
    expect((await api(t, shopper, 'GET', `/api/order/status/${first.orderId}`)).json()).toEqual({
      paymentStatus: 'canceled',
      replaced: true,
    });
    const older = (await t.services.orders.findOrder(first.orderId))!;
    expect(older.status).toBe('canceled');
    const gateway = t.services.payments.gateway as TestGateway;
    expect((await gateway.retrieve(older.paymentIntentId)).status).toBe('canceled');
    const paid = await confirmWithCard(t, first.clientSecret);
    expect([paid.statusCode, paid.json().message]).toEqual([400, CANCELED]);
    expect(await gateway.refundsOf(older.paymentIntentId)).toEqual([]);

    // The newer checkout is the one that holds and can be paid.
    expect((await api(t, shopper, 'GET', `/api/order/status/${second.orderId}`)).json()).toEqual({
      paymentStatus: 'requires_payment_method',
    });
    expect((await confirmWithCard(t, second.clientSecret)).statusCode).toBe(200);
    expect((await t.services.orders.findOrder(second.orderId))!.status).toBe('paid');
    expect(await ticketsLeftOf(t, setId)).toBe(8);
  });

  it('paid before the cancel reached the gateway: refunded, and the shopper is told in-app and by e-mail', async () => {
    const { setId } = await createTestProduct(t);
    const shopper = await fundedShopper(t, 'quickpay', 0);
    const checkout = () =>
      api(t, shopper, 'POST', '/api/payment/kuji/create-intent', { username: 'quickpay', setId, ticketsBought: 2 });
    const first = (await checkout()).json();
    const older = (await t.services.orders.findOrder(first.orderId))!;
    // Charged at the gateway, the shop not told yet.
    await t.ctx.db.execute(
      sql`update test_gateway_intents set status = 'succeeded' where id = ${older.paymentIntentId}`,
    );
    const second = (await checkout()).json();
    expect(second.orderId).toBeDefined();

    expect((await api(t, shopper, 'GET', `/api/order/status/${first.orderId}`)).json()).toEqual({
      paymentStatus: 'refunded',
      replaced: true,
    });
    await t.services.orders.processPendingRefunds();
    const gateway = t.services.payments.gateway as TestGateway;
    expect((await gateway.refundsOf(older.paymentIntentId)).map((r) => r.amount)).toEqual([2500]);
    expect((await t.services.orders.findOrder(first.orderId))!.status).toBe('refunded');
    expect(await t.services.stock.ticketsOfOrder(t.ctx.db, first.orderId)).toEqual([]);
    const [message, subject] = replacedPaymentNotice(older);
    expect(message).toContain('$25.00');
    expect((await t.services.notifications.list(shopper.user.id)).map((n) => n.message)).toContain(message);
    const mails = await t.services.mail.listQueue();
    expect(mails.some((m) => m.subject === subject)).toBe(true);
  });
});

/** The same across two real server processes on one PostgreSQL database (background jobs on). */
describe.skipIf(process.env.TEST_DB !== 'postgres')('a replaced card checkout on two instances', () => {
  const shop = useInstances();
  const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

  it('replaced on the other instance: paying the first is refused by the gateway; one paid anyway is refunded with a word', async () => {
    const [a, b] = shop.instances as [Instance, Instance];
    const t = shop.t;
    const { setId } = await createTestProduct(t);
    const shopper = await fundedShopper(t, 'twoplaces', 0);
    const auth = shopper.headers.authorization;
    const checkout = (on: Instance, ticketsBought: number) =>
      callInstance(on, auth, 'POST', '/api/payment/kuji/create-intent', {
        username: 'twoplaces',
        setId,
        ticketsBought,
      });
    const first = (await checkout(a, 3)).json as { orderId: string; clientSecret: string };
    const second = (await checkout(b, 2)).json as { orderId: string; clientSecret: string };

    expect((await callInstance(a, auth, 'GET', `/api/order/${first.orderId}/reservation`, undefined)).json).toEqual({
      expiresAt: null,
    });
    expect((await callInstance(a, auth, 'GET', `/api/order/status/${first.orderId}`)).json).toEqual({
      paymentStatus: 'canceled',
      replaced: true,
    });
    const paid = await callInstance(a, null, 'POST', '/api/test-gateway/confirm', {
      clientSecret: first.clientSecret,
      ...card,
    });
    expect([paid.status, paid.json!.message]).toEqual([400, CANCELED]);
    expect(
      (await callInstance(b, null, 'POST', '/api/test-gateway/confirm', { clientSecret: second.clientSecret, ...card }))
        .status,
    ).toBe(200);
    await until(async () => (await t.services.orders.findOrder(second.orderId))!.status === 'paid');

    // A third checkout whose predecessor was charged before the cancel landed.
    const third = (await checkout(a, 1)).json as { orderId: string; clientSecret: string };
    const charged = (await t.services.orders.findOrder(third.orderId))!;
    await t.ctx.db.execute(
      sql`update test_gateway_intents set status = 'succeeded' where id = ${charged.paymentIntentId}`,
    );
    expect((await checkout(b, 1)).status).toBe(200);
    // The instances' refund job gives the money back; the shopper is told in-app and by e-mail.
    await until(async () => (await t.services.orders.findOrder(third.orderId))!.status === 'refunded', 45_000);
    const gateway = t.services.payments.gateway as TestGateway;
    expect((await gateway.refundsOf(charged.paymentIntentId)).map((r) => r.amount)).toEqual([1250]);
    const [message, subject] = replacedPaymentNotice(charged);
    expect((await t.services.notifications.list(shopper.user.id)).map((n) => n.message)).toContain(message);
    await until(async () =>
      [...(await t.services.mail.listQueue()), ...(await t.services.mail.listOutbox())].some(
        (m) => m.subject === subject,
      ),
    );
    expect((await callInstance(b, auth, 'GET', `/api/order/status/${third.orderId}`)).json).toEqual({
      paymentStatus: 'refunded',
      replaced: true,
    });
  });
});
