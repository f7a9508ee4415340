import { singaporeInstant } from '@kujiya/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createTestProduct } from '../modules/catalogue/test-helpers.ts';
import { addressedShopper, confirmCard, givePrizes } from '../modules/fulfilment/test-helpers.ts';
import { useTokens, type Shopper } from '../modules/orders/test-helpers.ts';
import { startTokenPurchase, testPackage } from '../modules/token-shop/test-helpers.ts';
import { createTrade, makeOffer, wantedOf } from '../modules/trading/test-helpers.ts';

/**
 * Another shopper's record, walked route by route (docs/rules/api.md, "Another shopper's record"):
 * named by its private id it answers 404, byte for byte the answer of an id that does not exist;
 * named by its owner's username, or a live trade from the marketplace acted on as its owner, it
 * answers 403; a paid order's pages keep their 403 "Access Denied". Nothing of the owner leaks.
 */
type Method = 'GET' | 'POST' | 'DELETE' | 'PATCH';
type Call = { method: Method; url: string; payload?: Record<string, unknown> };
type Case = { name: string; call: (id: string) => Call };

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

function send(t: TestApp, shopper: Shopper, { method, url, payload }: Call) {
  return t.app.inject({ method, url, headers: shopper.headers, ...(payload ? { payload } : {}) });
}

