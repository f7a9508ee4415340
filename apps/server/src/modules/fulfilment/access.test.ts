import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { singaporeInstant } from '@kujiya/shared';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestProduct } from '../catalogue/test-helpers.ts';
import { useTokens } from '../orders/test-helpers.ts';
import { addressedShopper, call, confirmCard, givePrizes } from './test-helpers.ts';

/** Another shopper gets 403 or 404 on every fulfilment call, and nothing changes; no login is 403. */
describe('fulfilment access', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(async () => t.close());

  it('keeps every call to its owner', async () => {
    const alice = await addressedShopper(t, 'alice');
    const mallory = await addressedShopper(t, 'mallory');
    const ids = await givePrizes(t, alice, { A: 2, B: 2, C: 2 });
    const shipped = (
      await call(t, alice, 'POST', '/api/payment/shipping/create-intent', {
        inventoryItems: [{ batchId: ids.A!, quantity: 1 }],
        useProfileAddress: true,
      })
    ).json();
    await confirmCard(t, shipped.clientSecret);
    await t.services.fulfilment.runCourierJobs();
    const collection = (
      await call(t, alice, 'POST', '/api/self-collection/create', {
        items: [{ batchId: ids.B!, quantity: 1 }],
        collectionDate: singaporeInstant('2026-11-25', 14).toISOString(),
      })
    ).json().collection;
    await t.ctx.db.transaction((tx) =>
      t.services.wallet.credit(tx, { userId: alice.user.id, amount: 50, source: 'purchase', reference: 'funds' }),
    );
    const { setId } = await createTestProduct(t);
    const orderId = (await useTokens(t, alice, { setId, ticketsBought: 1 })).json().orderId;
    const before = await t.services.inventory.inventoryOf(alice.user.id);

    const calls: [string, 'GET' | 'POST', string, unknown?][] = [
      ['inventory', 'GET', `/api/inventory/user/${alice.user.username}`],
      ['abandon', 'POST', '/api/inventory/abandon', { items: [{ batchId: ids.C!, quantity: 1 }] }],
      [
        'ship',
        'POST',
        '/api/payment/shipping/create-intent',
        { inventoryItems: [{ batchId: ids.C!, quantity: 1 }], useProfileAddress: true },
      ],
      ['status', 'GET', `/api/shipment/processing-status/${shipped.shipmentId}`],
      ['verify', 'POST', `/api/payment/verify-shipment/${shipped.shipmentId}`],
      ['shipments', 'GET', `/api/shipment/user/${alice.user.username}`],
      ['tracking', 'POST', '/api/shipment/tracking', { orderNumber: shipped.shipmentId }],
      [
        'collect',
        'POST',
        '/api/self-collection/create',
        { items: [{ batchId: ids.C!, quantity: 1 }], collectionDate: singaporeInstant('2026-11-25', 15).toISOString() },
      ],
      ['cancel', 'POST', `/api/self-collection/${collection._id}/cancel`],
      ['orders', 'GET', `/api/order/user/${alice.user.username}`],
      ['order', 'POST', `/api/order/${orderId}`, { username: alice.user.username }],
      ['order-collect', 'POST', `/api/order/self-collect/${orderId}`],
      ['address', 'GET', `/api/users/shipping-address/${alice.user.username}`],
    ];
    for (const [name, method, url, payload] of calls) {
      const res = await call(t, mallory, method, url, payload);
      expect([403, 404], `${name}: ${res.body}`).toContain(res.statusCode);
      const anonymous = await call(t, null, method, url, payload);
      expect(anonymous.statusCode, name).toBe(403);
    }
    // Mallory's own lists show nothing of alice's.
    expect((await call(t, mallory, 'GET', '/api/self-collection/user')).json()).toEqual({ collections: [] });
    expect((await call(t, mallory, 'GET', `/api/shipment/user/${mallory.user.username}`)).json()).toEqual({
      shipments: [],
    });
    expect(await t.services.inventory.inventoryOf(alice.user.id)).toEqual(before);
    // And alice herself reaches all of them.
    expect((await call(t, alice, 'POST', `/api/order/self-collect/${orderId}`)).statusCode).toBe(200);
    expect((await call(t, alice, 'GET', `/api/shipment/processing-status/${shipped.shipmentId}`)).json().status).toBe(
      'completed',
    );
  });

  it('rejects malformed input with 400 and changes nothing', async () => {
    const alice = await addressedShopper(t, 'alice2');
    const ids = await givePrizes(t, alice, { A: 1 });
    const bad = [
      ['/api/inventory/abandon', { items: [{ batchId: 'nope', quantity: 1 }] }],
      ['/api/inventory/abandon', { items: [{ batchId: ids.A!, quantity: 1.5 }] }],
      ['/api/payment/shipping/create-intent', { inventoryItems: [{ batchId: ids.A!, quantity: 1 }] }],
      ['/api/self-collection/create', { items: [{ batchId: ids.A!, quantity: 1 }] }],
      ['/api/shipment/tracking', {}],
    ] as const;
    for (const [url, payload] of bad) expect((await call(t, alice, 'POST', url, payload)).statusCode, url).toBe(400);
    expect((await call(t, alice, 'GET', '/api/shipment/processing-status/123')).statusCode).toBe(400);
    expect(await t.services.inventory.freeUnits(ids.A!)).toBe(1);
  });
});
