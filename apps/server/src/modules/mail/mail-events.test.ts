import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestProduct } from '../catalogue/test-helpers.ts';
import { fundedShopper, useTokens, type Shopper } from '../orders/test-helpers.ts';
import {
  addressedShopper,
  call,
  confirmCard,
  givePrizes,
  preorderArrives,
  nextCollectionSlot,
} from '../fulfilment/test-helpers.ts';
import { createTrade, makeOffer, tradeCall, wantedOf } from '../trading/test-helpers.ts';
import { BAD_UNSUBSCRIBE_TOKEN } from './unsubscribe.ts';

/**
 * Each event mails its shopper exactly once (queued in the event's transaction, rendered and sent by
 * the delivery job), through the real flows; the optional kinds' one-click unsubscribe and preferences.
 */
describe('the mail of each event', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'Boss123!' } });
  });
  afterAll(async () => t.close());

  const emailOf = async (s: Shopper) => (await t.services.accounts.getAccount(t.ctx.db, s.user.id))!.email;
  /** Delivers what is due (twice: a second run sends nothing more) and reads the shopper's mails. */
  async function mailsOf(s: Shopper, subject: RegExp) {
    await t.services.mail.deliverQueued();
    expect((await t.services.mail.deliverQueued()).sent).toBe(0);
    return (await t.services.mail.listOutbox({ to: await emailOf(s), limit: 100 })).filter((m) =>
      subject.test(m.subject),
    );
  }

  it('a purchase: one receipt with set, tickets, payment, total, prizes and the fairness receipt', async () => {
    const ana = await fundedShopper(t, 'ana', 500);
    const { setId, input } = await createTestProduct(t);
    const res = await useTokens(t, ana, { setId, ticketsBought: 2 });
    expect(res.statusCode).toBe(200);
    const orderId = res.json().orderId as string;
    const [order] = (await t.services.orders.ordersOfUser(ana.user.id)).filter((o) => o.id === orderId);
    const [mail, ...more] = await mailsOf(ana, /receipt/);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`Your Kujiya receipt: ${input.name}`);
    expect(mail!.headers).toBeUndefined();
    for (const part of [input.name, orderId, 'Tokens', `${order!.totalCost} tokens`, 'Prizes won', 'Fairness receipt'])
      expect(mail!.text).toContain(part);
    // Each prize by its rank and what it is (the set's prize descriptions), never the rank twice.
    const described = new Map(input.prizes.map((p) => [p.kind === 'letter' ? p.letter : 'LAST', p.description]));
    for (const letter of order!.selectedPrizes)
      expect(mail!.text).toContain(
        `${letter === 'LAST' ? 'Last Prize' : `Prize ${letter}`} (${described.get(letter)}) x`,
      );
    const receipt = (await t.services.notifications.list(ana.user.id)).find((n) => n.receipt)!.receipt!;
    expect(mail!.text).toContain(receipt.headHash);
    expect(mail!.text).not.toContain(JSON.stringify(receipt));
    expect(mail!.text).not.toMatch(/unsubscribe/i);
  });

  it('a shipment booked with the courier: one mail with the tracking link', async () => {
    const ben = await addressedShopper(t, 'ben');
    const ids = await givePrizes(t, ben, { A: 1 });
    const intent = await call(t, ben, 'POST', '/api/payment/shipping/create-intent', {
      inventoryItems: [{ batchId: ids.A!, quantity: 1 }],
      useProfileAddress: true,
    });
    expect((await confirmCard(t, intent.json().clientSecret)).statusCode).toBe(200);
    expect(await t.services.fulfilment.runCourierJobs()).toEqual({ booked: 1, failed: 0 });
    expect(await t.services.fulfilment.runCourierJobs()).toEqual({ booked: 0, failed: 0 });
    const [shipment] = (await call(t, ben, 'GET', `/api/shipment/user/${ben.user.username}`)).json().shipments ?? [];
    const mails = await mailsOf(ben, /parcel is booked/);
    expect(mails).toHaveLength(1);
    const awb = mails[0]!.subject.split(': ')[1]!;
    expect(awb.length).toBeGreaterThan(3);
    expect(mails[0]!.text).toContain(`/track/${awb}`);
    expect(mails[0]!.html).toContain('Track your parcel');
    if (shipment) expect(JSON.stringify(shipment)).toContain(awb);
  });

  it('a parcel marked shipped by the owner: one "on its way" mail with the tracking link, which the shopper may switch off', async () => {
    const admin = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'boss', password: 'Boss123!' },
    });
    const adminHeaders = { authorization: `Bearer ${admin.json().token}` };
    async function shipOne(s: Shopper) {
      const ids = await givePrizes(t, s, { A: 1 });
      const intent = await call(t, s, 'POST', '/api/payment/shipping/create-intent', {
        inventoryItems: [{ batchId: ids.A!, quantity: 1 }],
        useProfileAddress: true,
      });
      expect((await confirmCard(t, intent.json().clientSecret)).statusCode).toBe(200);
      await t.services.fulfilment.runCourierJobs();
      const shipmentId = intent.json().shipmentId as string;
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/shipments/${shipmentId}/shipped`,
        headers: adminHeaders,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const bo = await addressedShopper(t, 'bo');
    await shipOne(bo);
    const mails = await mailsOf(bo, /on its way/);
    expect(mails.map((m) => m.subject)).toEqual(['Your parcel is on its way']);
    const awb = (await mailsOf(bo, /parcel is booked/))[0]!.subject.split(': ')[1]!;
    expect(mails[0]!.text).toContain(`${t.ctx.config.publicUrl}/track/${awb}`);
    expect(mails[0]!.html).toContain('Track your parcel');
    expect(mails[0]!.text).toMatch(/unsubscribe/i);

    const cy = await addressedShopper(t, 'cy');
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/mail/preferences',
      headers: cy.headers,
      payload: { preferences: { parcelShipped: false } },
    });
    expect(off.statusCode).toBe(200);
    await shipOne(cy);
    expect(await mailsOf(cy, /on its way/)).toEqual([]);
    const notices = (await t.services.notifications.list(cy.user.id)).map((n) => n.message);
    expect(notices.filter((message) => message.startsWith('Your parcel is on its way'))).toHaveLength(1);
  });

  it('a self-collection booked: one mail with date, slot and address', async () => {
    const cat = await addressedShopper(t, 'cat');
    const ids = await givePrizes(t, cat, { B: 1 });
    const slot = nextCollectionSlot(t.clock.now());
    const booked = await t.services.fulfilment.createCollection(cat.user, {
      items: [{ batchId: ids.B!, quantity: 1 } as never],
      collectionDate: slot,
    });
    const mails = await mailsOf(cat, /Self-collection .* booked/);
    expect(mails).toHaveLength(1);
    for (const part of [booked.collectionId, 'Date:', 'Slot:', '(Singapore time)', 'Address:'])
      expect(mails[0]!.text).toContain(part);
  });

  it('a trade completed: one mail to each side', async () => {
    const dan = await addressedShopper(t, 'dan');
    const eve = await addressedShopper(t, 'eve');
    const danIds = await givePrizes(t, dan, { A: 1 });
    const eveIds = await givePrizes(t, eve, { C: 1 });
    const tradeId = await createTrade(t, dan, [{ batchId: danIds.A!, quantity: 1 }], [await wantedOf(t, eveIds.C!)]);
    const offerId = await makeOffer(t, eve, tradeId, [{ batchId: eveIds.C!, quantity: 1 }]);
    expect((await tradeCall(t, dan, 'POST', `/api/trade/${tradeId}/accept-offer/${offerId}`)).statusCode).toBe(200);
    expect(await mailsOf(eve, /trade offer was accepted/)).toHaveLength(1);
    const [owner, ...more] = await mailsOf(dan, /trade is complete/);
    expect(more).toEqual([]);
    expect(owner!.text).toContain("You accepted eve's offer");
    expect(owner!.text).toContain('/trade-history');
  });

  it('a pre-order arrived: one mail, with a one-click unsubscribe', async () => {
    const fay = await addressedShopper(t, 'fay');
    const res = await preorderArrives(t, fay, { username: 'boss', password: 'Boss123!' });
    expect(res.statusCode).toBe(200);
    const mails = await mailsOf(fay, /pre-order has arrived/);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.headers?.['List-Unsubscribe']).toMatch(/^<http.*\/api\/mail\/unsubscribe\?token=.+>$/);
    expect(mails[0]!.text).toContain('Unsubscribe from pre-order arrived e-mails');
  });

  describe('the forfeit warning and its unsubscribe', () => {
    let gus: Shopper;
    beforeAll(async () => {
      gus = await addressedShopper(t, 'gus');
    });
    const warn = async () => {
      await givePrizes(t, gus, { C: 1 }, 1);
      expect((await t.services.inventory.runClock()).reminded).toBeGreaterThan(0);
      expect((await t.services.inventory.runClock()).reminded).toBe(0);
    };
    const unsubscribeUrl = (header: string) => header.slice(1, -1).replace(/^https?:\/\/[^/]+/, '');

    it('the ship-by clock mails the warning once, with RFC 8058 one-click headers and a link in the body', async () => {
      await warn();
      const [mail, ...more] = await mailsOf(gus, /must be shipped by/);
      expect(more).toEqual([]);
      expect(mail!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
      const token = new URL(unsubscribeUrl(mail!.headers!['List-Unsubscribe']!), 'http://x').searchParams.get('token')!;
      expect(mail!.text).toContain(`/unsubscribe?token=${encodeURIComponent(token)}`);
      expect(mail!.text).toContain('Unsubscribe from ship-by reminder e-mails');

      // A look (GET: what mail scanners do) changes nothing.
      const look = await t.app.inject({ method: 'GET', url: unsubscribeUrl(mail!.headers!['List-Unsubscribe']!) });
      expect(look.json()).toEqual({ kind: 'forfeitWarning', label: 'ship-by reminder', subscribed: true });
      // The mail client's one-click POST, without logging in.
      const post = await t.app.inject({
        method: 'POST',
        url: unsubscribeUrl(mail!.headers!['List-Unsubscribe']!),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(post.statusCode).toBe(200);
      expect(post.json()).toEqual({ kind: 'forfeitWarning', label: 'ship-by reminder', subscribed: false });
      const prefs = await t.app.inject({ method: 'GET', url: '/api/mail/preferences', headers: gus.headers });
      expect(prefs.json()).toEqual({
        preferences: { setOpening: true, preorderArrived: true, forfeitWarning: false, parcelShipped: true },
      });
    });

    it('switched off: the next warning is in-app only', async () => {
      const before = (await t.services.notifications.list(gus.user.id)).length;
      await warn();
      expect(await mailsOf(gus, /must be shipped by/)).toHaveLength(1);
      expect((await t.services.notifications.list(gus.user.id)).length).toBe(before + 1);
    });

    it('switched back on with PUT /api/mail/preferences: mailed again', async () => {
      const put = await t.app.inject({
        method: 'PUT',
        url: '/api/mail/preferences',
        headers: gus.headers,
        payload: { preferences: { forfeitWarning: true } },
      });
      expect(put.json()).toEqual({
        preferences: { setOpening: true, preorderArrived: true, forfeitWarning: true, parcelShipped: true },
      });
      await warn();
      expect(await mailsOf(gus, /must be shipped by/)).toHaveLength(2);
    });

    it('a forged or altered token is refused with 400 and changes nothing', async () => {
      const [mail] = await mailsOf(gus, /must be shipped by/);
      const url = unsubscribeUrl(mail!.headers!['List-Unsubscribe']!);
      const forged = [
        url.replace('forfeitWarning', 'setOpening'),
        url.slice(0, -3) + 'AAA',
        '/api/mail/unsubscribe?token=nonsense',
        `/api/mail/unsubscribe?token=${gus.user.id}.forfeitWarning.`,
      ];
      for (const bad of forged) {
        const res = await t.app.inject({ method: 'POST', url: bad });
        expect(res.statusCode, bad).toBe(400);
        expect(res.json().message).toBe(BAD_UNSUBSCRIBE_TOKEN);
      }
      expect((await t.app.inject({ method: 'POST', url: '/api/mail/unsubscribe' })).statusCode).toBe(400);
      const prefs = await t.app.inject({ method: 'GET', url: '/api/mail/preferences', headers: gus.headers });
      expect(prefs.json().preferences).toEqual({
        setOpening: true,
        preorderArrived: true,
        forfeitWarning: true,
        parcelShipped: true,
      });
    });

    it('the preferences need a login; a bad body is a 400', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/mail/preferences' })).statusCode).toBe(403);
      const bad = await t.app.inject({
        method: 'PUT',
        url: '/api/mail/preferences',
        headers: gus.headers,
        payload: { preferences: { forfeitWarning: 'no' } },
      });
      expect(bad.statusCode).toBe(400);
    });
  });
});
