import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPIRED_SHIPPING, singaporeInstant } from '@kujiya/shared';
import { MINUTE } from '../../core/clock.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { TestGateway } from '../payments/test-helpers.ts';
import type { Shopper } from '../orders/test-helpers.ts';
import { addressedShopper, call, confirmCard, givePrizes } from './test-helpers.ts';

const ship = (
  t: TestApp,
  s: Shopper,
  items: { batchId: string; quantity: number }[],
  extra: Record<string, unknown> = {},
) =>
  call(t, s, 'POST', '/api/payment/shipping/create-intent', {
    inventoryItems: items,
    useProfileAddress: true,
    ...extra,
  });
const inventoryOf = async (t: TestApp, s: Shopper) =>
  (await call(t, s, 'GET', `/api/inventory/user/${s.user.username}`)).json();
const quantities = async (t: TestApp, s: Shopper) => {
  const inv = await inventoryOf(t, s);
  const out: Record<string, number> = {};
  for (const items of Object.values(inv) as { batches: { batchId: string; quantity: number }[] }[][]) {
    for (const item of items) for (const b of item.batches) out[b.batchId] = b.quantity;
  }
  return out;
};

describe('shipping', () => {
  let t: TestApp;
  let gateway: TestGateway;
  beforeAll(async () => {
    t = await createTestApp();
    gateway = t.services.payments.gateway as TestGateway;
  });
  afterAll(async () => t.close());

  it('computes the fee on the server, locks the units, and ships them only when paid', async () => {
    const alice = await addressedShopper(t, 'alice');
    const ids = await givePrizes(t, alice, { A: 3, B: 21, C: 2 });
    const res = await ship(t, alice, [
      { batchId: ids.A!, quantity: 3 },
      { batchId: ids.B!, quantity: 21 },
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.shippingBreakdown).toEqual({ bigPrizes: 3, smallPrizes: 21, shippingFee: 1000 });
    // Locked: still listed (awaiting the shipping payment), cannot be abandoned or shipped again.
    expect(await quantities(t, alice)).toEqual({ [ids.A!]: 3, [ids.B!]: 21, [ids.C!]: 2 });
    expect(
      (await call(t, alice, 'POST', '/api/inventory/abandon', { items: [{ batchId: ids.A!, quantity: 1 }] }))
        .statusCode,
    ).toBe(400);
    expect((await ship(t, alice, [{ batchId: ids.B!, quantity: 1 }])).statusCode).toBe(400);
    expect((await call(t, alice, 'GET', `/api/shipment/processing-status/${body.shipmentId}`)).json()).toEqual({
      status: 'pending',
      error: null,
    });

    expect((await confirmCard(t, body.clientSecret)).statusCode).toBe(200);
    expect((await call(t, alice, 'GET', `/api/shipment/processing-status/${body.shipmentId}`)).json()).toEqual({
      status: 'completed',
      error: null,
    });
    expect((await call(t, alice, 'POST', `/api/payment/verify-shipment/${body.shipmentId}`)).json()).toMatchObject({
      success: true,
    });
    const moved = await t.services.inventory.movementsOfUser(alice.user.id);
    expect(moved.map((m) => [m.kind, m.quantity]).sort()).toEqual([
      ['shipped', 21],
      ['shipped', 3],
    ]);
    expect(await quantities(t, alice)).toEqual({ [ids.C!]: 2 });

    // The courier job books it once: order id, AWB and tracking link stored.
    expect(await t.services.fulfilment.runCourierJobs()).toEqual({ booked: 1, failed: 0 });
    expect(await t.services.fulfilment.runCourierJobs()).toEqual({ booked: 0, failed: 0 });
    const list = (await call(t, alice, 'GET', `/api/shipment/user/${alice.user.username}`)).json();
    expect(list.shipments).toHaveLength(1);
    const shipment = list.shipments[0];
    expect(shipment).toMatchObject({
      _id: body.shipmentId,
      shippingFee: 1000,
      receiverName: 'Test Shopper',
      receiverPostcode: '123456',
      receiverCountry: 'SG',
      paid: true,
    });
    expect(shipment.easyparcelOrderId).toMatch(/^TC-/);
    expect(shipment.awbNumber).toMatch(/^TEST/);
    expect(shipment.trackingUrl).toContain(shipment.awbNumber);
    const tracking = await call(t, alice, 'POST', '/api/shipment/tracking', { orderNumber: body.shipmentId });
    expect(tracking.json()).toEqual({ status: 'Pending For Collection', trackingUrl: shipment.trackingUrl });
    expect(shipment).toMatchObject({ shipped: false, shippedAt: null });
  });

  it('a replayed or out-of-order webhook changes nothing', async () => {
    const bob = await addressedShopper(t, 'bob');
    const ids = await givePrizes(t, bob, { A: 2 });
    const { clientSecret, shipmentId } = (await ship(t, bob, [{ batchId: ids.A!, quantity: 2 }])).json();
    await confirmCard(t, clientSecret);
    const intentId = (await t.services.payments.gateway.retrieve(clientSecret.split('_secret')[0])).id;
    const before = await t.services.inventory.movementsOfUser(bob.user.id);
    const object = {
      id: intentId,
      object: 'payment_intent',
      amount: 500,
      currency: 'sgd',
      status: 'succeeded',
      metadata: {},
    };
    for (const type of ['payment_intent.succeeded', 'payment_intent.canceled', 'payment_intent.payment_failed']) {
      const event = await gateway.signedEvent(type, object);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payment/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': event.signatureHeader },
        payload: event.rawBody,
      });
      expect(res.json()).toMatchObject({ received: true, ignored: 'intent is succeeded' });
    }
    expect(await t.services.inventory.movementsOfUser(bob.user.id)).toEqual(before);
    expect((await t.services.fulfilment.shipment(shipmentId))!.paid).toBe(true);
    expect(await t.services.inventory.freeUnits(ids.A!)).toBe(0);
  });

  it('an unpaid shipment returns its units after the payment window, by the job or lazily', async () => {
    const carol = await addressedShopper(t, 'carol');
    const ids = await givePrizes(t, carol, { B: 5 });
    const first = (await ship(t, carol, [{ batchId: ids.B!, quantity: 5 }])).json();
    expect(await t.services.inventory.freeUnits(ids.B!)).toBe(0);
    t.clock.advance(11 * MINUTE);
    expect(await t.services.fulfilment.expireShipments()).toBeGreaterThanOrEqual(1);
    expect(await t.services.inventory.freeUnits(ids.B!)).toBe(5);
    expect((await call(t, carol, 'GET', `/api/shipment/processing-status/${first.shipmentId}`)).json().status).toBe(
      'failed',
    );
    // Lazily: the status call itself closes a lapsed window.
    const second = (await ship(t, carol, [{ batchId: ids.B!, quantity: 2 }])).json();
    t.clock.advance(11 * MINUTE);
    expect((await call(t, carol, 'POST', `/api/payment/verify-shipment/${second.shipmentId}`)).json().success).toBe(
      false,
    );
    expect(await t.services.inventory.freeUnits(ids.B!)).toBe(5);
    // Paid late while the units are still free: the shipment goes ahead with them.
    await confirmCard(t, second.clientSecret);
    expect((await t.services.fulfilment.shipment(second.shipmentId))!.paid).toBe(true);
    expect(await t.services.inventory.freeUnits(ids.B!)).toBe(3);
  });

  it('refuses pre-order, expired (EXPIRED_SHIPPING, one line each), foreign and non-SG shipments', async () => {
    const dan = await addressedShopper(t, 'dan');
    const pre = await givePrizes(t, dan, { A: 1 }, null);
    expect((await ship(t, dan, [{ batchId: pre.A!, quantity: 1 }])).json().message).toBe('Cannot ship pre-order items');
    const old = await givePrizes(t, dan, { A: 1, B: 2 }, -1);
    const expired = await ship(t, dan, [
      { batchId: old.A!, quantity: 1 },
      { batchId: old.B!, quantity: 2 },
    ]);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe(EXPIRED_SHIPPING);
    expect(expired.json().message.split('\n')).toHaveLength(2);
    const ok = await givePrizes(t, dan, { C: 1 });
    const other = await ship(t, dan, [{ batchId: ok.C!, quantity: 1 }], {
      useProfileAddress: false,
      fullName: 'X',
      fullAddress: 'Jalan 1',
      unitNumber: '1',
      postalCode: '123456',
      country: 'MY',
    });
    expect(other.json().message).toBe('We only ship to Singapore.');
    expect(
      (await ship(t, dan, [{ batchId: ok.C!, quantity: 1 }], { useProfileAddress: false, fullName: 'X' })).statusCode,
    ).toBe(400);
    expect(
      (
        await ship(t, dan, [{ batchId: ok.C!, quantity: 1 }], {
          useProfileAddress: false,
          fullName: 'X',
          fullAddress: 'a',
          unitNumber: '1',
          postalCode: '12345',
        })
      ).statusCode,
    ).toBe(400);
    const eve = await addressedShopper(t, 'eve');
    expect((await ship(t, eve, [{ batchId: ok.C!, quantity: 1 }])).statusCode).toBe(404);
    const incomplete = await (async () => {
      const s = await addressedShopper(t, 'frank');
      await t.services.accounts.updateProfile(s.user, { unitNumber: '' });
      return s;
    })();
    const fIds = await givePrizes(t, incomplete, { C: 1 });
    expect((await ship(t, incomplete, [{ batchId: fIds.C!, quantity: 1 }])).json().message).toBe(
      'Please update your profile shipping address to proceed.',
    );
    expect(await t.services.inventory.freeUnits(ok.C!)).toBe(1);
  });
});

