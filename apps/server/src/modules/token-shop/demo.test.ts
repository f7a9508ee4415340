import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { DEMO_SHOPPER } from '../../demo/demo-accounts.ts';

describe('demo tokens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: true });
  });
  afterAll(async () => t.close());

  it('sells packages, offers the promo codes, and the demo shopper bought tokens through the test gateway', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/token/packages' });
    const { tokenPackages } = res.json();
    expect(tokenPackages.map((p: { tokenAmount: number }) => p.tokenAmount)).toEqual([100, 550, 1200, 2600]);
    expect((await t.services.tokenShop.getPromoCode('WELCOME10'))?.extraTokensPercentage).toBe(10);
    expect((await t.services.tokenShop.getPromoCode('KUJI20'))?.extraTokensPercentage).toBe(20);

    const shopper = (await t.services.accounts.findAccount(DEMO_SHOPPER.username))!;
    // 550 bought; the demo fulfilment story then spent some on its orders.
    const spent = (await t.services.orders.ordersOfUser(shopper.id)).reduce((n, o) => n + o.totalCost, 0);
    expect(await t.services.wallet.balance(t.ctx.db, shopper.id)).toBe(550 - spent);
    const credits = (await t.services.wallet.ledger(shopper.id)).filter((row) => row.delta > 0);
    expect(credits).toHaveLength(1);
    const intent = await t.services.payments.getIntent(t.ctx.db, credits[0]!.reference);
    expect(intent).toMatchObject({ status: 'succeeded', gateway: 'test', amount: 5000, userId: shopper.id });
  });
});
