import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DAY_MS } from '@kujiya/shared';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestProduct } from '../catalogue/test-helpers.ts';
import { fundedShopper, useTokens } from '../orders/test-helpers.ts';
import { addressedShopper, confirmCard, givePrizes } from '../fulfilment/test-helpers.ts';
import { confirmWithCard, startTokenPurchase, testPackage } from '../token-shop/test-helpers.ts';

async function adminHeaders(t: TestApp) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { username: 'boss', password: 'Boss123!' },
  });
  return { authorization: `Bearer ${res.json().token}` };
}

describe('dashboard', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp({ env: { ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'Boss123!' } })));
  afterAll(async () => t.close());

  it('shows the figures of the orders in a fixture, per window', async () => {
    const { setId } = await createTestProduct(t, { name: 'Dash Set', tokenPrice: 12, priceCents: 1250 });
    const alice = await fundedShopper(t, 'dash_alice', 500);
    expect((await useTokens(t, alice, { setId, ticketsBought: 3 })).statusCode).toBe(200);
    // Shopper sessions last 7 days: each later buyer signs up when they buy.
    t.clock.advance(10 * DAY_MS);
    const bob = await fundedShopper(t, 'dash_bob', 0);
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/payment/kuji/create-intent',
      headers: bob.headers,
      payload: { username: 'dash_bob', setId, ticketsBought: 2 },
    });
    expect([intent.statusCode, intent.body]).toEqual([200, intent.body]);
    const confirmed = await confirmCard(t, intent.json().clientSecret);
    expect([confirmed.statusCode, confirmed.body]).toEqual([200, confirmed.body]);
    expect(confirmed.statusCode).toBe(200);
    t.clock.advance(3 * DAY_MS);
    const carol = await fundedShopper(t, 'dash_carol', 100);
    // An unpaid card order counts nowhere.
    await t.app.inject({
      method: 'POST',
      url: '/api/payment/kuji/create-intent',
      headers: carol.headers,
      payload: { username: 'dash_carol', setId, ticketsBought: 1 },
    });
    expect((await useTokens(t, carol, { setId, ticketsBought: 1 })).statusCode).toBe(200);

    const res = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: await adminHeaders(t) });
    expect([res.statusCode, res.body]).toEqual([200, res.body]);
    const dashboard = res.json();
    const card = (ticketsCents: number) => ({
      ticketsCents,
      tokenPackagesCents: 0,
      shippingCents: 0,
      refundsCents: 0,
      netCents: ticketsCents,
    });
    expect(dashboard.today).toEqual({
      revenueCents: 0,
      cardRevenue: card(0),
      tokensSpent: 12,
      ticketsSold: 1,
      orders: 1,
      newShoppers: 1,
    });
    expect(dashboard.last7Days).toEqual({
      revenueCents: 2500,
      cardRevenue: card(2500),
      tokensSpent: 12,
      ticketsSold: 3,
      orders: 2,
      newShoppers: 2,
    });
    expect(dashboard.last30Days).toEqual({
      revenueCents: 2500,
      cardRevenue: card(2500),
      tokensSpent: 48,
      ticketsSold: 6,
      orders: 3,
      newShoppers: 3,
    });
    expect(dashboard.topSets).toEqual([
      { productId: expect.any(String), productName: 'Dash Set', sku: expect.stringMatching(/^TEST-/), ticketsSold: 6 },
    ]);
    expect(
      dashboard.dailyRevenue.map((d: { revenueCents: number; tokensSpent: number }) => [d.revenueCents, d.tokensSpent]),
    ).toEqual([
      [0, 36],
      [2500, 0],
      [0, 12],
    ]);
    // 6 sold, 1 reserved by the unpaid order: sell-through counts sold tickets only.
    expect(dashboard.sellThrough.find((r: { setId: string }) => r.setId === setId)).toMatchObject({
      sold: 6,
      total: 10,
    });
    // Alice's 3 prizes were won 13 days ago: their ship-by is tomorrow.
    expect(dashboard.queue).toEqual({ shipmentsToPack: 0, collectionsThisWeek: 0, itemsForfeitingIn3Days: 3 });
  });

  it('counts every card payment of the day by kind (tickets, token packages, shipping) minus refunds, and tells same-named sets apart', async () => {
    // A fresh day, so the earlier test's orders stay out of "today".
    t.clock.advance(DAY_MS);
    const headers = await adminHeaders(t);
    const before = (await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers })).json().today;
    expect(before.cardRevenue.netCents).toBe(0);
    const twinA = await createTestProduct(t, { name: 'Twin Set', sku: 'TWIN-A-001', priceCents: 1250 });
    const twinB = await createTestProduct(t, { name: 'Twin Set', sku: 'TWIN-B-001', priceCents: 1250 });
    // Tickets by card: 2 x S$12.50 of the first twin.
    const dora = await fundedShopper(t, 'rev_dora', 60);
    const tickets = await t.app.inject({
      method: 'POST',
      url: '/api/payment/kuji/create-intent',
      headers: dora.headers,
      payload: { username: 'rev_dora', setId: twinA.setId, ticketsBought: 2 },
    });
    expect((await confirmCard(t, tickets.json().clientSecret)).statusCode).toBe(200);
    expect((await useTokens(t, dora, { setId: twinB.setId, ticketsBought: 3 })).statusCode).toBe(200);
    // A S$50 token package by card.
    const pkg = await testPackage(t, { tokenAmount: 500, price: 5000 });
    const purchase = await startTokenPurchase(t, dora, pkg._id);
    expect((await confirmWithCard(t, purchase.clientSecret)).statusCode).toBe(200);
    // Two S$5 shipping fees by card.
    for (const name of ['rev_eli', 'rev_fin']) {
      const shopper = await addressedShopper(t, name);
      const ids = await givePrizes(t, shopper, { C: 1 });
      const shipment = await t.app.inject({
        method: 'POST',
        url: '/api/payment/shipping/create-intent',
        headers: shopper.headers,
        payload: { inventoryItems: [{ batchId: ids.C!, quantity: 1 }], useProfileAddress: true },
      });
      expect(shipment.json().shippingBreakdown.shippingFee).toBe(500);
      expect((await confirmCard(t, shipment.json().clientSecret)).statusCode).toBe(200);
    }
    // A late card order (3 x S$12.50) whose tickets were sold meanwhile: paid, then refunded in full.
    const late = await createTestProduct(t, { name: 'Late Set', priceCents: 1250 });
    const gil = await fundedShopper(t, 'rev_gil', 0);
    const lateIntent = await t.app.inject({
      method: 'POST',
      url: '/api/payment/kuji/create-intent',
      headers: gil.headers,
      payload: { username: 'rev_gil', setId: late.setId, ticketsBought: 3 },
    });
    t.clock.advance(11 * 60 * 1000);
    const hoarder = await fundedShopper(t, 'rev_hal', 200);
    expect((await useTokens(t, hoarder, { setId: late.setId, ticketsBought: 9 })).statusCode).toBe(200);
    expect((await confirmCard(t, lateIntent.json().clientSecret)).statusCode).toBe(200);
    expect((await t.services.orders.runJobs())?.refunded).toBe(1);

    const dashboard = (await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers })).json();
    expect(dashboard.today.cardRevenue).toEqual({
      ticketsCents: 2500 + 3750,
      tokenPackagesCents: 5000,
      shippingCents: 1000,
      refundsCents: 3750,
      netCents: 8500,
    });
    expect(dashboard.today.revenueCents).toBe(8500);
    expect(dashboard.today.tokensSpent).toBe(3 * 12 + 9 * 12);
    const day = dashboard.dailyRevenue.at(-1);
    expect(day).toMatchObject({ revenueCents: 8500, tokensSpent: 144 });
    // The two "Twin Set" products are two rows, told apart by their SKU.
    const twins = dashboard.topSets.filter((s: { productName: string }) => s.productName === 'Twin Set');
    expect(
      twins
        .map((s: { productId: string; sku: string; ticketsSold: number }) => [s.productId, s.sku, s.ticketsSold])
        .sort(),
    ).toEqual(
      [
        [twinA.productId, 'TWIN-A-001', 2],
        [twinB.productId, 'TWIN-B-001', 3],
      ].sort(),
    );
  });

  it('answers from indexes with 100,000 orders (query plans, not timings)', async () => {
    await t.ctx.db.execute(sql`
      insert into orders (id, user_id, username, round_id, product_id, product_name, product_image, sku, preorder,
        payment_method, paid_tickets, number_of_tickets, total_cost, payment_intent_id, status, client_seed,
        lottery_enabled, created_at, paid_at)
      select gen_random_uuid(), gen_random_uuid(), 'bulk' || (n % 500), gen_random_uuid(), gen_random_uuid(),
        'Bulk Set ' || (n % 40), 'x.svg', 'BULK-' || n, false,
        case when n % 3 = 0 then 'card' else 'token' end, 1 + n % 5, 1 + n % 5, 100 + n % 900,
        case when n % 3 = 0 then 'pi_bulk_' || n else 'TOKEN' end,
        case when n % 10 = 0 then 'canceled' else 'paid' end, 'seed', false,
        now() - (n * interval '10 minutes'), case when n % 10 = 0 then null else now() - (n * interval '10 minutes') end
      from generate_series(1, 100000) as n`);
    await t.ctx.db.execute(sql`analyze orders`);
    await t.ctx.db.execute(sql`analyze users`);
    const plan = async (query: ReturnType<typeof sql>) => {
      const result = await t.ctx.db.execute(sql`explain ${query}`);
      const rows = (Array.isArray(result) ? result : (result as { rows: Record<string, string>[] }).rows) as Record<
        string,
        string
      >[];
      return rows.map((row) => Object.values(row)[0]).join('\n');
    };
    const since = new Date(Date.now() - 30 * DAY_MS).toISOString();
    // The dashboard's windows, daily chart and top sets all filter paid orders by paid_at.
    const windowPlan = await plan(
      sql`select count(*), sum(total_cost) from orders where status = 'paid' and paid_at >= ${since}`,
    );
    expect(windowPlan).toContain('orders_paid_idx');
    expect(windowPlan).not.toMatch(/Seq Scan on orders/);
    const todayPlan = await plan(
      sql`select count(*) from orders where status = 'paid' and paid_at >= ${new Date(Date.now() - DAY_MS).toISOString()}`,
    );
    expect(todayPlan).toContain('orders_paid_idx');
    // The orders table's newest page (created_at order) reads an index too.
    const pagePlan = await plan(sql`select * from orders order by created_at desc, id desc limit 20`);
    expect(pagePlan).toMatch(/orders_created_idx/);
  });
});