describe('abandon', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(async () => t.close());

  it('removes exactly the chosen units, recorded; sums duplicates; refuses others and more than held', async () => {
    const alice = await addressedShopper(t, 'alice');
    const bob = await addressedShopper(t, 'bob');
    const ids = await givePrizes(t, alice, { A: 3, B: 1 });
    const abandon = (s: Shopper, items: unknown[]) => call(t, s, 'POST', '/api/inventory/abandon', { items });
    const dup = await abandon(alice, [
      { batchId: ids.A!, quantity: 2 },
      { batchId: ids.A!, quantity: 2 },
    ]);
    expect(dup.statusCode).toBe(400);
    expect((await abandon(bob, [{ batchId: ids.A!, quantity: 1 }])).statusCode).toBe(404);
    expect((await abandon(alice, [{ batchId: ids.A!, quantity: 0 }])).statusCode).toBe(400);
    expect((await abandon(alice, [])).statusCode).toBe(400);
    expect(await t.services.inventory.freeUnits(ids.A!)).toBe(3);
    const ok = await abandon(alice, [
      { batchId: ids.A!, quantity: 1 },
      { batchId: ids.B!, quantity: 1 },
    ]);
    expect(ok.json()).toEqual({ message: '2 items abandoned.' });
    expect(await quantities(t, alice)).toEqual({ [ids.A!]: 2 });
    const moves = await t.services.inventory.movementsOfUser(alice.user.id);
    expect(moves.map((m) => ({ kind: m.kind, quantity: m.quantity, actorId: m.actorId }))).toEqual([
      { kind: 'abandoned', quantity: 1, actorId: alice.user.id },
      { kind: 'abandoned', quantity: 1, actorId: alice.user.id },
    ]);
  });
});

