import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_SETTINGS, PHONE_NUMBER_MESSAGE } from '@kujiya/shared';
import { MINUTE } from '../../core/clock.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { fundedShopper, type Shopper } from '../orders/test-helpers.ts';
import { addressedShopper, call, confirmCard, givePrizes, nextCollectionSlot } from './test-helpers.ts';
import { OTHER_ADDRESS_PHONE_MESSAGE } from './service.ts';

const ADMIN = { ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'Boss123!' };
const otherAddress = {
  useProfileAddress: false,
  fullName: 'Receiver Tan',
  fullAddress: '2 Other Road',
  unitNumber: '#02-02',
  postalCode: '654321',
  country: 'SG',
};

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
type Batch = { batchId: string; quantity: number; inTrade: number; awaitingPayment: number };
const batchesOf = async (t: TestApp, s: Shopper): Promise<Record<string, Batch>> => {
  const inv = (await call(t, s, 'GET', `/api/inventory/user/${s.user.username}`)).json() as Record<
    string,
    { batches: Batch[] }[]
  >;
  return Object.fromEntries(
    Object.values(inv).flatMap((items) => items.flatMap((item) => item.batches.map((b) => [b.batchId, b]))),
  );
};

describe('what the shopper sees of shipping and collection', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({ env: ADMIN });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'boss', password: 'Boss123!' },
    });
    admin = { authorization: `Bearer ${login.json().token}` };
  });
  afterAll(async () => t.close());

  it('units of an unpaid shipment stay listed as awaiting payment, leave when paid, and return when the window lapses', async () => {
    const amy = await addressedShopper(t, 'amy');
    const ids = await givePrizes(t, amy, { A: 2, B: 5 });
    const first = (await ship(t, amy, [{ batchId: ids.B!, quantity: 3 }])).json();
    expect((await batchesOf(t, amy))[ids.B!]).toMatchObject({ quantity: 5, inTrade: 0, awaitingPayment: 3 });
    expect((await batchesOf(t, amy))[ids.A!]).toMatchObject({ quantity: 2, awaitingPayment: 0 });
    // Not selectable for another action: only the 2 free units can be abandoned.
    expect(
      (await call(t, amy, 'POST', '/api/inventory/abandon', { items: [{ batchId: ids.B!, quantity: 3 }] })).statusCode,
    ).toBe(400);
    // Paid: they leave the inventory.
    await confirmCard(t, first.clientSecret);
    expect((await batchesOf(t, amy))[ids.B!]).toMatchObject({ quantity: 2, awaitingPayment: 0 });
    // Lapsed: reading the inventory after the window shows them back to normal (no job needed).
    await ship(t, amy, [{ batchId: ids.A!, quantity: 2 }]);
    expect((await batchesOf(t, amy))[ids.A!]).toMatchObject({ quantity: 2, awaitingPayment: 2 });
    t.clock.advance(11 * MINUTE);
    expect((await batchesOf(t, amy))[ids.A!]).toMatchObject({ quantity: 2, awaitingPayment: 0 });
    expect(await t.services.inventory.freeUnits(ids.A!)).toBe(2);
  });

  it("another address takes the receiver's phone as the contact and needs no profile phone", async () => {
    const ben = await fundedShopper(t, 'ben', 0); // no profile address, no phone
    const ids = await givePrizes(t, ben, { A: 1, B: 1 });
    const bad = await ship(t, ben, [{ batchId: ids.A!, quantity: 1 }], { ...otherAddress, phoneNumber: '12345678' });
    expect([bad.statusCode, bad.json().message]).toEqual([400, PHONE_NUMBER_MESSAGE]);
    const missing = await ship(t, ben, [{ batchId: ids.A!, quantity: 1 }], otherAddress);
    expect([missing.statusCode, missing.json().message]).toEqual([400, OTHER_ADDRESS_PHONE_MESSAGE]);
    const ok = await ship(t, ben, [{ batchId: ids.A!, quantity: 1 }], { ...otherAddress, phoneNumber: '81234567' });
    expect(ok.statusCode).toBe(200);
    await confirmCard(t, ok.json().clientSecret);
    const shipment = await t.services.fulfilment.shipment(ok.json().shipmentId);
    expect(shipment).toMatchObject({
      receiverName: 'Receiver Tan',
      receiverContact: '81234567',
      receiverPostcode: '654321',
      paid: true,
    });
    // The profile address still needs the profile phone.
    const profile = await ship(t, ben, [{ batchId: ids.B!, quantity: 1 }]);
    expect(profile.statusCode).toBe(400);
  });

  it('a shipment marked shipped shows its date and the courier status; the test courier tracks on the shop’s own page', async () => {
    const cat = await addressedShopper(t, 'cat');
    const ids = await givePrizes(t, cat, { A: 1 });
    const created = (await ship(t, cat, [{ batchId: ids.A!, quantity: 1 }])).json();
    await confirmCard(t, created.clientSecret);
    await t.services.fulfilment.runCourierJobs();
    const list = async () => (await call(t, cat, 'GET', `/api/shipment/user/${cat.user.username}`)).json().shipments[0];
    const booked = await list();
    expect(booked).toMatchObject({ paid: true, shipped: false, shippedAt: null });
    expect(booked.awbNumber).toMatch(/^TEST/);
    expect(booked.trackingUrl).toBe(`/track/${booked.awbNumber}`);
    expect(
      (await call(t, cat, 'POST', '/api/shipment/tracking', { orderNumber: booked.awbNumber })).json().status,
    ).toBe('Pending For Collection');

    t.clock.advance(5 * MINUTE);
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/admin/shipments/${created.shipmentId}/shipped`, headers: admin }))
        .statusCode,
    ).toBe(200);
    const shipped = await list();
    expect(shipped).toMatchObject({ shipped: true, shippedAt: t.clock.now().toISOString() });
    const tracking = (await call(t, cat, 'POST', '/api/shipment/tracking', { orderNumber: booked.awbNumber })).json();
    expect(tracking).toEqual({ status: 'In Transit', trackingUrl: booked.trackingUrl });
    // Another shopper cannot read it by its AWB.
    const dee = await addressedShopper(t, 'dee');
    expect((await call(t, dee, 'POST', '/api/shipment/tracking', { orderNumber: booked.awbNumber })).statusCode).toBe(
      404,
    );
  });

  it('the owner sets the pickup point; shoppers read it and the booking confirmation (in-app and e-mail) names it', async () => {
    const pub = await t.app.inject({ method: 'GET', url: '/api/settings/pickup-point' });
    expect(pub.json()).toEqual({ pickupPoint: DEFAULT_SHOP_SETTINGS.pickupPoint });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: admin })).json()).toEqual(
      DEFAULT_SHOP_SETTINGS,
    );

    const settings = {
      pickupPoint: {
        address: '9 Collect Lane, #03-03, Singapore 238888',
        openingNote: 'Ring the bell at the side door.',
        mapLink: 'https://maps.example.com/?q=238888',
      },
      senderAddress: {
        name: 'Kujiya Pte Ltd',
        address: '9 Collect Lane, #03-03',
        postalCode: '238888',
        contact: '61112222',
      },
    };
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: admin,
      payload: { ...settings, pickupPoint: { ...settings.pickupPoint, mapLink: 'javascript:alert(1)' } },
    });
    expect([refused.statusCode, refused.json().message]).toEqual([400, 'Map link must be an http(s) address.']);
    const noAddress = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: admin,
      payload: { ...settings, pickupPoint: { ...settings.pickupPoint, address: ' ' } },
    });
    expect(noAddress.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/settings/pickup-point' })).json()).toEqual({
      pickupPoint: DEFAULT_SHOP_SETTINGS.pickupPoint,
    });

    const saved = await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: admin, payload: settings });
    expect([saved.statusCode, saved.json()]).toEqual([200, settings]);
    expect((await t.app.inject({ method: 'GET', url: '/api/settings/pickup-point' })).json()).toEqual({
      pickupPoint: settings.pickupPoint,
    });
    const audit = (
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/audit?entityType=shop_settings&entityId=shop',
        headers: admin,
      })
    ).json();
    expect(audit.entries[0]).toMatchObject({
      action: 'settings.update',
      before: DEFAULT_SHOP_SETTINGS,
      after: settings,
    });
    const shopper = await addressedShopper(t, 'eli');
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: shopper.headers, payload: settings }))
        .statusCode,
    ).toBe(403);

    const ids = await givePrizes(t, shopper, { A: 1 });
    const booked = await call(t, shopper, 'POST', '/api/self-collection/create', {
      items: [{ batchId: ids.A!, quantity: 1 }],
      collectionDate: nextCollectionSlot(t.clock.now()),
    });
    expect(booked.statusCode).toBe(200);
    const reference = booked.json().collection.collectionId;
    const notes = await t.services.notifications.list(shopper.user.id);
    const note = notes.find((n) => n.message.includes(reference));
    expect(note?.message).toContain('Collect at: 9 Collect Lane, #03-03, Singapore 238888.');
    expect(note?.message).toContain('Ring the bell at the side door.');
    expect(note?.message).toContain('(Singapore time)');
    const account = await t.services.accounts.getAccount(t.ctx.db, shopper.user.id);
    // Queued as a template, rendered by the delivery job.
    await t.services.mail.deliverQueued();
    const mails = await t.services.mail.listOutbox({ to: account!.email });
    const mail = mails.find((m) => m.subject === `Self-collection ${reference} booked`);
    expect(mail?.text).toContain('9 Collect Lane, #03-03, Singapore 238888');
    expect(mail?.text).toContain('https://maps.example.com/?q=238888');
  });
});
