import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, MINUTE_MS, collectionDates, collectionSlotsFor } from '@kujiya/shared';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestProduct, scheduleOpening } from '../catalogue/test-helpers.ts';
import { addressedShopper, call, confirmCard, givePrizes, preorderArrives } from '../fulfilment/test-helpers.ts';
import { createTrade, makeOffer, wantedOf } from '../trading/test-helpers.ts';
import { startLocalPushService, type LocalPushService } from './local-push-service.ts';

/** Each event of docs/rules/notifications.md ("Push", "Events") pushes once to every subscribed device. */
describe('push events', () => {
  let t: TestApp;
  let service: LocalPushService;
  beforeAll(async () => {
    service = await startLocalPushService();
    service.trustInThisProcess();
    t = await createTestApp({ env: { ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'Boss123!' } });
  });
  afterAll(async () => {
    await t.close();
    await service.close();
  });

  let n = 0;
  /** A shopper (with an address) and two subscribed devices. */
  async function subscribed(name: string) {
    const shopper = await addressedShopper(t, `${name}${++n}`);
    const devices = [service.subscription(), service.subscription()];
    for (const device of devices) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/push/subscriptions',
        headers: shopper.headers,
        payload: device.json,
      });
      expect(res.statusCode).toBe(200);
    }
    /** The pushes each device received (after delivering what is queued). */
    const pushes = async () => {
      await t.services.push.deliverQueued();
      return devices.map((device) => service.pushesTo(device.id) as Array<{ title: string; url: string }>);
    };
    return { ...shopper, pushes };
  }
  const expectOnePushEach = async (
    s: { pushes: () => Promise<Array<Array<{ title: string; url: string }>>> },
    title: string,
    url: string,
  ) => {
    const perDevice = await s.pushes();
    for (const pushes of perDevice) expect(pushes.map((p) => [p.title, p.url])).toEqual([[title, url]]);
  };

  it('a notify-me set opening', async () => {
    const ann = await subscribed('ann');
    const product = await createTestProduct(t);
    await scheduleOpening(t, product.setId, new Date(t.clock.now().getTime() + 10 * MINUTE_MS));
    await t.app.inject({ method: 'POST', url: `/api/drops/${product.setId}/notify`, headers: ann.headers });
    await t.services.dropAlerts.sendDueReminders();
    await t.services.dropAlerts.sendDueReminders();
    await expectOnePushEach(ann, 'A set is opening', '/ichiban-kuji-products');
  });

  it("a favourite set's opening, without Notify me", async () => {
    const fan = await subscribed('fan');
    const product = await createTestProduct(t);
    await scheduleOpening(t, product.setId, new Date(t.clock.now().getTime() + 10 * MINUTE_MS));
    await t.app.inject({ method: 'POST', url: `/api/users/favorites/${product.setId}`, headers: fan.headers });
    await t.services.dropAlerts.sendDueReminders();
    await t.services.dropAlerts.sendDueReminders();
    await expectOnePushEach(fan, 'A set is opening', '/ichiban-kuji-products');
  });

  it('a pre-order arrived (the owner switched the set to in stock)', async () => {
    const fay = await subscribed('fay');
    const res = await preorderArrives(t, fay, { username: 'boss', password: 'Boss123!' });
    expect(res.statusCode).toBe(200);
    await expectOnePushEach(fay, 'Your pre-order arrived', '/inventory');
  });

  it('a trade offer received, then accepted (to the offerer)', async () => {
    const [owner, offerer] = [await subscribed('owner'), await subscribed('offerer')];
    const mine = await givePrizes(t, owner, { A: 1 });
    const theirs = await givePrizes(t, offerer, { B: 1 });
    const tradeId = await createTrade(t, owner, [{ batchId: mine.A!, quantity: 1 }], [await wantedOf(t, theirs.B!)]);
    const offerId = await makeOffer(t, offerer, tradeId, [{ batchId: theirs.B!, quantity: 1 }]);
    await expectOnePushEach(owner, 'Trade update', '/manage-trades');
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/trade/${tradeId}/accept-offer/${offerId}`,
      headers: owner.headers,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    await expectOnePushEach(offerer, 'Trade update', '/inventory');
  });

  it('the forfeit warning: the 2-day reminder only', async () => {
    const bea = await subscribed('bea');
    await givePrizes(t, bea, { A: 1 }, 5);
    for (const days of [2.5, 1, 1]) {
      t.clock.advance(days * DAY_MS);
      await t.services.inventory.runClock();
    }
    await expectOnePushEach(bea, 'Ship your prize soon', '/inventory');
  });

  it('a shipment booked with its tracking number', async () => {
    const cal = await subscribed('cal');
    const ids = await givePrizes(t, cal, { A: 1 });
    const intent = await call(t, cal, 'POST', '/api/payment/shipping/create-intent', {
      inventoryItems: [{ batchId: ids.A!, quantity: 1 }],
      useProfileAddress: true,
    });
    expect((await confirmCard(t, intent.json().clientSecret)).statusCode).toBe(200);
    await t.services.fulfilment.runCourierJobs();
    const [shipment] = (await call(t, cal, 'GET', `/api/shipment/user/${cal.user.username}`)).json().shipments;
    await expectOnePushEach(cal, 'Shipment booked', `/track/${shipment.awbNumber}`);
  });

  it('a parcel marked shipped by the owner: "Parcel on its way", with its tracking page, and a bell notice', async () => {
    const cyd = await subscribed('cyd');
    const ids = await givePrizes(t, cyd, { A: 1 });
    const intent = await call(t, cyd, 'POST', '/api/payment/shipping/create-intent', {
      inventoryItems: [{ batchId: ids.A!, quantity: 1 }],
      useProfileAddress: true,
    });
    expect((await confirmCard(t, intent.json().clientSecret)).statusCode).toBe(200);
    await t.services.fulfilment.runCourierJobs();
    await cyd.pushes();
    const [shipment] = (await call(t, cyd, 'GET', `/api/shipment/user/${cyd.user.username}`)).json().shipments;
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'boss', password: 'Boss123!' },
    });
    const shipped = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/shipments/${shipment._id}/shipped`,
      headers: { authorization: `Bearer ${login.json().token}` },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const perDevice = await cyd.pushes();
    for (const pushes of perDevice)
      expect(pushes.slice(1).map((p) => [p.title, p.url])).toEqual([
        ['Parcel on its way', `/track/${shipment.awbNumber}`],
      ]);
    const notices = (await t.services.notifications.list(cyd.user.id)).map((n) => n.message);
    expect(notices).toContain(
      `Your parcel is on its way (1 prize). Track it: ${t.ctx.config.publicUrl}/track/${shipment.awbNumber}`,
    );
  });

  it('a self-collection tomorrow, once, on the Singapore day before its slot', async () => {
    const dee = await subscribed('dee');
    const ids = await givePrizes(t, dee, { A: 1 });
    const now = t.clock.now();
    const slot = collectionDates(now)
      .flatMap((date) => collectionSlotsFor(date, now))
      .find((s) => s.getTime() - now.getTime() > 2 * DAY_MS)!;
    const booked = await call(t, dee, 'POST', '/api/self-collection/create', {
      items: [{ batchId: ids.A!, quantity: 1 }],
      collectionDate: slot.toISOString(),
    });
    expect(booked.statusCode, booked.body).toBe(200);
    expect(await t.services.fulfilment.remindCollectionsTomorrow()).toBe(0);
    t.clock.set(new Date(slot.getTime() - 20 * 60 * MINUTE_MS));
    expect(await t.services.fulfilment.remindCollectionsTomorrow()).toBe(1);
    expect(await t.services.fulfilment.remindCollectionsTomorrow()).toBe(0);
    await expectOnePushEach(dee, 'Collection tomorrow', '/shipments');
  });

  it('none to a shopper who switched the kind off', async () => {
    const eli = await subscribed('eli');
    await t.app.inject({
      method: 'PUT',
      url: '/api/push/preferences',
      headers: eli.headers,
      payload: { preferences: { forfeitWarning: false } },
    });
    await givePrizes(t, eli, { A: 1 }, 1.5);
    await t.services.inventory.runClock();
    expect(await eli.pushes()).toEqual([[], []]);
    expect(service.refused).toEqual([]);
  });
});
