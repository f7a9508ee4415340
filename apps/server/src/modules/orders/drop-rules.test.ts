import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE } from '../../core/clock.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestProduct } from '../catalogue/test-helpers.ts';
import { confirmWithCard } from '../token-shop/test-helpers.ts';
import { api, fundedShopper, ticketsLeftOf, useTokens, type Shopper } from './test-helpers.ts';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';

/**
 * Drop day's opening and limits (docs/rules/drops.md, "Opening" and "Limits"): set through the
 * admin PUT, refused before the opening on every purchase path, limits counted across payment paths.
 */
describe('drop rules: opening and limits', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'Boss123!' } });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'boss', password: 'Boss123!' },
    });
    admin = { authorization: `Bearer ${login.json().token}` };
  });
  afterAll(async () => t.close());

  const put = (productId: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/admin/products/${productId}`, headers: admin, payload });
  const detailOf = async (productId: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/admin/products/${productId}`, headers: admin })).json();
  const listed = async (setId: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/ichiban-kuji-products' }))
      .json()
      .all.find((p: { setId: string }) => p.setId === setId);
  const createIntent = (shopper: Shopper, setId: string, ticketsBought: number) =>
    api(t, shopper, 'POST', '/api/payment/kuji/create-intent', {
      username: shopper.user.username,
      setId,
      ticketsBought,
    });
  const buyOut = (shopper: Shopper, setId: string) =>
    api(t, shopper, 'POST', '/api/payment/kuji/buy-out', { username: shopper.user.username, setId });
  const balanceOf = (shopper: Shopper) => t.services.wallet.balance(t.ctx.db, shopper.user.id);

  it('sets the opening and limits through PUT, shown in the admin detail and the catalogue', async () => {
    const { productId, setId } = await createTestProduct(t);
    const opensAt = new Date(t.clock.now().getTime() + 30 * MINUTE).toISOString();
    const res = await put(productId, {
      salesStartAt: opensAt,
      maxTicketsPerShopper: 4,
      maxTicketsPerOrder: 2,
      orderCooldownSeconds: 30,
    });
    expect(res.statusCode).toBe(200);
    const expected = {
      salesStartAt: opensAt,
      maxTicketsPerShopper: 4,
      maxTicketsPerOrder: 2,
      orderCooldownSeconds: 30,
    };
    expect(res.json()).toMatchObject(expected);
    expect(await detailOf(productId)).toMatchObject(expected);
    expect(await listed(setId)).toMatchObject(expected);

    // null clears each; a field left out keeps its value.
    expect((await put(productId, { salesStartAt: null, maxTicketsPerOrder: null })).statusCode).toBe(200);
    expect(await detailOf(productId)).toMatchObject({
      salesStartAt: null,
      maxTicketsPerShopper: 4,
      maxTicketsPerOrder: null,
      orderCooldownSeconds: 30,
    });
  });

  it('takes the opening and limits on the add-product form', async () => {
    const opensAt = new Date(t.clock.now().getTime() + 2 * MINUTE).toISOString();
    const form = new FormData();
    const fields = {
      name: 'Scheduled Drop',
      quantity: '5',
      sku: 'DROP-ADD-001',
      tags: 'Anime',
      price: '10',
      token: '10',
      prizes: JSON.stringify([{ name: 'Prize A', quantity: 5, type: 'Big' }]),
      salesStartAt: opensAt,
      maxTicketsPerShopper: '3',
      maxTicketsPerOrder: '',
      orderCooldownSeconds: '15',
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('productImage', new Blob([SVG], { type: 'image/svg+xml' }), 'product.svg');
    const request = new Request('http://x/', { method: 'POST', body: form });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/add-product',
      headers: { ...admin, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(res.statusCode).toBe(200);
    const sets = await t.app.inject({ method: 'GET', url: '/api/admin/sets?search=Scheduled%20Drop', headers: admin });
    expect(await detailOf(sets.json().sets[0].id)).toMatchObject({
      salesStartAt: opensAt,
      maxTicketsPerShopper: 3,
      maxTicketsPerOrder: null,
      orderCooldownSeconds: 15,
    });
  });

  it('refuses an opening that is malformed, too soon, or on a round already selling, changing nothing', async () => {
    const { productId, setId } = await createTestProduct(t);
    const now = t.clock.now().getTime();
    const malformed = await put(productId, { salesStartAt: 'tomorrow at eight' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/salesStartAt must be an ISO 8601/);
    const soon = await put(productId, { salesStartAt: new Date(now + 30_000).toISOString() });
    expect(soon.statusCode).toBe(400);
    expect(soon.json().message).toBe('The opening (salesStartAt) must be at least 1 minute from now.');
    const zeroLimit = await put(productId, { maxTicketsPerShopper: 0 });
    expect(zeroLimit.statusCode).toBe(400);
    expect(zeroLimit.json().message).toMatch(/maxTicketsPerShopper must be at least 1/);

    const kim = await fundedShopper(t, 'drop-kim', 100);
    expect((await useTokens(t, kim, { setId, ticketsBought: 1 })).statusCode).toBe(200);
    const sold = await put(productId, { salesStartAt: new Date(now + 10 * MINUTE).toISOString() });
    expect(sold.statusCode).toBe(400);
    expect(sold.json().message).toMatch(/nothing of which is sold or reserved yet/);
    expect((await detailOf(productId)).salesStartAt).toBeNull();

    // A reserved (unpaid) ticket counts as sold for this rule.
    const other = await createTestProduct(t);
    expect((await createIntent(kim, other.setId, 1)).statusCode).toBe(200);
    expect((await put(other.productId, { salesStartAt: new Date(now + 10 * MINUTE).toISOString() })).statusCode).toBe(
      400,
    );
  });

  it('refuses tokens, card and buy-out before the opening with the time, then sells at the opening', async () => {
    const { productId, setId } = await createTestProduct(t);
    const opensAt = new Date(t.clock.now().getTime() + 5 * MINUTE);
    expect((await put(productId, { salesStartAt: opensAt.toISOString() })).statusCode).toBe(200);
    const lee = await fundedShopper(t, 'drop-lee', 100);
    for (const res of [
      await useTokens(t, lee, { setId, ticketsBought: 1 }),
      await useTokens(t, lee, { setId, buyOut: true }),
      await createIntent(lee, setId, 1),
      await buyOut(lee, setId),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'SALES_NOT_OPEN', salesStartAt: opensAt.toISOString() });
      expect(res.json().message).toMatch(
        /^This set opens on \w{3}, \d+ \w{3} \d{4}, \d+:\d\d [ap]m \(Singapore time\)/,
      );
    }
    expect(await ticketsLeftOf(t, setId)).toBe(10);
    expect(await balanceOf(lee)).toBe(100);
    expect(await t.services.orders.ordersOfUser(lee.user.id)).toEqual([]);

    t.clock.advance(5 * MINUTE);
    expect((await useTokens(t, lee, { setId, ticketsBought: 1 })).statusCode).toBe(200);
    expect(await ticketsLeftOf(t, setId)).toBe(9);
  });

  it('refuses an order over the per-order cap and a buy-out over it, never clamping', async () => {
    const { productId, setId } = await createTestProduct(t);
    expect((await put(productId, { maxTicketsPerOrder: 3 })).statusCode).toBe(200);
    const max = await fundedShopper(t, 'drop-max', 200);
    const over = await useTokens(t, max, { setId, ticketsBought: 4 });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      code: 'ORDER_LIMIT_EXCEEDED',
      message: 'This set allows at most 3 tickets per order.',
      maxTicketsPerOrder: 3,
    });
    expect((await createIntent(max, setId, 4)).json().code).toBe('ORDER_LIMIT_EXCEEDED');
    expect((await buyOut(max, setId)).json().code).toBe('ORDER_LIMIT_EXCEEDED');
    expect((await useTokens(t, max, { setId, buyOut: true })).json().code).toBe('ORDER_LIMIT_EXCEEDED');
    expect(await ticketsLeftOf(t, setId)).toBe(10);
    expect(await balanceOf(max)).toBe(200);
    expect((await useTokens(t, max, { setId, ticketsBought: 3 })).statusCode).toBe(200);
  });

  it('counts paid tokens and pending card checkouts together against the per-shopper limit', async () => {
    const { productId, setId } = await createTestProduct(t);
    expect((await put(productId, { maxTicketsPerShopper: 5 })).statusCode).toBe(200);
    const nia = await fundedShopper(t, 'drop-nia', 200);
    expect((await useTokens(t, nia, { setId, ticketsBought: 2 })).statusCode).toBe(200);
    expect((await createIntent(nia, setId, 2)).statusCode).toBe(200);
    const third = await useTokens(t, nia, { setId, ticketsBought: 2 });
    expect(third.statusCode).toBe(400);
    expect(third.json()).toMatchObject({
      code: 'SHOPPER_LIMIT_REACHED',
      maxTicketsPerShopper: 5,
      ticketsBought: 4,
      message: 'This set allows at most 5 tickets per shopper: you already have 4, so you may buy 1 more.',
    });
    // A new card checkout replaces the unpaid one, so only the paid tickets count against it.
    expect((await createIntent(nia, setId, 3)).statusCode).toBe(200);
    expect((await createIntent(nia, setId, 4)).json().code).toBe('SHOPPER_LIMIT_REACHED');
    expect((await useTokens(t, nia, { setId, ticketsBought: 1 })).json().code).toBe('SHOPPER_LIMIT_REACHED');
    // When the checkout's reservation lapses it no longer counts.
    t.clock.advance(11 * MINUTE);
    await t.services.orders.expireReservations();
    expect((await useTokens(t, nia, { setId, ticketsBought: 3 })).statusCode).toBe(200);
    const full = await useTokens(t, nia, { setId, ticketsBought: 1 });
    expect(full.json().message).toBe('This set allows at most 5 tickets per shopper, and you already have 5.');
    // Another shopper has a limit of their own.
    const ola = await fundedShopper(t, 'drop-ola', 200);
    expect((await useTokens(t, ola, { setId, ticketsBought: 5 })).statusCode).toBe(200);
  });

  it('refunds a late card payment that would pass the per-shopper limit', async () => {
    const { productId, setId } = await createTestProduct(t);
    expect((await put(productId, { maxTicketsPerShopper: 5 })).statusCode).toBe(200);
    const rae = await fundedShopper(t, 'drop-rae', 200);
    const checkout = await createIntent(rae, setId, 3);
    expect(checkout.statusCode).toBe(200);
    // The checkout lapses unpaid, so it no longer counts: the shopper buys 3 with tokens.
    t.clock.advance(11 * MINUTE);
    await t.services.orders.expireReservations();
    expect((await useTokens(t, rae, { setId, ticketsBought: 3 })).statusCode).toBe(200);
    // Its payment still arrives: 3 + 3 would pass 5, so it buys nothing and is refunded.
    expect((await confirmWithCard(t, checkout.json().clientSecret)).statusCode).toBe(200);
    const late = (await t.services.orders.findOrder(checkout.json().orderId))!;
    expect(['refund_pending', 'refunding', 'refunded']).toContain(late.status);
    expect(await ticketsLeftOf(t, setId)).toBe(7);
  });

  it('refuses a second order of the set inside the cooldown, naming the wait', async () => {
    const { productId, setId } = await createTestProduct(t);
    expect((await put(productId, { orderCooldownSeconds: 60 })).statusCode).toBe(200);
    const pia = await fundedShopper(t, 'drop-pia', 200);
    expect((await useTokens(t, pia, { setId, ticketsBought: 1 })).statusCode).toBe(200);
    t.clock.advance(20_000);
    const again = await useTokens(t, pia, { setId, ticketsBought: 1 });
    expect(again.statusCode).toBe(429);
    expect(again.headers['retry-after']).toBe('40');
    expect(again.json()).toMatchObject({
      code: 'ORDER_COOLDOWN',
      cooldownLeft: 40,
      message: 'This set allows one order every 60 seconds: please wait 40 more seconds.',
    });
    expect((await createIntent(pia, setId, 1)).json().code).toBe('ORDER_COOLDOWN');
    t.clock.advance(40_000);
    expect((await createIntent(pia, setId, 1)).statusCode).toBe(200);
    // Another shopper is not held back by pia's orders.
    const quinn = await fundedShopper(t, 'drop-quinn', 200);
    expect((await useTokens(t, quinn, { setId, ticketsBought: 1 })).statusCode).toBe(200);
  });
});
