import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { startTokenPurchase, testPackage, testShopper } from '../token-shop/test-helpers.ts';
import { stripeHostOptions } from './stripe-gateway.ts';

const WEBHOOK_SECRET = 'whsec_test_kujiya_stripe_adapter';

/** A local server answering the three Stripe API calls the adapter makes, the way Stripe does. */
function fakeStripe() {
  const intents = new Map<string, Record<string, unknown>>();
  const requests: { method: string; path: string; form: URLSearchParams; auth?: string; idempotencyKey?: string }[] =
    [];
  let seq = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const path = (req.url ?? '').split('?')[0]!;
      const idempotencyKey = req.headers['idempotency-key'];
      requests.push({
        method: req.method!,
        path,
        form,
        auth: req.headers.authorization,
        idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : undefined,
      });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++seq}` });
        res.end(JSON.stringify(json));
      };
      if (req.method === 'POST' && path === '/v1/payment_intents') {
        const id = `pi_fake_${++seq}`;
        const metadata: Record<string, string> = {};
        for (const [key, value] of form) {
          const m = /^metadata\[(.+)\]$/.exec(key);
          if (m) metadata[m[1]!] = value;
        }
        const intent = {
          id,
          object: 'payment_intent',
          amount: Number(form.get('amount')),
          currency: form.get('currency'),
          client_secret: `${id}_secret_fake`,
          status: 'requires_payment_method',
          metadata,
          last_payment_error: null,
        };
        intents.set(id, intent);
        return send(200, intent);
      }
      const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && retrieve) {
        const intent = intents.get(retrieve[1]!);
        if (!intent) {
          return send(404, {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: `No such payment_intent: '${retrieve[1]}'`,
            },
          });
        }
        return send(200, intent);
      }
      const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path);
      if (req.method === 'POST' && cancel) {
        const intent = intents.get(cancel[1]!);
        if (!intent)
          return send(404, {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: `No such payment_intent: '${cancel[1]}'`,
            },
          });
        if (intent.status === 'succeeded' || intent.status === 'canceled') {
          const message = `You cannot cancel this PaymentIntent because it has a status of ${String(intent.status)}.`;
          return send(400, {
            error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message },
          });
        }
        Object.assign(intent, { status: 'canceled', cancellation_reason: form.get('cancellation_reason') });
        return send(200, intent);
      }
      if (req.method === 'POST' && path === '/v1/refunds') {
        const intent = intents.get(form.get('payment_intent') ?? '');
        if (!intent) return send(400, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
        return send(200, {
          id: `re_fake_${++seq}`,
          object: 'refund',
          amount: Number(form.get('amount') ?? intent.amount),
          payment_intent: intent.id,
          status: 'succeeded',
        });
      }
      return send(404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` },
      });
    });
  });
  return { server, intents, requests };
}

