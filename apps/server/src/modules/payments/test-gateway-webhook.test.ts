import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { confirmWithCard, startTokenPurchase, testPackage, testShopper } from '../token-shop/test-helpers.ts';
import type { TestGateway } from './test-gateway.ts';

/** The webhook handler fed by the built-in test gateway's signed events. */
describe('payment webhook with the test gateway', () => {
  let t: TestApp;
  let gateway: TestGateway;
  let packageId: string;
  beforeAll(async () => {
    t = await createTestApp();
    gateway = t.services.payments.gateway as TestGateway;
    packageId = (await testPackage(t, { tokenAmount: 100, price: 1000 }))._id;
  });
  afterAll(async () => t.close());

  const intentObject = (id: string, amount = 1000, extra: Record<string, unknown> = {}) => ({
    id,
    object: 'payment_intent',
    amount,
    currency: 'sgd',
    status: 'succeeded',
    metadata: {},
    ...extra,
  });
  const post = (rawBody: string, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
      payload: rawBody,
    });
  const balanceOf = (userId: string) => t.services.wallet.balance(t.ctx.db, userId);

  it('says which gateway runs, without a publishable key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payment/config' });
    expect(res.json()).toEqual({ gateway: 'test', publishableKey: null });
  });

  it('applies a valid signed event once: the purchase is credited and the status succeeds', async () => {
    const shopper = await testShopper(t);
    const { paymentIntentId } = await startTokenPurchase(t, shopper, packageId);
    const { rawBody, signatureHeader } = await gateway.signedEvent(
      'payment_intent.succeeded',
      intentObject(paymentIntentId),
    );
    const res = await post(rawBody, signatureHeader);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, status: 'succeeded' });
    expect(await balanceOf(shopper.user.id)).toBe(100);
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/token/payment-status/${paymentIntentId}`,
      headers: shopper.headers,
    });
    expect(status.json()).toEqual({ paymentStatus: 'succeeded' });

    // Replayed: same event id, nothing changes.
    const replay = await post(rawBody, signatureHeader);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    // A second, different success event for the same intent is out of date: nothing changes either.
    const again = await gateway.signedEvent('payment_intent.succeeded', intentObject(paymentIntentId));
    expect((await post(again.rawBody, again.signatureHeader)).json()).toMatchObject({ ignored: 'intent is succeeded' });
    expect(await balanceOf(shopper.user.id)).toBe(100);
    expect(await t.services.wallet.ledger(shopper.user.id)).toHaveLength(1);
  });

  it('rejects a bad or missing signature with 400 and changes nothing', async () => {
    const shopper = await testShopper(t);
    const { paymentIntentId } = await startTokenPurchase(t, shopper, packageId);
    const { rawBody, signatureHeader } = await gateway.signedEvent(
      'payment_intent.succeeded',
      intentObject(paymentIntentId),
    );
    const forged = Stripe.webhooks.generateTestHeaderString({
      payload: rawBody,
      secret: 'whsec_not_the_install_secret',
    });
    const tampered = rawBody.replace('"amount":1000', '"amount":1001');
    for (const res of [await post(rawBody, forged), await post(rawBody), await post(tampered, signatureHeader)]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Invalid webhook signature', code: 'WEBHOOK_SIGNATURE_INVALID' });
    }
    expect(await balanceOf(shopper.user.id)).toBe(0);
    expect((await t.services.payments.getIntent(t.ctx.db, paymentIntentId))?.status).toBe('requires_payment_method');
    // The genuine event still works afterwards (the bad ones did not use up its id).
    expect((await post(rawBody, signatureHeader)).json()).toMatchObject({ status: 'succeeded' });
    expect(await balanceOf(shopper.user.id)).toBe(100);
  });

  it('handles events out of order: a late failure after success changes nothing; success after a failure completes', async () => {
    const shopper = await testShopper(t);
    const { paymentIntentId } = await startTokenPurchase(t, shopper, packageId);
    const failed = await gateway.signedEvent(
      'payment_intent.payment_failed',
      intentObject(paymentIntentId, 1000, {
        status: 'requires_payment_method',
        last_payment_error: { message: 'Your card was declined.' },
      }),
    );
    const succeeded = await gateway.signedEvent('payment_intent.succeeded', intentObject(paymentIntentId));
    const lateFailed = await gateway.signedEvent(
      'payment_intent.payment_failed',
      intentObject(paymentIntentId, 1000, { status: 'requires_payment_method' }),
    );

    expect((await post(failed.rawBody, failed.signatureHeader)).json()).toEqual({ received: true, status: 'failed' });
    expect((await t.services.tokenShop.getPurchase(paymentIntentId))?.status).toBe('failed');
    expect((await post(succeeded.rawBody, succeeded.signatureHeader)).json()).toEqual({
      received: true,
      status: 'succeeded',
    });
    expect((await post(lateFailed.rawBody, lateFailed.signatureHeader)).json()).toMatchObject({
      ignored: 'intent is succeeded',
    });
    expect((await t.services.payments.getIntent(t.ctx.db, paymentIntentId))?.status).toBe('succeeded');
    expect((await t.services.tokenShop.getPurchase(paymentIntentId))?.status).toBe('completed');
    expect(await balanceOf(shopper.user.id)).toBe(100);
  });

  it('applies concurrent copies of one event, and concurrent success events, exactly once', async () => {
    const shopper = await testShopper(t);
    const { paymentIntentId } = await startTokenPurchase(t, shopper, packageId);
    const event = await gateway.signedEvent('payment_intent.succeeded', intentObject(paymentIntentId));
    const other = await gateway.signedEvent('payment_intent.succeeded', intentObject(paymentIntentId));
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => post(event.rawBody, event.signatureHeader)),
      ...Array.from({ length: 2 }, () => post(other.rawBody, other.signatureHeader)),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.filter((a) => a.json().status === 'succeeded')).toHaveLength(1);
    expect(await balanceOf(shopper.user.id)).toBe(100);
    expect(await t.services.wallet.ledger(shopper.user.id)).toHaveLength(1);
  });

  it('ignores events for unknown intents and of types the shop does not act on', async () => {
    const unknown = await gateway.signedEvent('payment_intent.succeeded', intentObject('pi_test_unknown'));
    expect((await post(unknown.rawBody, unknown.signatureHeader)).json()).toEqual({
      received: true,
      ignored: 'unknown payment intent',
    });
    const other = await gateway.signedEvent('customer.created', { id: 'cus_1', object: 'customer' });
    expect((await post(other.rawBody, other.signatureHeader)).json()).toEqual({
      received: true,
      ignored: 'event type not handled',
    });
  });

  it('rolls a failing handler back completely, and the event can be delivered again', async () => {
    let fail = true;
    const userId = crypto.randomUUID();
    t.services.payments.onSucceeded('test_rollback', async (tx, intent) => {
      await t.services.wallet.credit(tx, { userId, amount: 5, source: 'purchase', reference: intent.id });
      if (fail) throw new Error('handler failed');
    });
    const intent = await t.services.payments.createIntent({ purpose: 'test_rollback', userId, amountCents: 700 });
    const event = await gateway.signedEvent('payment_intent.succeeded', intentObject(intent.id, 700));
    const res = await post(event.rawBody, event.signatureHeader);
    expect(res.statusCode).toBe(500);
    expect(await balanceOf(userId)).toBe(0);
    expect((await t.services.payments.getIntent(t.ctx.db, intent.id))?.status).toBe('requires_payment_method');
    fail = false;
    expect((await post(event.rawBody, event.signatureHeader)).json()).toEqual({ received: true, status: 'succeeded' });
    expect(await balanceOf(userId)).toBe(5);
  });

  it('takes the card at its confirm endpoint: 4242 succeeds, declines answer 402 with the message and credit nothing', async () => {
    const shopper = await testShopper(t);
    const declined = await startTokenPurchase(t, shopper, packageId);
    const res = await confirmWithCard(t, declined.clientSecret, '4000 0000 0000 0002');
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ message: 'Your card was declined.' });
    const poor = await confirmWithCard(t, declined.clientSecret, '4000 0000 0000 9995');
    expect(poor.statusCode).toBe(402);
    expect(poor.json()).toMatchObject({ message: 'Your card has insufficient funds.' });
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/token/payment-status/${declined.paymentIntentId}`,
      headers: shopper.headers,
    });
    expect(status.json()).toEqual({ paymentStatus: 'failed' });
    expect(await balanceOf(shopper.user.id)).toBe(0);

    // The shopper tries again with a good card on the same payment.
    const ok = await confirmWithCard(t, declined.clientSecret, '4242424242424242');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ paymentIntentId: declined.paymentIntentId, status: 'succeeded' });
    expect(await balanceOf(shopper.user.id)).toBe(100);
    const twice = await confirmWithCard(t, declined.clientSecret);
    expect(twice.statusCode).toBe(400);
    expect(await balanceOf(shopper.user.id)).toBe(100);
  });

  it('checks the card fields like Stripe does', async () => {
    const shopper = await testShopper(t);
    const { clientSecret } = await startTokenPurchase(t, shopper, packageId);
    const confirm = (fields: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/test-gateway/confirm',
        payload: { clientSecret, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123', ...fields },
      });
    expect((await confirm({ cardNumber: '4242 4242 4242 4241' })).json()).toEqual({
      message: 'Your card number is invalid.',
      code: 'CARD_INVALID',
    });
    expect((await confirm({ expiry: '13/30' })).json()).toEqual({
      message: "Your card's expiration date is invalid.",
      code: 'CARD_INVALID',
    });
    expect((await confirm({ expiry: '01/20' })).json()).toEqual({
      message: "Your card's expiration year is in the past.",
      code: 'CARD_INVALID',
    });
    expect((await confirm({ cvc: '1' })).json()).toEqual({
      message: "Your card's security code is invalid.",
      code: 'CARD_INVALID',
    });
    expect((await confirm({ clientSecret: 'nope' })).statusCode).toBe(404);
    expect((await confirm({ cardNumber: '' })).statusCode).toBe(400);
  });

  it('refunds once per idempotency key: a repeat answers the first refund and refunds nothing more', async () => {
    const shopper = await testShopper(t);
    const { clientSecret, paymentIntentId } = await startTokenPurchase(t, shopper, packageId);
    expect((await confirmWithCard(t, clientSecret)).statusCode).toBe(200);
    const first = await gateway.refund(paymentIntentId, { idempotencyKey: 'refund-key-1', amountCents: 300 });
    const repeat = await gateway.refund(paymentIntentId, { idempotencyKey: 'refund-key-1', amountCents: 300 });
    expect(repeat).toEqual(first);
    expect(await gateway.refundsOf(paymentIntentId)).toEqual([
      { id: first.id, amount: 300, idempotencyKey: 'refund-key-1' },
    ]);
    // The key stays bound to its request; a new key is a new refund.
    await expect(
      gateway.refund(paymentIntentId, { idempotencyKey: 'refund-key-1', amountCents: 200 }),
    ).rejects.toMatchObject({ statusCode: 400 });
    await gateway.refund(paymentIntentId, { idempotencyKey: 'refund-key-2' });
    expect((await gateway.refundsOf(paymentIntentId)).map((r) => r.amount).sort()).toEqual([300, 700]);
    expect((await t.services.payments.getIntent(t.ctx.db, paymentIntentId))?.status).toBe('refunded');
  });

  it('refunds through the gateway; the refund event marks the intent refunded', async () => {
    const shopper = await testShopper(t);
    const { clientSecret, paymentIntentId } = await startTokenPurchase(t, shopper, packageId);
    expect((await confirmWithCard(t, clientSecret)).statusCode).toBe(200);
    await t.services.payments.refund(paymentIntentId);
    expect((await t.services.payments.getIntent(t.ctx.db, paymentIntentId))?.status).toBe('refunded');
    await expect(t.services.payments.refund(paymentIntentId)).rejects.toMatchObject({ statusCode: 400 });
  });
});
