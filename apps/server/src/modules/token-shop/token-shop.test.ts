import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { confirmWithCard, startTokenPurchase, testPackage, testShopper } from './test-helpers.ts';

describe('token packages and purchases', () => {
  let t: TestApp;
  let packageId: string;
  beforeAll(async () => {
    t = await createTestApp();
    packageId = (await testPackage(t, { tokenAmount: 500, price: 4500, originalPrice: 5000 }))._id;
    await testPackage(t, { tokenAmount: 100, price: 1000 });
  });
  afterAll(async () => t.close());

  it('lists the packages without login, cheapest first, originalPrice only when there is one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/token/packages' });
    expect(res.json()).toEqual({
      tokenPackages: [
        { _id: expect.any(String), packageName: '100 Tokens', tokenAmount: 100, price: 1000 },
        { _id: packageId, packageName: '500 Tokens', tokenAmount: 500, price: 4500, originalPrice: 5000 },
      ],
    });
  });

  it('creates an intent for the package price and answers clientSecret, paymentIntentId and the package', async () => {
    const shopper = await testShopper(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment/token/create-intent',
      headers: shopper.headers,
      payload: { packageId, username: 'alice' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      clientSecret: expect.stringMatching(/^pi_test_\w+_secret_\w+$/),
      paymentIntentId: expect.stringMatching(/^pi_test_/),
      tokenPackage: { _id: packageId, packageName: '500 Tokens', tokenAmount: 500, price: 4500, originalPrice: 5000 },
    });
    const intent = await t.services.payments.getIntent(t.ctx.db, body.paymentIntentId);
    expect(intent).toMatchObject({
      amount: 4500,
      currency: 'sgd',
      purpose: 'token_purchase',
      userId: shopper.user.id,
      status: 'requires_payment_method',
    });
  });

  it('refuses bad input and strangers, and changes nothing', async () => {
    const shopper = await testShopper(t);
    const call = (payload: unknown, headers: Record<string, string> = shopper.headers) =>
      t.app.inject({ method: 'POST', url: '/api/payment/token/create-intent', headers, payload: payload as object });
    expect((await call({ packageId, username: 'alice' }, {})).statusCode).toBe(403);
    expect((await call({ packageId, username: 'bob' })).statusCode).toBe(403);
    const missing = await call({ username: 'alice' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: 'packageId is required', code: 'VALIDATION_FAILED' });
    const unknown = await call({ packageId: 'not-a-package', username: 'alice' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Token package not found', code: 'NOT_FOUND' });
  });

  it('pays with 4242: status succeeded, tokens in the balance, analytics records the purchase', async () => {
    const shopper = await testShopper(t);
    const { clientSecret, paymentIntentId } = await startTokenPurchase(t, shopper, packageId);
    const status = () =>
      t.app.inject({ method: 'GET', url: `/api/token/payment-status/${paymentIntentId}`, headers: shopper.headers });
    expect((await status()).json()).toEqual({ paymentStatus: 'requires_payment_method' });
    expect((await confirmWithCard(t, clientSecret)).statusCode).toBe(200);
    expect((await status()).json()).toEqual({ paymentStatus: 'succeeded' });
    const balance = await t.app.inject({ method: 'GET', url: '/api/token/balance', headers: shopper.headers });
    expect(balance.json()).toEqual({ totalTokens: 500 });
    const events = await t.services.analytics.list({ userId: shopper.user.id });
    expect(events.map((e) => [e.name, e.properties.tokenAmount])).toEqual([['Token Purchase Complete', 500]]);

    // Someone else cannot read the status of this payment.
    const stranger = await testShopper(t, 'mallory');
    const peek = await t.app.inject({
      method: 'GET',
      url: `/api/token/payment-status/${paymentIntentId}`,
      headers: stranger.headers,
    });
    expect(peek.statusCode).toBe(404);
  });

  it('a declined card credits nothing and records the failure', async () => {
    const shopper = await testShopper(t);
    const { clientSecret } = await startTokenPurchase(t, shopper, packageId);
    const res = await confirmWithCard(t, clientSecret, '4000 0000 0000 0002');
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe('Your card was declined.');
    expect(await t.services.wallet.balance(t.ctx.db, shopper.user.id)).toBe(0);
    const events = await t.services.analytics.list({ userId: shopper.user.id });
    expect(events.map((e) => [e.name, e.properties.message])).toEqual([
      ['Token Purchase Failed', 'Your card was declined.'],
    ]);
  });
});
