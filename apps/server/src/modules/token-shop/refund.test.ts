import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { confirmWithCard, startTokenPurchase, testPackage, testShopper } from './test-helpers.ts';

describe('a refunded token purchase takes its unspent tokens back', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  async function buy(username: string, tokenAmount: number) {
    const shopper = await testShopper(t, username);
    const pkg = await testPackage(t, { tokenAmount, price: tokenAmount * 10 });
    const { clientSecret, paymentIntentId } = await startTokenPurchase(t, shopper, pkg._id);
    expect((await confirmWithCard(t, clientSecret)).statusCode).toBe(200);
    expect(await t.services.wallet.balance(t.ctx.db, shopper.user.id)).toBe(tokenAmount);
    return { shopper, paymentIntentId };
  }

  it('an unspent lot: every token goes, with a revoked ledger row', async () => {
    const { shopper, paymentIntentId } = await buy('ursula', 100);
    await t.services.payments.refund(paymentIntentId);
    expect((await t.services.payments.getIntent(t.ctx.db, paymentIntentId))!.status).toBe('refunded');
    expect(await t.services.wallet.balance(t.ctx.db, shopper.user.id)).toBe(0);
    expect(await t.services.wallet.ledgerBalance(shopper.user.id)).toBe(0);
    const revoked = (await t.services.wallet.ledger(shopper.user.id)).filter((row) => row.reason === 'revoked');
    expect(revoked.map((row) => row.delta)).toEqual([-100]);
  });

  it('a partly spent lot: what is left goes, what was spent stays spent; other lots are untouched', async () => {
    const { shopper, paymentIntentId } = await buy('victor', 100);
    t.clock.advance(60_000); // the other lot expires later, so the spend takes the purchase first
    await t.ctx.db.transaction((tx) =>
      t.services.wallet.credit(tx, { userId: shopper.user.id, amount: 40, source: 'refund', reference: 'order-x' }),
    );
    // Spends take the earliest-expiring lot first: the purchase (bought before the refund lot).
    await t.ctx.db.transaction((tx) =>
      t.services.wallet.spend(tx, { userId: shopper.user.id, amount: 30, reference: 'order-y' }),
    );
    await t.services.payments.refund(paymentIntentId);
    expect(await t.services.wallet.balance(t.ctx.db, shopper.user.id)).toBe(40);
    expect(await t.services.wallet.ledgerBalance(shopper.user.id)).toBe(40);
    const revoked = (await t.services.wallet.ledger(shopper.user.id)).filter((row) => row.reason === 'revoked');
    expect(revoked.map((row) => row.delta)).toEqual([-70]);
    // A repeated refund event changes nothing more.
    await t.services.payments.refund(paymentIntentId).catch(() => undefined);
    expect(await t.services.wallet.balance(t.ctx.db, shopper.user.id)).toBe(40);
  });
});
