import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, TestClock } from '../../core/clock.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { confirmWithCard, startTokenPurchase, testPackage, testShopper } from './testing.ts';

describe('promo codes', () => {
  let t: TestApp;
  let packageId: string;
  const clock = new TestClock('2026-06-01T00:00:00.000Z');
  beforeAll(async () => {
    t = await createTestApp({ clock });
    packageId = (await testPackage(t, { tokenAmount: 250, price: 2000 }))._id;
    const window = { validFrom: new Date('2026-01-01T00:00:00Z'), validTo: new Date('2026-12-31T23:59:59Z') };
    await t.services.tokenShop.createPromoCode(t.ctx.db, { code: 'WELCOME10', extraTokensPercentage: 10, ...window });
    await t.services.tokenShop.createPromoCode(t.ctx.db, { code: 'TWO', extraTokensPercentage: 20, maxUses: 2, ...window });
    await t.services.tokenShop.createPromoCode(t.ctx.db, { code: 'OLD', extraTokensPercentage: 50, validFrom: new Date('2025-01-01Z'), validTo: new Date('2025-12-31Z') });
    await t.services.tokenShop.createPromoCode(t.ctx.db, { code: 'SOON', extraTokensPercentage: 50, validFrom: new Date('2026-07-01Z'), validTo: new Date('2026-12-31Z') });
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
    expect(await t.services.wallet.balance(shopper.user.id)).toBe(0); // nothing before the payment succeeds
    expect((await confirmWithCard(t, clientSecret)).statusCode).toBe(200);
    expect(await t.services.wallet.balance(shopper.user.id)).toBe(275); // 250 + round(25)
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
    expect(second.json()).toEqual({ message: 'A promo code has already been applied to this payment.' });
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
    expect(res.json()).toEqual({ message: 'You have already used this promo code.' });
    expect((await confirmWithCard(t, second.clientSecret)).statusCode).toBe(200);
    expect(await t.services.wallet.balance(shopper.user.id)).toBe(275 + 250);
  });

  it('moves an unpaid reservation to the shopper’s newer payment, so the bonus is paid once', async () => {
    const shopper = await testShopper(t);
    const abandoned = await startTokenPurchase(t, shopper, packageId);
    expect((await apply(shopper, abandoned.paymentIntentId, 'WELCOME10')).statusCode).toBe(200);
    const next = await startTokenPurchase(t, shopper, packageId);
    expect((await apply(shopper, next.paymentIntentId, 'WELCOME10')).statusCode).toBe(200);
    expect((await confirmWithCard(t, abandoned.clientSecret)).statusCode).toBe(200);
    expect((await confirmWithCard(t, next.clientSecret)).statusCode).toBe(200);
    expect(await t.services.wallet.balance(shopper.user.id)).toBe(250 + 275);
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
    expect(third.json()).toEqual({ message: 'This promo code has reached its usage limit.' });
    await confirmWithCard(t, pa.clientSecret);
    await confirmWithCard(t, pb.clientSecret);
    expect((await t.services.tokenShop.getPromoCode('TWO'))?.usesCount).toBe(2);
    expect(await t.services.wallet.balance(a.user.id)).toBe(300);

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

  it('frees a lapsed reservation of an unpaid payment for others', async () => {
    await t.services.tokenShop.createPromoCode(t.ctx.db, {
      code: 'ONE',
      extraTokensPercentage: 10,
      maxUses: 1,
      validFrom: new Date('2026-01-01Z'),
      validTo: new Date('2026-12-31Z'),
    });
    const [a, b] = [await testShopper(t, 'lapse1'), await testShopper(t, 'lapse2')];
    const pa = await startTokenPurchase(t, a, packageId);
    expect((await apply(a, pa.paymentIntentId, 'ONE')).statusCode).toBe(200);
    clock.advance(31 * 60_000);
    const pb = await startTokenPurchase(t, b, packageId);
    expect((await apply(b, pb.paymentIntentId, 'ONE')).statusCode).toBe(200);
    await confirmWithCard(t, pb.clientSecret);
    // a pays late: the only use is gone, so a gets the package without the bonus.
    await confirmWithCard(t, pa.clientSecret);
    expect(await t.services.wallet.balance(b.user.id)).toBe(275);
    expect(await t.services.wallet.balance(a.user.id)).toBe(250);
    expect((await t.services.tokenShop.getPromoCode('ONE'))?.usesCount).toBe(1);
  });

  it('refuses expired, not-yet-valid and unknown codes, other packages and other people’s payments', async () => {
    const shopper = await testShopper(t);
    const { paymentIntentId } = await startTokenPurchase(t, shopper, packageId);
    const expired = await apply(shopper, paymentIntentId, 'OLD');
    expect([expired.statusCode, expired.json()]).toEqual([400, { message: 'This promo code has expired.' }]);
    const soon = await apply(shopper, paymentIntentId, 'SOON');
    expect([soon.statusCode, soon.json()]).toEqual([400, { message: 'This promo code is not active yet.' }]);
    const unknown = await apply(shopper, paymentIntentId, 'NOPE');
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: 'Invalid promo code' }]);
    const otherPackage = await testPackage(t, { tokenAmount: 10, price: 100 });
    expect((await apply(shopper, paymentIntentId, 'WELCOME10', otherPackage._id)).statusCode).toBe(400);
    const stranger = await testShopper(t, 'eve');
    expect((await apply(stranger, paymentIntentId, 'WELCOME10')).statusCode).toBe(404);
    const empty = await apply(shopper, paymentIntentId, '   ');
    expect([empty.statusCode, empty.json()]).toEqual([400, { message: 'Please enter a promo code' }]);

    // The code stays valid until validTo, then stops.
    clock.set('2027-01-01T00:00:00.000Z');
    const { token } = await t.ctx.tokens.sign(shopper.user);
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/promocode/apply',
      headers: { authorization: `Bearer ${token}` },
      payload: { promoCode: 'WELCOME10', packageId, username: shopper.user.username, paymentIntentId },
    });
    expect(late.json()).toEqual({ message: 'This promo code has expired.' });
    clock.set(new Date(Date.parse('2026-06-01T00:00:00Z') + DAY));
  });

  it('cannot be applied after the payment succeeded', async () => {
    const shopper = await testShopper(t);
    const { clientSecret, paymentIntentId } = await startTokenPurchase(t, shopper, packageId);
    await confirmWithCard(t, clientSecret);
    const res = await apply(shopper, paymentIntentId, 'WELCOME10');
    expect([res.statusCode, res.json()]).toEqual([400, { message: 'This payment is already complete.' }]);
  });
});
