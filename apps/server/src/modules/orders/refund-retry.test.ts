import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { MINUTE } from '../../core/clock.ts';
import { loadConfig } from '../../config.ts';
import { buildApp, type KujiyaApp } from '../../app.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestProduct } from '../catalogue/test-helpers.ts';
import { confirmWithCard } from '../token-shop/test-helpers.ts';
import type { TestGateway } from '../payments/test-helpers.ts';
import { REFUND_CLAIM_TIMEOUT_MS, refundKeyOf } from './service.ts';
import { orders } from './tables.ts';
import { api, fundedShopper, useTokens } from './test-helpers.ts';

/**
 * Refunds of late card payments (docs/rules/buying.md) survive a crash: an order stuck `refunding` is re-driven
 * by the background job, and the gateway's idempotency key keeps every retry to one refund.
 */
describe('refund retries', () => {
  let t: TestApp;
  let gateway: TestGateway;
  let shoppers = 0;
  beforeAll(async () => {
    t = await createTestApp();
    gateway = t.services.payments.gateway as TestGateway;
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(async () => t.close());

  /** A card order paid after its reservation lapsed and its tickets were sold: `refund_pending`. */
  async function lateCardOrder() {
    shoppers += 1;
    const { setId } = await createTestProduct(t);
    const late = await fundedShopper(t, `late${shoppers}`, 0);
    const other = await fundedShopper(t, `quick${shoppers}`, 500);
    const created = await api(t, late, 'POST', '/api/payment/kuji/create-intent', {
      username: late.user.username,
      setId,
      ticketsBought: 3,
    });
    const { clientSecret, orderId } = created.json();
    t.clock.advance(11 * MINUTE);
    expect((await useTokens(t, other, { setId, ticketsBought: 9 })).statusCode).toBe(200);
    expect((await confirmWithCard(t, clientSecret)).statusCode).toBe(200);
    const order = (await t.services.orders.findOrder(orderId))!;
    expect(order.status).toBe('refund_pending');
    return order;
  }

  /** The state a process leaves when it dies after claiming the refund, before the gateway answered. */
  async function markClaimed(orderId: string, claimedAt: Date) {
    await t.ctx.db
      .update(orders)
      .set({ status: 'refunding', refundClaimedAt: claimedAt })
      .where(eq(orders.id, orderId));
  }

  /** The order ends refunded, and the gateway holds exactly one refund of the whole amount, under the order's key. */
  async function expectRefundedOnce(order: { id: string; paymentIntentId: string; totalCost: number }) {
    expect((await t.services.orders.findOrder(order.id))!.status).toBe('refunded');
    expect((await t.services.payments.getIntent(t.ctx.db, order.paymentIntentId))!.status).toBe('refunded');
    expect(await gateway.refundsOf(order.paymentIntentId)).toEqual([
      { id: expect.stringMatching(/^re_test_/), amount: order.totalCost, idempotencyKey: refundKeyOf(order.id) },
    ]);
  }

  it('a gateway call that fails goes back to the queue and the next job run refunds', async () => {
    const order = await lateCardOrder();
    vi.spyOn(gateway, 'refund').mockRejectedValueOnce(new Error('socket hang up'));
    expect(await t.services.orders.runJobs()).toEqual({ expired: expect.any(Number), refunded: 0 });
    expect((await t.services.orders.findOrder(order.id))!).toMatchObject({
      status: 'refund_pending',
      refundClaimedAt: null,
    });
    expect(await gateway.refundsOf(order.paymentIntentId)).toEqual([]);

    expect((await t.services.orders.runJobs())?.refunded).toBe(1);
    await expectRefundedOnce(order);
    expect(await t.services.orders.processPendingRefunds()).toBe(0);
  });

  it('an order abandoned in refunding is re-driven once its claim is a few minutes old', async () => {
    const order = await lateCardOrder();
    await markClaimed(order.id, new Date(t.clock.now().getTime() - MINUTE));
    // A fresh claim may still be at work on another instance: left alone.
    expect(await t.services.orders.processPendingRefunds()).toBe(0);
    expect((await t.services.orders.findOrder(order.id))!.status).toBe('refunding');

    t.clock.advance(REFUND_CLAIM_TIMEOUT_MS);
    expect((await t.services.orders.runJobs())?.refunded).toBe(1);
    await expectRefundedOnce(order);
  });

  it('a crash after the gateway refunded (event and answer lost) is re-driven without a second refund', async () => {
    const order = await lateCardOrder();
    await markClaimed(order.id, t.clock.now());
    // The dying process reached the gateway; the refund event never reached the shop.
    gateway.connect(async () => undefined);
    try {
      await gateway.refund(order.paymentIntentId, { idempotencyKey: refundKeyOf(order.id) });
    } finally {
      gateway.connect((rawBody, signature) => t.services.payments.handleWebhook(rawBody, signature));
    }
    expect((await t.services.payments.getIntent(t.ctx.db, order.paymentIntentId))!.status).toBe('succeeded');
    expect((await t.services.orders.findOrder(order.id))!.status).toBe('refunding');

    t.clock.advance(REFUND_CLAIM_TIMEOUT_MS + 1000);
    const refund = vi.spyOn(gateway, 'refund');
    expect((await t.services.orders.runJobs())?.refunded).toBe(1);
    expect(refund).toHaveBeenCalledTimes(1); // the retry reached the gateway, which refunded nothing more
    await expectRefundedOnce(order);
  });

  describe('with a second instance on the same database', () => {
    let other: KujiyaApp;
    beforeAll(async () => {
      const config = loadConfig({
        NODE_ENV: 'test',
        JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
        DEMO_DATA: '0',
        LOG_LEVEL: 'silent',
      });
      other = await buildApp({ config, database: t.database, clock: t.clock, logger: false, webDist: false });
    });
    afterAll(async () => other.app.close());

    it('two instances re-driving at once refund each order once', async () => {
      const pending = await lateCardOrder();
      const abandoned = await lateCardOrder();
      await markClaimed(abandoned.id, new Date(t.clock.now().getTime() - REFUND_CLAIM_TIMEOUT_MS - 1000));
      const [a, b] = await Promise.all([
        t.services.orders.processPendingRefunds(),
        other.services.orders.processPendingRefunds(),
      ]);
      expect(a + b).toBe(2);
      await expectRefundedOnce(pending);
      await expectRefundedOnce(abandoned);
    });

    it('an instance whose gateway call outlasts its claim is overtaken, and still only one refund is made', async () => {
      const order = await lateCardOrder();
      let entered!: () => void;
      const inGatewayCall = new Promise<void>((resolve) => (entered = resolve));
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const realRefund = gateway.refund.bind(gateway);
      vi.spyOn(gateway, 'refund').mockImplementationOnce(async (...args) => {
        entered();
        await released; // a gateway answer slower than REFUND_CLAIM_TIMEOUT_MS
        return realRefund(...args);
      });

      const slow = t.services.orders.processPendingRefunds();
      await inGatewayCall;
      t.clock.advance(REFUND_CLAIM_TIMEOUT_MS + 1000);
      expect(await other.services.orders.processPendingRefunds()).toBe(1);
      await expectRefundedOnce(order);

      release();
      await slow; // its call repeats the key: answered with the same refund
      await expectRefundedOnce(order);
    });
  });
});
