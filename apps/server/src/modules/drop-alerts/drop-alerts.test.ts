import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE_MS } from '@kujiya/shared';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestProduct, scheduleOpening } from '../catalogue/test-helpers.ts';
import { testShopper } from '../token-shop/test-helpers.ts';

type Headers = Record<string, string>;

/** "Notify me" of a set's opening (docs/rules/drops.md, "Notify me"), through the API on PGlite. */
describe('notify me of a drop', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', setId: string, headers: Headers) =>
    t.app.inject({ method, url: `/api/drops/${setId}/notify`, headers });
  const now = () => t.ctx.clock.now().getTime();

  /** A set opening `minutes` from the test clock's now. */
  async function upcomingSet(minutes: number) {
    const product = await createTestProduct(t);
    await scheduleOpening(t, product.setId, new Date(now() + minutes * MINUTE_MS));
    return product;
  }

  /** A shopper with their account's address, the notices they have (newest first) and their queued mails. */
  async function shopper(name: string) {
    const s = await testShopper(t, `${name}${crypto.randomUUID().slice(0, 6)}`);
    const account = await t.services.accounts.getAccount(t.ctx.db, s.user.id);
    return {
      ...s,
      notices: async () => (await t.services.notifications.list(s.user.id)).map((n) => n.message),
      mails: async () => (await t.services.mail.listQueue({ to: account!.email })).map((m) => m.subject),
    };
  }

  it('answers 403 Please login first. when logged out, on GET, POST and DELETE', async () => {
    const { setId } = await upcomingSet(60);
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await call(method, setId, {});
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Please login first.', code: 'LOGIN_REQUIRED' });
    }
  });

  it('turns on and off, each shopper their own; asking twice keeps one', async () => {
    const { setId } = await upcomingSet(60);
    const ann = await shopper('ann');
    const ben = await shopper('ben');
    expect((await call('GET', setId, ann.headers)).json()).toEqual({ notify: false });
    for (let i = 0; i < 2; i++) {
      const on = await call('POST', setId, ann.headers);
      expect(on.statusCode).toBe(200);
      expect(on.json()).toEqual({ notify: true });
    }
    expect((await call('GET', setId, ann.headers)).json()).toEqual({ notify: true });
    expect((await call('GET', setId, ben.headers)).json()).toEqual({ notify: false });
    const off = await call('DELETE', setId, ann.headers);
    expect(off.json()).toEqual({ notify: false });
    expect((await call('GET', setId, ann.headers)).json()).toEqual({ notify: false });
    // Turning off what is off is fine.
    expect((await call('DELETE', setId, ben.headers)).json()).toEqual({ notify: false });
  });

  it('refuses a set with no opening ahead (400 DROP_NOT_SCHEDULED) and an unknown or malformed set, storing nothing', async () => {
    const ann = await shopper('ann');
    const { setId: sellingNow } = await createTestProduct(t);
    const { setId: opened } = await upcomingSet(-1);
    for (const setId of [sellingNow, opened]) {
      const res = await call('POST', setId, ann.headers);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'This set has no upcoming opening to be notified of.',
        code: 'DROP_NOT_SCHEDULED',
      });
      expect((await call('GET', setId, ann.headers)).json()).toEqual({ notify: false });
    }
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const unknown = await call(method, crypto.randomUUID(), ann.headers);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: 'Product not found', code: 'PRODUCT_NOT_FOUND' });
      const malformed = await call(method, 'not-a-set', ann.headers);
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({ message: 'Invalid setId', code: 'VALIDATION_FAILED' });
    }
  });

  it('sends a notice and an e-mail 15 minutes before the opening and at it, each once, only to those who asked', async () => {
    const { setId, input } = await upcomingSet(40);
    const ann = await shopper('ann');
    const ben = await shopper('ben');
    const quiet = await shopper('quiet');
    await call('POST', setId, ann.headers);
    await call('POST', setId, ben.headers);
    await call('POST', setId, quiet.headers);
    await call('DELETE', setId, quiet.headers);
    const start = now() + 40 * MINUTE_MS;

    // 40 and 16 minutes ahead: nothing is due.
    await t.services.dropAlerts.sendDueReminders();
    t.clock.set(new Date(start - 16 * MINUTE_MS));
    await t.services.dropAlerts.sendDueReminders();
    expect(await ann.notices()).toEqual([]);

    t.clock.set(new Date(start - 15 * MINUTE_MS));
    expect(await t.services.dropAlerts.sendDueReminders()).toEqual({ early: 2, opening: 0 });
    const early = `${input.name} opens in 15 minutes, at `;
    for (const s of [ann, ben]) {
      expect(await s.notices()).toEqual([
        expect.stringMatching(new RegExp(`^${early}.+\\(Singapore time\\)\\. Get ready!$`)),
      ]);
      expect(await s.mails()).toEqual([`${input.name} opens in 15 minutes`]);
    }
    t.clock.advance(5 * MINUTE_MS);
    expect(await t.services.dropAlerts.sendDueReminders()).toEqual({ early: 0, opening: 0 });

    t.clock.set(new Date(start));
    expect(await t.services.dropAlerts.sendDueReminders()).toEqual({ early: 0, opening: 2 });
    t.clock.advance(MINUTE_MS);
    expect(await t.services.dropAlerts.sendDueReminders()).toEqual({ early: 0, opening: 0 });
    for (const s of [ann, ben]) {
      expect((await s.notices())[0]).toBe(`${input.name} is open now. Good luck!`);
      expect(await s.notices()).toHaveLength(2);
      expect(await s.mails()).toEqual([`${input.name} opens in 15 minutes`, `${input.name} is open now`]);
    }
    expect(await quiet.notices()).toEqual([]);
    expect(await quiet.mails()).toEqual([]);
  });

  it("tells a set's favouriters of its opening too, each reminder once, without their asking", async () => {
    const { setId, input } = await upcomingSet(30);
    const fan = await shopper('fan');
    const other = await shopper('other');
    const fav = await t.app.inject({ method: 'POST', url: `/api/users/favorites/${setId}`, headers: fan.headers });
    expect(fav.statusCode).toBe(200);
    const start = now() + 30 * MINUTE_MS;

    // Outside the reminder's lead nothing is enrolled or sent.
    await t.services.dropAlerts.sendDueReminders();
    expect(await fan.notices()).toEqual([]);
    t.clock.set(new Date(start - 15 * MINUTE_MS));
    expect((await t.services.dropAlerts.sendDueReminders()).early).toBeGreaterThanOrEqual(1);
    await t.services.dropAlerts.sendDueReminders();
    expect(await fan.mails()).toEqual([`${input.name} opens in 15 minutes`]);
    t.clock.set(new Date(start));
    await t.services.dropAlerts.sendDueReminders();
    await t.services.dropAlerts.sendDueReminders();
    expect(await fan.notices()).toHaveLength(2);
    expect((await fan.notices())[0]).toBe(`${input.name} is open now. Good luck!`);
    expect(await other.notices()).toEqual([]);
  });

  it('follows a moved opening: nothing at the old time, the reminders again for the new one', async () => {
    const { setId, input } = await upcomingSet(10);
    const ann = await shopper('ann');
    await call('POST', setId, ann.headers);
    expect((await t.services.dropAlerts.sendDueReminders()).early).toBeGreaterThanOrEqual(1);
    expect(await ann.notices()).toHaveLength(1);

    // The owner moves the opening an hour later: at the old time nothing is sent.
    const moved = now() + 70 * MINUTE_MS;
    await scheduleOpening(t, setId, new Date(moved));
    t.clock.advance(10 * MINUTE_MS);
    await t.services.dropAlerts.sendDueReminders();
    expect(await ann.notices()).toHaveLength(1);

    t.clock.set(new Date(moved - 14 * MINUTE_MS));
    await t.services.dropAlerts.sendDueReminders();
    expect((await ann.notices())[0]).toMatch(new RegExp(`^${input.name} opens in 14 minutes, at `));
    t.clock.set(new Date(moved + 30_000));
    await t.services.dropAlerts.sendDueReminders();
    expect((await ann.notices())[0]).toBe(`${input.name} is open now. Good luck!`);
    expect(await ann.notices()).toHaveLength(3);
    expect(await ann.mails()).toHaveLength(3);
  });

  it('a shopper who asks 5 minutes before gets the early notice for the time left; a set whose opening is taken away gets nothing', async () => {
    const { setId, input } = await upcomingSet(5);
    const { setId: cancelled } = await upcomingSet(10);
    const ann = await shopper('ann');
    await call('POST', setId, ann.headers);
    await call('POST', cancelled, ann.headers);
    await scheduleOpening(t, cancelled, null);
    await t.services.dropAlerts.sendDueReminders();
    expect(await ann.notices()).toEqual([expect.stringMatching(new RegExp(`^${input.name} opens in 5 minutes, at `))]);
  });

  it('tells a crowd in batches: five shoppers, two per transaction, each told once', async () => {
    const { setId } = await upcomingSet(5);
    const crowd = await Promise.all(['c1', 'c2', 'c3', 'c4', 'c5'].map((name) => shopper(name)));
    for (const s of crowd) await call('POST', setId, s.headers);
    await t.services.dropAlerts.sendDueReminders({ batchSize: 2 });
    await t.services.dropAlerts.sendDueReminders({ batchSize: 2 });
    for (const s of crowd) {
      expect(await s.notices()).toHaveLength(1);
      expect(await s.mails()).toHaveLength(1);
    }
  });
});
