import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, TestClock } from '../../core/clock.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { sql } from 'drizzle-orm';
import { confirmWithCard, startTokenPurchase, testPackage, testShopper } from './test-helpers.ts';
import { PAYMENT_CANCELED, PROMO_RESERVATION_MS, promoHeldMessage } from './service.ts';
import type { TestGateway } from '../payments/test-helpers.ts';

describe('promo codes', () => {
  let t: TestApp;
  let packageId: string;
  const clock = new TestClock('2026-06-01T00:00:00.000Z');
  beforeAll(async () => {
    t = await createTestApp({ clock });
    packageId = (await testPackage(t, { tokenAmount: 250, price: 2000 }))._id;
    const window = { validFrom: new Date('2026-01-01T00:00:00Z'), validTo: new Date('2026-12-31T23:59:59Z') };
    await t.services.tokenShop.createPromoCode(t.ctx.db, { code: 'WELCOME10', extraTokensPercentage: 10, ...window });
    await t.services.tokenShop.createPromoCode(t.ctx.db, {
      code: 'TWO',
      extraTokensPercentage: 20,
      maxUses: 2,
      ...window,
    });
    await t.services.tokenShop.createPromoCode(t.ctx.db, {
      code: 'OLD',
      extraTokensPercentage: 50,
      validFrom: new Date('2025-01-01Z'),
      validTo: new Date('2025-12-31Z'),
    });
    await t.services.tokenShop.createPromoCode(t.ctx.db, {
      code: 'SOON',
      extraTokensPercentage: 50,
      validFrom: new Date('2026-07-01Z'),
      validTo: new Date('2026-12-31Z'),
    });
  });
  afterAll(async () => t.close());

  type Shopper = Awaited<ReturnType<typeof testShopper>>;
  const apply = (shopper: Shopper, paymentIntentId: string, promoCode: string, pkg = packageId) =>
    t.app.inject({
      method: 'POST',
      url: '/api/promocode/apply',
      headers: shopper.headers,
      payload: { promoCode, packageId: pkg, username: shopper.user.username, paymentIntentId },
    });

  it('gives extraTokensPercentage and credits round(tokens x pct / 100) bonus tokens with the purchase', async () => {
    const shopper = await testShopper(t);
    const { clientSecret, paymentIntentId } = await startTokenPurchase(t, shopper, packageId);
    const res = await apply(shopper, paymentIntentId, 'welcome10');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ extraTokensPercentage: 10 });
    expect(await t.services.wallet.balance(t.ctx.db, shopper.user.id)).toBe(0); // nothing before the payment succeeds
    expect((await confirmWithCard(t, clientSecret)).statusCode).toBe(200);
    expect(await t.services.wallet.balance(t.ctx.db, shopper.user.id)).toBe(275); // 250 + round(25)
    const { active } = await t.services.wallet.lots(shopper.user.id);
    expect(active.map((l) => [l.source, l.amount]).sort()).toEqual([
      ['bonus', 25],
      ['purchase', 250],
    ]);
    expect((await t.services.tokenShop.getPromoCode('WELCOME10'))?.usesCount).toBe(1);
  });

  it('applies once per payment', async () => {
    const shopper = await testShopper(t);
    const { paymentIntentId } = await startTokenPurchase(t, shopper, packageId);
    expect((await apply(shopper, paymentIntentId, 'WELCOME10')).statusCode).toBe(200);
    const second = await apply(shopper, paymentIntentId, 'TWO');
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({
      message: 'A promo code has already been applied to this payment.',
      code: 'PROMO_CODE_UNAVAILABLE',
    });
    const same = await apply(shopper, paymentIntentId, 'WELCOME10');
    expect(same.statusCode).toBe(400);
  });

  it('allows a code once per user', async () => {
    const shopper = await testShopper(t);
    const first = await startTokenPurchase(t, shopper, packageId);
    expect((await apply(shopper, first.paymentIntentId, 'WELCOME10')).statusCode).toBe(200);
    expect((await confirmWithCard(t, first.clientSecret)).statusCode).toBe(200);
    const second = await startTokenPurchase(t, shopper, packageId);
    const res = await apply(shopper, second.paymentIntentId, 'WELCOME10');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'You have already used this promo code.', code: 'PROMO_CODE_UNAVAILABLE' });
    expect((await confirmWithCard(t, second.clientSecret)).statusCode).toBe(200);
    expect(await t.services.wallet.balance(t.ctx.db, shopper.user.id)).toBe(275 + 250);
  });

  it('refuses a once-per-shopper code on a second payment while the first holds it; the accepted one is honoured', async () => {
    await t.services.tokenShop.createPromoCode(t.ctx.db, {
      code: 'HALF',
      extraTokensPercentage: 50,
      validFrom: new Date('2026-01-01Z'),
      validTo: new Date('2026-12-31Z'),
    });
    const shopper = await testShopper(t, 'thrice');
    const payments = [];
    for (let i = 0; i < 3; i++) payments.push(await startTokenPurchase(t, shopper, packageId));
    const answers = [];
    for (const p of payments) answers.push(await apply(shopper, p.paymentIntentId, 'HALF'));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 400, 400]);
    expect(answers[0]!.json()).toEqual({ extraTokensPercentage: 50 });
    // 00:00 + 30 minutes in Singapore (UTC+8).
    expect(answers[1]!.json()).toEqual({
      message: promoHeldMessage(new Date(clock.now().getTime() + PROMO_RESERVATION_MS)),
      code: 'PROMO_CODE_UNAVAILABLE',
    });
    expect(answers[1]!.json().message).toContain('8:30 am (Singapore time)');
    // Paying all three: the accepted one gets its bonus, the refused ones none (as they were told).
    for (const p of payments) expect((await confirmWithCard(t, p.clientSecret)).statusCode).toBe(200);
    const bonuses = await Promise.all(
      payments.map(async (p) => (await t.services.tokenShop.getPurchase(p.paymentIntentId))!.bonusTokens),
    );
    expect(bonuses).toEqual([125, 0, 0]);
    expect(await t.services.wallet.balance(t.ctx.db, shopper.user.id)).toBe(3 * 250 + 125);
    const again = await startTokenPurchase(t, shopper, packageId);
    expect((await apply(shopper, again.paymentIntentId, 'HALF')).json()).toEqual({
      message: 'You have already used this promo code.',
      code: 'PROMO_CODE_UNAVAILABLE',
    });
  });

  it('a lapsed hold of the shopper gives way: that payment is cancelled at the gateway, the new one gets the code', async () => {
    const shopper = await testShopper(t, 'lapser');
    const abandoned = await startTokenPurchase(t, shopper, packageId);
    expect((await apply(shopper, abandoned.paymentIntentId, 'WELCOME10')).statusCode).toBe(200);
    const next = await startTokenPurchase(t, shopper, packageId);
    expect((await apply(shopper, next.paymentIntentId, 'WELCOME10')).statusCode).toBe(400);
    clock.advance(PROMO_RESERVATION_MS + 60_000);
    expect((await apply(shopper, next.paymentIntentId, 'WELCOME10')).json()).toEqual({ extraTokensPercentage: 10 });
    // The lapsed payment can no longer be paid (so it can never be paid without its bonus).
    const late = await confirmWithCard(t, abandoned.clientSecret);
    expect([late.statusCode, late.json().message]).toEqual([400, 'This PaymentIntent has been canceled.']);
    expect((await t.services.payments.getIntent(t.ctx.db, abandoned.paymentIntentId))!.status).toBe('canceled');
    expect((await apply(shopper, abandoned.paymentIntentId, 'TWO')).json()).toEqual({
      message: PAYMENT_CANCELED,
      code: 'PAYMENT_CANCELED',
    });
    expect((await confirmWithCard(t, next.clientSecret)).statusCode).toBe(200);
    expect(await t.services.wallet.balance(t.ctx.db, shopper.user.id)).toBe(275);
  });

  it('a lapsed hold whose payment went through first is honoured, and the new application is told the code is used', async () => {
    const shopper = await testShopper(t, 'racer-pay');
    const first = await startTokenPurchase(t, shopper, packageId);
    expect((await apply(shopper, first.paymentIntentId, 'WELCOME10')).statusCode).toBe(200);
    clock.advance(PROMO_RESERVATION_MS + 60_000);
    // Charged at the gateway, the shop not told yet (its event is still on the way).
    const gateway = t.services.payments.gateway as TestGateway;
    await t.ctx.db.execute(
      sql`update test_gateway_intents set status = 'succeeded' where id = ${first.paymentIntentId}`,
    );
    const second = await startTokenPurchase(t, shopper, packageId);
    const res = await apply(shopper, second.paymentIntentId, 'WELCOME10');
    expect(res.json()).toEqual({ message: 'You have already used this promo code.', code: 'PROMO_CODE_UNAVAILABLE' });
    expect((await gateway.retrieve(first.paymentIntentId)).status).toBe('succeeded');
    expect((await t.services.tokenShop.getPurchase(first.paymentIntentId))!.bonusTokens).toBe(25);
    expect(await t.services.wallet.balance(t.ctx.db, shopper.user.id)).toBe(275);
  });

  it('holds the total use limit, counting reservations of unpaid payments', async () => {
    const [a, b, c] = [await testShopper(t, 'a1'), await testShopper(t, 'b1'), await testShopper(t, 'c1')];
    const pa = await startTokenPurchase(t, a, packageId);
    const pb = await startTokenPurchase(t, b, packageId);
    const pc = await startTokenPurchase(t, c, packageId);
    expect((await apply(a, pa.paymentIntentId, 'TWO')).statusCode).toBe(200);
    expect((await apply(b, pb.paymentIntentId, 'TWO')).statusCode).toBe(200);
    const third = await apply(c, pc.paymentIntentId, 'TWO');
    expect(third.statusCode).toBe(400);
    expect(third.json()).toEqual({
      message: 'This promo code has reached its usage limit.',
      code: 'PROMO_CODE_UNAVAILABLE',
    });
    await confirmWithCard(t, pa.clientSecret);
    await confirmWithCard(t, pb.clientSecret);
    expect((await t.services.tokenShop.getPromoCode('TWO'))?.usesCount).toBe(2);
    expect(await t.services.wallet.balance(t.ctx.db, a.user.id)).toBe(300);

    // Concurrent applications never hand out more uses than the limit.
    await t.services.tokenShop.createPromoCode(t.ctx.db, {
      code: 'RACE',
      extraTokensPercentage: 5,
      maxUses: 3,
      validFrom: new Date('2026-01-01Z'),
      validTo: new Date('2026-12-31Z'),
    });
    const racers = await Promise.all(Array.from({ length: 6 }, (_, i) => testShopper(t, `racer${i}`)));
    const intents = await Promise.all(racers.map((r) => startTokenPurchase(t, r, packageId)));
    const results = await Promise.all(racers.map((r, i) => apply(r, intents[i]!.paymentIntentId, 'RACE')));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
  });

  it('frees a lapsed hold for others by cancelling its payment; a hold that has not lapsed is honoured', async () => {
    await t.services.tokenShop.createPromoCode(t.ctx.db, {
      code: 'ONE',
      extraTokensPercentage: 10,
      maxUses: 1,
      validFrom: new Date('2026-01-01Z'),
      validTo: new Date('2026-12-31Z'),
    });
    const [a, b, c] = [await testShopper(t, 'lapse1'), await testShopper(t, 'lapse2'), await testShopper(t, 'lapse3')];
    const pa = await startTokenPurchase(t, a, packageId);
    expect((await apply(a, pa.paymentIntentId, 'ONE')).statusCode).toBe(200);
    const pc = await startTokenPurchase(t, c, packageId);
    expect((await apply(c, pc.paymentIntentId, 'ONE')).json()).toEqual({
      message: 'This promo code has reached its usage limit.',
      code: 'PROMO_CODE_UNAVAILABLE',
    });
    clock.advance(31 * 60_000);
    const pb = await startTokenPurchase(t, b, packageId);
    expect((await apply(b, pb.paymentIntentId, 'ONE')).statusCode).toBe(200);
    // a's payment was cancelled to free the use: it cannot be paid without the bonus it was promised.
    expect((await confirmWithCard(t, pa.clientSecret)).statusCode).toBe(400);
    await confirmWithCard(t, pb.clientSecret);
    // b paid long after its own hold lapsed: nobody needed the use meanwhile, so it is honoured.
    clock.advance(31 * 60_000);
    expect(await t.services.wallet.balance(t.ctx.db, b.user.id)).toBe(275);
    expect(await t.services.wallet.balance(t.ctx.db, a.user.id)).toBe(0);
    expect((await t.services.tokenShop.getPromoCode('ONE'))?.usesCount).toBe(1);
    // An admin cannot lower a limit below the uses held by unpaid payments.
    const held = await startTokenPurchase(t, c, packageId);
    await t.services.tokenShop.createPromoCode(t.ctx.db, {
      code: 'HELD',
      extraTokensPercentage: 10,
      maxUses: 5,
      validFrom: new Date('2026-01-01Z'),
      validTo: new Date('2026-12-31Z'),
    });
    expect((await apply(c, held.paymentIntentId, 'HELD')).statusCode).toBe(200);
    const code = (await t.services.tokenShop.getPromoCode('HELD'))!;
    const admin = { id: c.user.id, username: 'admin', role: 'admin' } as never;
    await expect(
      t.services.tokenShop.adminUpdatePromoCode(admin, code.id, {
        code: 'HELD',
        extraTokensPercentage: 10,
        maxUses: 0,
        validFrom: code.validFrom.toISOString(),
        validTo: code.validTo.toISOString(),
      } as never),
    ).rejects.toThrow('The use limit cannot be below the 1 uses so far.');
  });

  it('refuses expired, not-yet-valid and unknown codes, other packages and other people’s payments', async () => {
    const shopper = await testShopper(t);
    const { paymentIntentId } = await startTokenPurchase(t, shopper, packageId);
    const expired = await apply(shopper, paymentIntentId, 'OLD');
    expect([expired.statusCode, expired.json()]).toEqual([
      400,
      { message: 'This promo code has expired.', code: 'PROMO_CODE_UNAVAILABLE' },
    ]);
    const soon = await apply(shopper, paymentIntentId, 'SOON');
    expect([soon.statusCode, soon.json()]).toEqual([
      400,
      { message: 'This promo code is not active yet.', code: 'PROMO_CODE_UNAVAILABLE' },
    ]);
    const unknown = await apply(shopper, paymentIntentId, 'NOPE');
    expect([unknown.statusCode, unknown.json()]).toEqual([
      404,
      { message: 'Invalid promo code', code: 'PROMO_CODE_INVALID' },
    ]);
    const otherPackage = await testPackage(t, { tokenAmount: 10, price: 100 });
    expect((await apply(shopper, paymentIntentId, 'WELCOME10', otherPackage._id)).statusCode).toBe(400);
    const stranger = await testShopper(t, 'eve');
    expect((await apply(stranger, paymentIntentId, 'WELCOME10')).statusCode).toBe(404);
    const empty = await apply(shopper, paymentIntentId, '   ');
    expect([empty.statusCode, empty.json()]).toEqual([
      400,
      { message: 'Please enter a promo code', code: 'VALIDATION_FAILED' },
    ]);

    // The code stays valid until validTo, then stops.
    clock.set('2027-01-01T00:00:00.000Z');
    const { token } = await t.ctx.tokens.sign(shopper.user);
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/promocode/apply',
      headers: { authorization: `Bearer ${token}` },
      payload: { promoCode: 'WELCOME10', packageId, username: shopper.user.username, paymentIntentId },
    });
    expect(late.json()).toEqual({ message: 'This promo code has expired.', code: 'PROMO_CODE_UNAVAILABLE' });
    clock.set(new Date(Date.parse('2026-06-01T00:00:00Z') + DAY));
  });

  it('cannot be applied after the payment succeeded', async () => {
    const shopper = await testShopper(t);
    const { clientSecret, paymentIntentId } = await startTokenPurchase(t, shopper, packageId);
    await confirmWithCard(t, clientSecret);
    const res = await apply(shopper, paymentIntentId, 'WELCOME10');
    expect([res.statusCode, res.json()]).toEqual([
      400,
      { message: 'This payment is already complete.', code: 'PAYMENT_ALREADY_COMPLETE' },
    ]);
  });
});
