import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE } from '../../core/clock.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { confirmWithCard, startTokenPurchase, testPackage, testShopper } from '../token-shop/test-helpers.ts';
import { RECONCILE_AFTER_MS } from './service.ts';
import { testGatewayEvents, testGatewayIntents } from './tables.ts';
import type { TestGateway } from './test-gateway.ts';

describe('payments left open are settled from the gateway', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('reconciliation credits a payment whose webhook never came, once', async () => {
    const shopper = await testShopper(t, 'quiet');
    const pkg = await testPackage(t, { tokenAmount: 100, price: 1000 });
    const { paymentIntentId } = await startTokenPurchase(t, shopper, pkg._id);
    // Charged at the gateway, the event lost on the way (nothing stored, nothing delivered).
    await t.ctx.db
      .update(testGatewayIntents)
      .set({ status: 'succeeded' })
      .where(eq(testGatewayIntents.id, paymentIntentId));
    expect(await t.services.payments.reconcilePending()).toEqual({ checked: 0, applied: 0 }); // too young yet
    t.clock.advance(RECONCILE_AFTER_MS + MINUTE);
    expect(await t.services.payments.reconcilePending()).toEqual({ checked: 1, applied: 1 });
    expect(await t.services.wallet.balance(t.ctx.db, shopper.user.id)).toBe(100);
    expect(await t.services.payments.reconcilePending()).toEqual({ checked: 0, applied: 0 });
    // The late webhook finds the payment settled and changes nothing.
    const gateway = t.services.payments.gateway as TestGateway;
    const late = await gateway.signedEvent('payment_intent.succeeded', {
      id: paymentIntentId,
      object: 'payment_intent',
      amount: 1000,
      currency: 'sgd',
      status: 'succeeded',
      metadata: {},
    });
    expect((await t.services.payments.handleWebhook(late.rawBody, late.signatureHeader)).ignored).toBe(
      'intent is succeeded',
    );
    expect(await t.services.wallet.balance(t.ctx.db, shopper.user.id)).toBe(100);
  });

  it('the delivery job redelivers a stored event the shop did not take', async () => {
    const shopper = await testShopper(t, 'later');
    const pkg = await testPackage(t, { tokenAmount: 200, price: 2000 });
    const { clientSecret } = await startTokenPurchase(t, shopper, pkg._id);
    expect((await confirmWithCard(t, clientSecret)).statusCode).toBe(200);
    const gateway = t.services.payments.gateway as TestGateway;
    expect(await gateway.undeliveredCount()).toBe(0);
    // Mark the last event as never delivered (a crash right after the charge), then run the job.
    const [last] = await t.ctx.db.select().from(testGatewayEvents).orderBy(testGatewayEvents.seq);
    await t.ctx.db.update(testGatewayEvents).set({ deliveredAt: null, nextAttemptAt: t.clock.now() });
    expect(last).toBeDefined();
    const result = await gateway.deliverPending();
    expect(result.failed).toBe(0);
    expect(await gateway.undeliveredCount()).toBe(0);
    expect(await t.services.wallet.balance(t.ctx.db, shopper.user.id)).toBe(200);
  });
});
