import { describe, expect, it } from 'vitest';
import { DAY_MS } from '@kujiya/shared';
import { callInstance, until, useInstances } from '../../test/instances.ts';
import { testPackage, testShopper } from './test-helpers.ts';

/**
 * Promo codes across two real server processes on one PostgreSQL database (docs/rules/tokens.md):
 * applications of a code take turns under its row lock on every instance, so what is accepted is
 * exactly what is honoured when paid.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('promo codes applied at once on two instances', () => {
  const shop = useInstances();
  const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
  const yearLong = () => ({ validFrom: new Date(Date.now() - DAY_MS), validTo: new Date(Date.now() + 365 * DAY_MS) });

  it('six payments of one shopper, the code applied to all at once: one 200, five refusals, and the one accepted gets its bonus', async () => {
    const pkg = await testPackage(shop.t, { tokenAmount: 10, price: 1000 });
    await shop.t.services.tokenShop.createPromoCode(shop.t.ctx.db, {
      code: 'ONCE50',
      extraTokensPercentage: 50,
      ...yearLong(),
    });
    const shopper = await testShopper(shop.t, 'sixfold');
    const auth = shopper.headers.authorization;
    const intents = [];
    for (let i = 0; i < 6; i++) {
      const res = await callInstance(shop.instances[i % 2]!, auth, 'POST', '/api/payment/token/create-intent', {
        packageId: pkg._id,
        username: 'sixfold',
      });
      expect(res.status).toBe(200);
      intents.push(res.json as { paymentIntentId: string; clientSecret: string });
    }
    const answers = await Promise.all(
      intents.map((intent, i) =>
        callInstance(shop.instances[i % 2]!, auth, 'POST', '/api/promocode/apply', {
          promoCode: 'once50',
          packageId: pkg._id,
          username: 'sixfold',
          paymentIntentId: intent.paymentIntentId,
        }),
      ),
    );
    const accepted = answers.flatMap((res, i) => (res.status === 200 ? [i] : []));
    expect(accepted).toHaveLength(1);
    expect(answers[accepted[0]!]!.json).toEqual({ extraTokensPercentage: 50 });
    for (const res of answers.filter((r) => r.status !== 200)) {
      expect(res.status).toBe(400);
      expect(res.json!.message).toMatch(/^This promo code is already applied to another of your payments\./);
    }
    // Every payment is paid: exactly the accepted one carries the bonus (10 x 50% = 5).
    await Promise.all(
      intents.map((intent, i) =>
        callInstance(shop.instances[i % 2]!, null, 'POST', '/api/test-gateway/confirm', {
          clientSecret: intent.clientSecret,
          ...card,
        }),
      ),
    );
    await until(async () => (await shop.t.services.wallet.balance(shop.t.ctx.db, shopper.user.id)) >= 6 * 10 + 5);
    const bonuses = await Promise.all(
      intents.map(async (intent) => (await shop.t.services.tokenShop.getPurchase(intent.paymentIntentId))!.bonusTokens),
    );
    expect(bonuses).toEqual(intents.map((_, i) => (i === accepted[0] ? 5 : 0)));
    expect(await shop.t.services.wallet.balance(shop.t.ctx.db, shopper.user.id)).toBe(65);
    expect((await shop.t.services.tokenShop.getPromoCode('ONCE50'))!.usesCount).toBe(1);
  });

  it('a code with 3 uses applied by 8 shoppers at once on both instances: 3 accepted, each honoured when paid', async () => {
    const pkg = await testPackage(shop.t, { tokenAmount: 20, price: 1000 });
    await shop.t.services.tokenShop.createPromoCode(shop.t.ctx.db, {
      code: 'THREE',
      extraTokensPercentage: 25,
      maxUses: 3,
      ...yearLong(),
    });
    const shoppers = await Promise.all(Array.from({ length: 8 }, (_, i) => testShopper(shop.t, `three${i}`)));
    const intents = await Promise.all(
      shoppers.map(async (s, i) => {
        const res = await callInstance(
          shop.instances[i % 2]!,
          s.headers.authorization,
          'POST',
          '/api/payment/token/create-intent',
          { packageId: pkg._id, username: s.user.username },
        );
        return res.json as { paymentIntentId: string; clientSecret: string };
      }),
    );
    const answers = await Promise.all(
      shoppers.map((s, i) =>
        callInstance(shop.instances[i % 2]!, s.headers.authorization, 'POST', '/api/promocode/apply', {
          promoCode: 'THREE',
          packageId: pkg._id,
          username: s.user.username,
          paymentIntentId: intents[i]!.paymentIntentId,
        }),
      ),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(3);
    for (const res of answers.filter((r) => r.status !== 200))
      expect(res.json).toEqual({
        message: 'This promo code has reached its usage limit.',
        code: 'PROMO_CODE_UNAVAILABLE',
      });
    await Promise.all(
      intents.map((intent, i) =>
        callInstance(shop.instances[i % 2]!, null, 'POST', '/api/test-gateway/confirm', {
          clientSecret: intent.clientSecret,
          ...card,
        }),
      ),
    );
    for (const [i, s] of shoppers.entries()) {
      await until(async () => (await shop.t.services.wallet.balance(shop.t.ctx.db, s.user.id)) >= 20);
      expect(await shop.t.services.wallet.balance(shop.t.ctx.db, s.user.id)).toBe(answers[i]!.status === 200 ? 25 : 20);
    }
    expect((await shop.t.services.tokenShop.getPromoCode('THREE'))!.usesCount).toBe(3);
  });
});