describe('self-collection', () => {
  let t: TestApp;
  // Saturday 21 Nov 2026, 12:00 in Singapore: next Wednesday is the 25th.
  const wednesday3pm = singaporeInstant('2026-11-25', 15).toISOString();
  beforeAll(async () => (t = await createTestApp({ env: { COLLECTION_SLOT_CAPACITY: '1' } })));
  afterAll(async () => t.close());

  it('books a valid slot with room, locks the units, and a cancel returns them', async () => {
    const alice = await addressedShopper(t, 'alice');
    const bob = await addressedShopper(t, 'bob');
    const ids = await givePrizes(t, alice, { A: 2 });
    const bobIds = await givePrizes(t, bob, { B: 1 });
    const create = (s: Shopper, items: unknown[], collectionDate: string) =>
      call(t, s, 'POST', '/api/self-collection/create', { items, collectionDate });
    expect(
      (await create(alice, [{ batchId: ids.A!, quantity: 1 }], singaporeInstant('2026-11-24', 15).toISOString()))
        .statusCode,
    ).toBe(400);
    expect(
      (await create(alice, [{ batchId: ids.A!, quantity: 1 }], singaporeInstant('2026-11-25', 19).toISOString()))
        .statusCode,
    ).toBe(400);
    expect((await create(alice, [{ batchId: ids.A!, quantity: 1 }], 'soon')).json().message).toBe(
      'Please select both a date and time slot',
    );
    const booked = await create(alice, [{ batchId: ids.A!, quantity: 2 }], wednesday3pm);
    expect(booked.statusCode).toBe(200);
    const collection = booked.json().collection;
    expect(collection).toMatchObject({
      status: 'pending',
      collectionDate: wednesday3pm,
      inventoryItems: [{ prizeName: 'Prize A', quantity: 2 }],
    });
    expect(await t.services.inventory.freeUnits(ids.A!)).toBe(0);
    // Capacity 1: the slot is full for bob, and shown as full.
    const full = await create(bob, [{ batchId: bobIds.B!, quantity: 1 }], wednesday3pm);
    expect(full.json().message).toBe('This time slot is full. Please choose another.');
    const slots = (await call(t, bob, 'GET', '/api/self-collection/slots')).json().slots;
    expect(slots.find((s: { collectionDate: string }) => s.collectionDate === wednesday3pm)).toMatchObject({
      full: true,
      remaining: 0,
      time: '3:00 PM',
    });
    expect(slots.filter((s: { full: boolean }) => !s.full).length).toBe(slots.length - 1);
    // Only the owner cancels, only while pending; the units come back and the slot frees.
    expect((await call(t, bob, 'POST', `/api/self-collection/${collection._id}/cancel`)).statusCode).toBe(404);
    expect((await call(t, alice, 'POST', `/api/self-collection/${collection._id}/cancel`)).statusCode).toBe(200);
    expect((await call(t, alice, 'POST', `/api/self-collection/${collection._id}/cancel`)).statusCode).toBe(400);
    expect(await t.services.inventory.freeUnits(ids.A!)).toBe(2);
    expect((await create(bob, [{ batchId: bobIds.B!, quantity: 1 }], wednesday3pm)).statusCode).toBe(200);
    const mine = (await call(t, alice, 'GET', '/api/self-collection/user')).json().collections;
    expect(mine.map((c: { status: string }) => c.status)).toEqual(['cancelled']);
    // Pre-order units cannot be collected.
    const pre = await givePrizes(t, alice, { C: 1 }, null);
    expect(
      (await create(alice, [{ batchId: pre.C!, quantity: 1 }], singaporeInstant('2026-11-27', 18).toISOString())).json()
        .message,
    ).toBe('Cannot self-collect pre-order items');
  });
});

