import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE_MS } from '@kujiya/shared';
import { loadConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testShopper } from '../token-shop/test-helpers.ts';
import { latestCode, post } from '../accounts/test-helpers.ts';
import { startLocalPushService, type LocalPushService } from './local-push-service.ts';

type Shopper = Awaited<ReturnType<typeof testShopper>>;

/** Web Push through the API on PGlite, delivered to a local push service that checks and decrypts. */
describe('web push', () => {
  let t: TestApp;
  let service: LocalPushService;
  let publicKey: string;
  beforeAll(async () => {
    service = await startLocalPushService({ vapidKey: () => publicKey });
    service.trustInThisProcess();
    t = await createTestApp();
    publicKey = (await t.app.inject({ method: 'GET', url: '/api/push/vapid-public-key' })).json().publicKey;
  });
  afterAll(async () => {
    await t.close();
    await service.close();
  });

  let n = 0;
  const shopper = () => testShopper(t, `pusher${++n}`);
  const subscribe = (s: Shopper, json: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/push/subscriptions', headers: s.headers, payload: json as object });
  /** A device subscribed by `s`, through the API. */
  async function device(s: Shopper) {
    const sub = service.subscription();
    expect((await subscribe(s, sub.json)).json()).toEqual({ subscribed: true });
    return sub;
  }
  const notify = (userIds: string[], kind: 'tradeOffer' | 'setOpening', message = 'Something happened.') =>
    t.ctx.db.transaction((tx) => t.services.notifications.notify(tx, userIds, message, { kind, url: '/inventory' }));
  const deliver = () => t.services.push.deliverQueued();

  it('publishes one VAPID key that stays the same (kept in the database)', async () => {
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect((await t.app.inject({ method: 'GET', url: '/api/push/vapid-public-key' })).json()).toEqual({ publicKey });
  });

  it('pushes a notice once to every subscribed device, signed and encrypted, with the contract payload', async () => {
    const ann = await shopper();
    const [phone, laptop] = [await device(ann), await device(ann)];
    // Subscribing the same endpoint again keeps one device.
    expect((await subscribe(ann, phone.json)).statusCode).toBe(200);
    await notify([ann.user.id], 'tradeOffer', 'Ben made an offer on your trade.');
    expect(await deliver()).toEqual({ sent: 2, retried: 0, failed: 0, gone: 0 });
    expect(await deliver()).toEqual({ sent: 0, retried: 0, failed: 0, gone: 0 });
    for (const d of [phone, laptop]) {
      const pushes = service.pushesTo(d.id);
      expect(pushes).toHaveLength(1);
      expect(pushes[0]).toEqual({
        title: 'Trade update',
        body: 'Ben made an offer on your trade.',
        url: '/inventory',
        tag: expect.stringMatching(/^tradeOffer-[0-9a-f-]{36}$/),
      });
    }
    expect(service.refused).toEqual([]);
  });

  it('sends nothing for a kind switched off, nor for a notice without a push kind', async () => {
    const cat = await shopper();
    const phone = await device(cat);
    const prefs = await t.app.inject({ method: 'GET', url: '/api/push/preferences', headers: cat.headers });
    expect(Object.values(prefs.json().preferences).every(Boolean)).toBe(true);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/push/preferences',
      headers: cat.headers,
      payload: { preferences: { tradeOffer: false } },
    });
    expect(put.json().preferences).toMatchObject({ tradeOffer: false, setOpening: true });
    await notify([cat.user.id], 'tradeOffer');
    await t.ctx.db.transaction((tx) => t.services.notifications.notify(tx, [cat.user.id], 'No kind.'));
    await deliver();
    expect(service.pushesTo(phone.id)).toEqual([]);
    await notify([cat.user.id], 'setOpening');
    await deliver();
    expect(service.pushesTo(phone.id)).toHaveLength(1);
  });

  it('removes a subscription the push service answers 410 (or 404) for; retries a 500 later', async () => {
    const dan = await shopper();
    const [gone, flaky] = [await device(dan), await device(dan)];
    service.answer(gone.id, 410);
    service.answer(flaky.id, 500);
    await notify([dan.user.id], 'tradeOffer');
    expect(await deliver()).toEqual({ sent: 0, retried: 1, failed: 0, gone: 1 });
    // The gone device no longer gets pushes; the flaky one gets its push once the service is back.
    service.answer(flaky.id, 201);
    t.clock.advance(2 * MINUTE_MS);
    expect(await deliver()).toEqual({ sent: 1, retried: 0, failed: 0, gone: 0 });
    await notify([dan.user.id], 'tradeOffer');
    expect(await deliver()).toEqual({ sent: 1, retried: 0, failed: 0, gone: 0 });
    expect(service.pushesTo(gone.id)).toEqual([]);
    expect(service.pushesTo(flaky.id)).toHaveLength(2);
  });

  it("moves an endpoint to the shopper who subscribes it last; unsubscribe and logout end that device's pushes", async () => {
    const [eve, fay] = [await shopper(), await shopper()];
    const shared = await device(eve);
    await device(fay);
    expect((await subscribe(fay, shared.json)).statusCode).toBe(200);
    await notify([eve.user.id], 'tradeOffer');
    await deliver();
    expect(service.pushesTo(shared.id)).toEqual([]);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      headers: fay.headers,
      payload: { endpoint: shared.json.endpoint },
    });
    expect(removed.json()).toEqual({ subscribed: false });
    // Logout removes the device subscribed in that session only.
    const kept = await device(eve);
    const { token } = await t.ctx.tokens.sign(eve.user);
    const session = { authorization: `Bearer ${token}` };
    const other = service.subscription();
    expect((await subscribe({ ...eve, headers: session }, other.json)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/logout', headers: session })).statusCode).toBe(200);
    await notify([eve.user.id], 'tradeOffer');
    await deliver();
    expect(service.pushesTo(other.id)).toEqual([]);
    expect(service.pushesTo(kept.id)).toHaveLength(1);
  });

  it("the devices page: ending a session, or every other one, ends those devices' pushes", async () => {
    const hal = await shopper();
    const here = await device(hal);
    const sessionOf = async () => {
      const { token, tokenId } = await t.ctx.tokens.sign(hal.user);
      const headers = { authorization: `Bearer ${token}` };
      const dev = service.subscription();
      expect((await subscribe({ ...hal, headers }, dev.json)).statusCode).toBe(200);
      return { tokenId, dev };
    };
    const [lost, old] = [await sessionOf(), await sessionOf()];
    const one = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/sessions/${lost.tokenId}`,
      headers: hal.headers,
    });
    expect(one.statusCode).toBe(200);
    await notify([hal.user.id], 'tradeOffer');
    await deliver();
    expect(service.pushesTo(lost.dev.id)).toEqual([]);
    expect(service.pushesTo(old.dev.id)).toHaveLength(1);
    const rest = await t.app.inject({ method: 'DELETE', url: '/api/users/sessions', headers: hal.headers });
    expect(rest.statusCode).toBe(200);
    await notify([hal.user.id], 'tradeOffer');
    await deliver();
    expect(service.pushesTo(old.dev.id)).toHaveLength(1);
    expect(service.pushesTo(here.id)).toHaveLength(2);
  });

  it("a password change ends the other sessions' pushes and keeps the caller's; a reset by link ends them all", async () => {
    const ivy = await shopper();
    const email = `${ivy.user.id}@test.invalid`;
    const here = await device(ivy);
    const { token } = await t.ctx.tokens.sign(ivy.user);
    const elsewhere = service.subscription();
    const other = { ...ivy, headers: { authorization: `Bearer ${token}` } };
    expect((await subscribe(other, elsewhere.json)).statusCode).toBe(200);
    const resetToken = async () => {
      await post(t, '/api/verification/create', { email, process: 'forgetPassword' });
      const code = await latestCode(t, email);
      return (await post(t, '/api/verification/verify', { email, code, process: 'forgetPassword' })).json().resetToken;
    };
    const change = { email, resetToken: await resetToken(), password: 'New123!' };
    expect((await post(t, '/api/users/change-password', change, ivy.headers)).statusCode).toBe(200);
    await notify([ivy.user.id], 'tradeOffer');
    await deliver();
    expect(service.pushesTo(elsewhere.id)).toEqual([]);
    expect(service.pushesTo(here.id)).toHaveLength(1);
    // Reset by the mailed link: no session is kept, and no device either.
    await post(t, '/api/users/forgot-password', { email });
    const [mail] = await t.services.mail.listOutbox({ to: email, limit: 1 });
    const link = mail!.text.match(/reset-password\/([A-Za-z0-9_-]+)/)![1];
    expect((await post(t, `/api/users/reset-password/${link}`, { password: 'Newer123!' })).statusCode).toBe(200);
    await notify([ivy.user.id], 'tradeOffer');
    await deliver();
    expect(service.pushesTo(here.id)).toHaveLength(1);
  });

  it('refuses bad input with a 4xx and changes nothing; every route needs a login but the key', async () => {
    const gus = await shopper();
    const good = service.subscription().json;
    const bad = [
      { ...good, endpoint: good.endpoint.replace('https:', 'http:') },
      { endpoint: good.endpoint },
      { ...good, keys: { p256dh: good.keys.p256dh } },
      { ...good, keys: { ...good.keys, auth: 'not base64url!' } },
      { ...good, endpoint: 'javascript:alert(1)' },
    ];
    for (const body of bad) {
      const res = await subscribe(gus, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(/endpoint|keys/);
    }
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/push/preferences',
      headers: gus.headers,
      payload: { preferences: { tradeOffer: 'yes' } },
    });
    expect(put.statusCode).toBe(400);
    await notify([gus.user.id], 'tradeOffer');
    expect(await deliver()).toEqual({ sent: 0, retried: 0, failed: 0, gone: 0 });
    for (const [method, url] of [
      ['POST', '/api/push/subscriptions'],
      ['DELETE', '/api/push/subscriptions'],
      ['GET', '/api/push/preferences'],
      ['PUT', '/api/push/preferences'],
    ] as const) {
      expect((await t.app.inject({ method, url, payload: good })).statusCode).toBe(403);
    }
  });

  it('production refuses to start without the VAPID variables; they go as a set', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), PAYMENTS: 'test' };
    expect(() => loadConfig(production)).toThrow(
      'Invalid configuration: VAPID_PUBLIC_KEY is required when NODE_ENV=production',
    );
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: publicKey })).toThrow(
      'Invalid configuration: VAPID_PRIVATE_KEY is required when the other VAPID variables are set',
    );
    const keys = { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: 'k'.repeat(43), VAPID_SUBJECT: 'mailto:a@b.sg' };
    expect(loadConfig({ ...production, ...keys }).vapid).toEqual({
      publicKey,
      privateKey: 'k'.repeat(43),
      subject: 'mailto:a@b.sg',
    });
  });
});