describe("another shopper's records", () => {
  let t: TestApp;
  let alice: Shopper;
  let mallory: Shopper;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    alice = await addressedShopper(t, 'alice');
    mallory = await addressedShopper(t, 'mallory');
    const bob = await addressedShopper(t, 'bob');
    await t.ctx.db.transaction((tx) =>
      t.services.wallet.credit(tx, { userId: alice.user.id, amount: 100, source: 'purchase', reference: 'funds' }),
    );
    const { setId } = await createTestProduct(t);
    ids.paidOrder = (await useTokens(t, alice, { setId, ticketsBought: 1 })).json().orderId;
    const card = await send(t, alice, {
      method: 'POST',
      url: '/api/payment/kuji/create-intent',
      payload: { setId, ticketsBought: 1, username: 'alice' },
    });
    ids.cardOrder = card.json().orderId;
    const batches = await givePrizes(t, alice, { A: 2, B: 2, C: 2 });
    ids.batch = batches.C!;
    const shipping = { inventoryItems: [{ batchId: batches.A!, quantity: 1 }], useProfileAddress: true };
    const shipped = (
      await send(t, alice, { method: 'POST', url: '/api/payment/shipping/create-intent', payload: shipping })
    ).json();
    await confirmCard(t, shipped.clientSecret);
    ids.shipment = shipped.shipmentId;
    const collect = {
      items: [{ batchId: batches.B!, quantity: 1 }],
      collectionDate: singaporeInstant('2026-11-25', 14).toISOString(),
    };
    ids.collection = (
      await send(t, alice, { method: 'POST', url: '/api/self-collection/create', payload: collect })
    ).json().collection._id;
    ids.paymentIntent = (await startTokenPurchase(t, alice, (await testPackage(t))._id)).paymentIntentId;
    await t.services.notifications.notify(t.ctx.db, [alice.user.id], 'for alice only');
    ids.notification = (await t.services.notifications.list(alice.user.id))[0]!._id;
    ids.trade = await createTrade(t, alice, [{ batchId: batches.B!, quantity: 1 }], [await wantedOf(t, batches.A!)]);
    const bobUnits = await givePrizes(t, bob, { A: 1 });
    ids.offer = await makeOffer(t, bob, ids.trade, [{ batchId: bobUnits.A!, quantity: 1 }]);
  });
  afterAll(async () => t.close());

  // Named by a private id: 404, the same answer as an unknown id.
  const privateIds: Case[] = [
    {
      name: 'card order reservation',
      call: (id) => ({ method: 'GET', url: `/api/order/${id || ids.cardOrder}/reservation` }),
    },
    { name: 'order total', call: (id) => ({ method: 'GET', url: `/api/order/get-total/${id || ids.cardOrder}` }) },
    {
      name: 'order payment status',
      call: (id) => ({ method: 'GET', url: `/api/order/status/${id || ids.cardOrder}` }),
    },
    { name: 'order verify', call: (id) => ({ method: 'GET', url: `/api/order/verify/${id || ids.paidOrder}` }) },
    { name: 'draw', call: (id) => ({ method: 'POST', url: `/api/draw-and-update-order/${id || ids.paidOrder}` }) },
    { name: 'order prizes', call: (id) => ({ method: 'GET', url: `/api/order/get-prizes/${id || ids.paidOrder}` }) },
    {
      name: 'abandon a unit',
      call: (id) => ({
        method: 'POST',
        url: '/api/inventory/abandon',
        payload: { items: [{ batchId: id || ids.batch, quantity: 1 }] },
      }),
    },
    {
      name: 'ship a unit',
      call: (id) => ({
        method: 'POST',
        url: '/api/payment/shipping/create-intent',
        payload: { inventoryItems: [{ batchId: id || ids.batch, quantity: 1 }], useProfileAddress: true },
      }),
    },
    {
      name: 'collect a unit',
      call: (id) => ({
        method: 'POST',
        url: '/api/self-collection/create',
        payload: {
          items: [{ batchId: id || ids.batch, quantity: 1 }],
          collectionDate: singaporeInstant('2026-11-25', 15).toISOString(),
        },
      }),
    },
    {
      name: 'shipment status',
      call: (id) => ({ method: 'GET', url: `/api/shipment/processing-status/${id || ids.shipment}` }),
    },
    {
      name: 'shipment verify',
      call: (id) => ({ method: 'POST', url: `/api/payment/verify-shipment/${id || ids.shipment}` }),
    },
    {
      name: 'shipment tracking',
      call: (id) => ({ method: 'POST', url: '/api/shipment/tracking', payload: { orderNumber: id || ids.shipment } }),
    },
    {
      name: 'collection cancel',
      call: (id) => ({ method: 'POST', url: `/api/self-collection/${id || ids.collection}/cancel` }),
    },
    {
      name: 'token payment status',
      call: (id) => ({ method: 'GET', url: `/api/token/payment-status/${id || ids.paymentIntent}` }),
    },
    {
      name: 'notification read',
      call: (id) => ({ method: 'PATCH', url: `/api/notification/${id || ids.notification}/read` }),
    },
    {
      name: 'notification remove',
      call: (id) => ({ method: 'PATCH', url: `/api/notification/${id || ids.notification}/remove` }),
    },
    {
      name: "withdraw another's offer",
      call: (id) => ({ method: 'DELETE', url: `/api/trade/${ids.trade}/withdraw-offer/${id || ids.offer}` }),
    },
  ];

  it('named by its private id: 404, the answer of an id that does not exist', async () => {
    const before = await t.services.inventory.inventoryOf(alice.user.id);
    const wrong: string[] = [];
    for (const { name, call } of privateIds) {
      const theirs = await send(t, mallory, call(''));
      const unknown = await send(t, mallory, call(UNKNOWN));
      const answer = `${theirs.statusCode} ${theirs.body}`;
      if (theirs.statusCode !== 404 || answer !== `${unknown.statusCode} ${unknown.body}`)
        wrong.push(`${name}: ${answer} (unknown id: ${unknown.statusCode} ${unknown.body})`);
    }
    expect(wrong, wrong.join('\n')).toEqual([]);
    expect(await t.services.inventory.inventoryOf(alice.user.id)).toEqual(before);
  });

  it("named by the owner's username, or a marketplace trade acted on as its owner: 403", async () => {
    const forbidden: Call[] = [
      { method: 'GET', url: '/api/users/details/alice' },
      { method: 'GET', url: '/api/users/shipping-address/alice' },
      { method: 'GET', url: '/api/order/user/alice' },
      { method: 'GET', url: '/api/inventory/user/alice' },
      { method: 'GET', url: '/api/shipment/user/alice' },
      { method: 'POST', url: '/api/payment/token/create-intent', payload: { username: 'alice', packageId: UNKNOWN } },
      { method: 'GET', url: `/api/trade/${ids.trade}/offers` },
      { method: 'POST', url: `/api/trade/${ids.trade}/accept-offer/${ids.offer}` },
      { method: 'DELETE', url: `/api/trade/${ids.trade}/reject-offer/${ids.offer}` },
      { method: 'DELETE', url: `/api/trade/cancel-trade/${ids.trade}` },
    ];
    const wrong: string[] = [];
    for (const call of forbidden) {
      const res = await send(t, mallory, call);
      if (res.statusCode !== 403 || res.body.includes(alice.user.id))
        wrong.push(`${call.method} ${call.url}: ${res.statusCode} ${res.body}`);
    }
    expect(wrong, wrong.join('\n')).toEqual([]);
    // An unknown trade is still 404.
    expect((await send(t, mallory, { method: 'GET', url: `/api/trade/${UNKNOWN}/offers` })).statusCode).toBe(404);
  });

  it('a paid order\'s pages keep their 403 "Access Denied"; an unknown order is 404 "Invalid Order Number"', async () => {
    for (const url of [`/api/order/${ids.paidOrder}`, `/api/order/self-collect/${ids.paidOrder}`]) {
      const theirs = await send(t, mallory, { method: 'POST', url, payload: { username: 'mallory' } });
      expect([theirs.statusCode, theirs.json().message], url).toEqual([403, 'Access Denied']);
      const unknown = await send(t, mallory, {
        method: 'POST',
        url: url.replace(ids.paidOrder!, UNKNOWN),
        payload: { username: 'mallory' },
      });
      expect([unknown.statusCode, unknown.json().message], url).toEqual([404, 'Invalid Order Number']);
    }
    // The owner reaches them (the control).
    expect(
      (await send(t, alice, { method: 'POST', url: `/api/order/${ids.paidOrder}`, payload: { username: 'alice' } }))
        .statusCode,
    ).toBe(200);
  });
});