describe('the two-week clock', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(async () => t.close());

  it('reminds 3 and 1 days before ship-by, once each, then forfeits the free units (recorded); pre-orders wait', async () => {
    const alice = await addressedShopper(t, 'alice');
    const ids = await givePrizes(t, alice, { A: 2, B: 1 }, 5);
    const pre = await givePrizes(t, alice, { C: 1 }, null);
    const collection = singaporeInstant('2026-11-25', 15).toISOString();
    expect(
      (
        await call(t, alice, 'POST', '/api/self-collection/create', {
          items: [{ batchId: ids.B!, quantity: 1 }],
          collectionDate: collection,
        })
      ).statusCode,
    ).toBe(200);
    const reminders = async () =>
      (await t.services.notifications.list(alice.user.id)).filter((n) => n.message.startsWith('Reminder')).length;
    expect(await t.services.inventory.runClock()).toEqual({ reminded: 0, forfeited: 0 });
    t.clock.advance(2.5 * 24 * 60 * MINUTE);
    expect((await t.services.inventory.runClock()).reminded).toBe(2);
    expect((await t.services.inventory.runClock()).reminded).toBe(0);
    t.clock.advance(2 * 24 * 60 * MINUTE);
    expect((await t.services.inventory.runClock()).reminded).toBe(2);
    expect(await reminders()).toBe(4);
    t.clock.advance(1 * 24 * 60 * MINUTE);
    expect(await t.services.inventory.runClock()).toEqual({ reminded: 0, forfeited: 2 });
    expect(await t.services.inventory.runClock()).toEqual({ reminded: 0, forfeited: 0 });
    const moves = await t.services.inventory.movementsOfUser(alice.user.id);
    expect(moves.map((m) => [m.kind, m.quantity, m.actorId])).toEqual([['forfeited', 2, null]]);
    // The pending collection's unit and the pre-order stay.
    expect(await t.services.inventory.freeUnits(pre.C!)).toBe(1);
    expect(Object.keys(await quantities(t, alice)).sort()).toEqual([pre.C!].sort());
    const mails = await t.services.mail.listQueue();
    expect(mails.filter((m) => m.subject.includes('forfeited')).length).toBe(1);
  });

  it('pre-order units get their two weeks when the set is converted to in stock', async () => {
    const bob = await addressedShopper(t, 'bob');
    const pre = await givePrizes(t, bob, { A: 1 }, null);
    const [batch] = (await t.services.inventory.batchesOfUser(bob.user.id)).filter((b) => b.id === pre.A);
    expect(batch!.shipByDate).toBeNull();
    const converted = await t.ctx.db.transaction((tx) =>
      t.services.inventory.startClockForProduct(tx, batch!.productId, t.clock.now()),
    );
    expect(converted).toBe(1);
    const [after] = (await t.services.inventory.batchesOfUser(bob.user.id)).filter((b) => b.id === pre.A);
    expect(after!.shipByDate!.getTime() - t.clock.now().getTime()).toBe(14 * 24 * 60 * MINUTE);
  });
});