describe('Stripe adapter against a local Stripe-like server', () => {
  let t: TestApp;
  const stripe = fakeStripe();
  let packageId: string;
  beforeAll(async () => {
    await new Promise<void>((resolve) => stripe.server.listen(0, '127.0.0.1', resolve));
    const { port } = stripe.server.address() as AddressInfo;
    t = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_kujiya',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_kujiya',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: `http://127.0.0.1:${port}`,
      },
    });
    packageId = (await testPackage(t, { tokenAmount: 250, price: 2000 }))._id;
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => stripe.server.close(resolve));
  });

  const sign = (payload: string, secret = WEBHOOK_SECRET) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret });
  const event = (id: string, type: string, object: Record<string, unknown>) =>
    JSON.stringify({
      id,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object },
    });
  const post = (rawBody: string, signature: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      payload: rawBody,
    });

  it('parses STRIPE_API_BASE into the SDK host options', () => {
    expect(stripeHostOptions('http://127.0.0.1:12111')).toEqual({ host: '127.0.0.1', port: '12111', protocol: 'http' });
    expect(stripeHostOptions('https://stripe.example')).toEqual({
      host: 'stripe.example',
      port: 443,
      protocol: 'https',
    });
    expect(stripeHostOptions(undefined)).toEqual({});
  });

  it('exposes Stripe and the publishable key to the web; the test gateway endpoint is off', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/payment/config' })).json()).toEqual({
      gateway: 'stripe',
      publishableKey: 'pk_test_kujiya',
    });
    const confirm = await t.app.inject({ method: 'POST', url: '/api/test-gateway/confirm', payload: {} });
    expect(confirm.statusCode).toBe(404);
  });

  it('creates a PaymentIntent in SGD with the secret key and answers its client secret', async () => {
    const shopper = await testShopper(t);
    const { clientSecret, paymentIntentId } = await startTokenPurchase(t, shopper, packageId);
    const created = stripe.requests.find((r) => r.method === 'POST' && r.path === '/v1/payment_intents')!;
    expect(created.auth).toBe('Bearer sk_test_kujiya');
    expect(created.form.get('amount')).toBe('2000');
    expect(created.form.get('currency')).toBe('sgd');
    expect(created.form.get('metadata[purpose]')).toBe('token_purchase');
    expect(created.form.get('metadata[userId]')).toBe(shopper.user.id);
    expect(clientSecret).toBe(`${paymentIntentId}_secret_fake`);
    const retrieved = await t.services.payments.gateway.retrieve(paymentIntentId);
    expect(retrieved).toMatchObject({
      id: paymentIntentId,
      amount: 2000,
      currency: 'sgd',
      status: 'requires_payment_method',
    });
    await expect(t.services.payments.gateway.retrieve('pi_missing')).rejects.toThrow(/No such payment_intent/);
  });

  it('verifies webhooks with STRIPE_WEBHOOK_SECRET: valid, bad signature, replayed, out of order, refunded', async () => {
    const shopper = await testShopper(t);
    const { paymentIntentId } = await startTokenPurchase(t, shopper, packageId);
    const intent = stripe.intents.get(paymentIntentId)!;
    const succeeded = event('evt_1', 'payment_intent.succeeded', { ...intent, status: 'succeeded' });

    const forged = await post(succeeded, sign(succeeded, 'whsec_wrong'));
    expect(forged.statusCode).toBe(400);
    expect(await t.services.wallet.balance(t.ctx.db, shopper.user.id)).toBe(0);

    expect((await post(succeeded, sign(succeeded))).json()).toEqual({ received: true, status: 'succeeded' });
    expect(await t.services.wallet.balance(t.ctx.db, shopper.user.id)).toBe(250);
    expect((await post(succeeded, sign(succeeded))).json()).toEqual({ received: true, duplicate: true });

    const lateFailure = event('evt_0', 'payment_intent.payment_failed', {
      ...intent,
      last_payment_error: { message: 'Your card was declined.' },
    });
    expect((await post(lateFailure, sign(lateFailure))).json()).toMatchObject({ ignored: 'intent is succeeded' });
    expect(await t.services.wallet.balance(t.ctx.db, shopper.user.id)).toBe(250);
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/token/payment-status/${paymentIntentId}`,
      headers: shopper.headers,
    });
    expect(status.json()).toEqual({ paymentStatus: 'succeeded' });

    const refund = await t.services.payments.refund(paymentIntentId);
    expect(refund.status).toBe('succeeded');
    const refundCall = stripe.requests.find((r) => r.path === '/v1/refunds')!;
    expect(refundCall.form.get('payment_intent')).toBe(paymentIntentId);
    const refunded = event('evt_2', 'charge.refunded', {
      id: 'ch_1',
      object: 'charge',
      amount: 2000,
      amount_refunded: 2000,
      payment_intent: paymentIntentId,
    });
    expect((await post(refunded, sign(refunded))).json()).toEqual({ received: true, status: 'refunded' });
    // The shop never turns tokens back into money itself, but a refund made at the gateway takes the
    // purchase's unspent tokens back (docs/rules/security.md).
    expect(await t.services.wallet.balance(t.ctx.db, shopper.user.id)).toBe(0);
  });

  it("sends a refund's idempotency key as Stripe's Idempotency-Key header", async () => {
    const shopper = await testShopper(t);
    const { paymentIntentId } = await startTokenPurchase(t, shopper, packageId);
    await t.services.payments.gateway.refund(paymentIntentId, { idempotencyKey: 'kuji-order-refund-abc' });
    await t.services.payments.gateway.refund(paymentIntentId, {
      idempotencyKey: 'kuji-order-refund-abc',
      amountCents: 500,
    });
    const calls = stripe.requests.filter(
      (r) => r.path === '/v1/refunds' && r.form.get('payment_intent') === paymentIntentId,
    );
    expect(calls.map((c) => [c.idempotencyKey, c.form.get('amount')])).toEqual([
      ['kuji-order-refund-abc', null],
      ['kuji-order-refund-abc', '500'],
    ]);
  });

  it('cancels an unpaid PaymentIntent with its reason; one paid first stays paid and is settled as paid', async () => {
    const shopper = await testShopper(t);
    const unpaid = await startTokenPurchase(t, shopper, packageId);
    expect(await t.services.payments.cancel(unpaid.paymentIntentId, 'duplicate')).toBe('canceled');
    const call = stripe.requests.find((r) => r.path === `/v1/payment_intents/${unpaid.paymentIntentId}/cancel`)!;
    expect(call.form.get('cancellation_reason')).toBe('duplicate');
    expect((await t.services.payments.getIntent(t.ctx.db, unpaid.paymentIntentId))!.status).toBe('canceled');

    const paid = await startTokenPurchase(t, shopper, packageId);
    stripe.intents.get(paid.paymentIntentId)!.status = 'succeeded';
    expect(await t.services.payments.cancel(paid.paymentIntentId, 'abandoned')).toBe('succeeded');
    expect((await t.services.payments.getIntent(t.ctx.db, paid.paymentIntentId))!.status).toBe('succeeded');
    expect(await t.services.wallet.balance(t.ctx.db, shopper.user.id)).toBe(250);
  });

  it('ignores a success whose amount differs from the intent', async () => {
    const shopper = await testShopper(t);
    const { paymentIntentId } = await startTokenPurchase(t, shopper, packageId);
    const wrong = event('evt_wrong_amount', 'payment_intent.succeeded', {
      ...stripe.intents.get(paymentIntentId)!,
      amount: 1,
      status: 'succeeded',
    });
    expect((await post(wrong, sign(wrong))).json()).toEqual({ received: true, ignored: 'amount mismatch' });
    expect(await t.services.wallet.balance(t.ctx.db, shopper.user.id)).toBe(0);
  });
});
