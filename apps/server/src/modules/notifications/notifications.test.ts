import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../core/clock.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { confirmWithCard, startTokenPurchase, testPackage, testShopper } from '../token-shop/test-helpers.ts';
import { notificationSchema } from '@kujiya/shared';
import { notifications } from './tables.ts';

const SECOND = 1000;

describe('notifications', () => {
  let t: TestApp;
  const clock = new TestClock('2026-03-01T04:00:00.000Z');
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(async () => t.close());

  const notify = (userId: string, message: string) =>
    t.ctx.db.transaction((tx) => t.services.notifications.notify(tx, [userId], message));
  const list = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/notification', headers });
  const patch = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'PATCH', url, headers });

  it('needs a login for every call (403 Please login first.)', async () => {
    const id = crypto.randomUUID();
    for (const res of [
      await list({}),
      await patch(`/api/notification/${id}/read`, {}),
      await patch('/api/notification/read-all', {}),
      await patch(`/api/notification/${id}/remove`, {}),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Please login first.', code: 'LOGIN_REQUIRED' });
    }
  });

  it('lists only the own notifications, newest first, with the contract fields', async () => {
    const alice = await testShopper(t, 'alice');
    const bob = await testShopper(t, 'bob');
    await notify(alice.user.id, 'first');
    clock.advance(SECOND);
    await notify(alice.user.id, 'second');
    await notify(bob.user.id, 'for bob');

    const res = await list(alice.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        _id: expect.any(String),
        message: 'second',
        createdAt: clock.now().toISOString(),
        isRead: false,
        isRemoved: false,
        receipt: null,
      },
      {
        _id: expect.any(String),
        message: 'first',
        createdAt: new Date(clock.now().getTime() - SECOND).toISOString(),
        isRead: false,
        isRemoved: false,
        receipt: null,
      },
    ]);
    expect((await list(bob.headers)).json().map((n: { message: string }) => n.message)).toEqual(['for bob']);
  });

  it('a receipt rides beside the sentence; a notice stored with its receipt as JSON in the text reads as its sentence too', async () => {
    const carol = await testShopper(t, 'carol');
    const receipt = {
      setId: crypto.randomUUID(),
      entries: [{ domain: 'ticket' as const, nonce: 0, hash: 'a'.repeat(64) }],
      headHash: 'b'.repeat(64),
    };
    await t.ctx.db.transaction((tx) =>
      t.services.notifications.notify(tx, [carol.user.id], 'Your Set order is in the draw log (1 ticket).', {
        receipt,
      }),
    );
    clock.advance(SECOND);
    // As purchase notices were stored before: the receipt JSON at the end of the message.
    await t.ctx.db.insert(notifications).values({
      id: crypto.randomUUID(),
      userId: carol.user.id,
      message: `Your Old Set order is in the draw log (2 tickets). Fairness receipt: ${JSON.stringify(receipt)}`,
      createdAt: clock.now(),
    });
    const [legacy, fresh] = notificationSchema.array().parse((await list(carol.headers)).json());
    expect(fresh).toMatchObject({ message: 'Your Set order is in the draw log (1 ticket).', receipt });
    expect(legacy).toMatchObject({ message: 'Your Old Set order is in the draw log (2 tickets).', receipt });
    // Other text with braces is left alone (a second later, so it lists first on every database).
    clock.advance(SECOND);
    await notify(carol.user.id, 'Fairness receipt: {not json}');
    expect((await list(carol.headers)).json()[0]).toMatchObject({
      message: 'Fairness receipt: {not json}',
      receipt: null,
    });
  });

  it('marks one read, then all read, without touching another user', async () => {
    const alice = await testShopper(t, 'alice');
    const bob = await testShopper(t, 'bob');
    await notify(alice.user.id, 'a1');
    await notify(alice.user.id, 'a2');
    await notify(bob.user.id, 'b1');
    const [a2, a1] = (await list(alice.headers)).json();

    const one = await patch(`/api/notification/${a1._id}/read`, alice.headers);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ _id: a1._id, isRead: true });
    expect((await list(alice.headers)).json().map((n: { isRead: boolean }) => n.isRead)).toEqual([false, true]);
    expect(a2.isRead).toBe(false);

    const all = await patch('/api/notification/read-all', alice.headers);
    expect(all.statusCode).toBe(200);
    expect((await list(alice.headers)).json().every((n: { isRead: boolean }) => n.isRead)).toBe(true);
    expect((await list(bob.headers)).json()).toEqual([expect.objectContaining({ message: 'b1', isRead: false })]);
  });

  it('removes a notification: answers its _id and hides it from the list', async () => {
    const alice = await testShopper(t, 'alice');
    await notify(alice.user.id, 'keep');
    await notify(alice.user.id, 'drop');
    const drop = (await list(alice.headers)).json().find((n: { message: string }) => n.message === 'drop');

    const res = await patch(`/api/notification/${drop._id}/remove`, alice.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: drop._id, isRemoved: true });
    expect((await list(alice.headers)).json().map((n: { message: string }) => n.message)).toEqual(['keep']);
  });

  it("refuses another user's notification id with 404 and changes nothing", async () => {
    const alice = await testShopper(t, 'alice');
    const mallory = await testShopper(t, 'mallory');
    await notify(alice.user.id, 'private to alice');
    const [own] = (await list(alice.headers)).json();

    const remove = await patch(`/api/notification/${own._id}/remove`, mallory.headers);
    expect(remove.statusCode).toBe(404);
    expect(remove.json()).toEqual({ message: 'Failed to remove notification', code: 'NOT_FOUND' });
    const read = await patch(`/api/notification/${own._id}/read`, mallory.headers);
    expect(read.statusCode).toBe(404);
    expect(read.body).not.toContain('private to alice');
    await patch('/api/notification/read-all', mallory.headers);

    expect((await list(alice.headers)).json()).toEqual([
      expect.objectContaining({ _id: own._id, isRead: false, isRemoved: false }),
    ]);
  });

  it('answers 400 for a malformed id and 404 for an unknown one (never 500)', async () => {
    const alice = await testShopper(t, 'alice');
    const malformed = await patch('/api/notification/not-a-uuid/remove', alice.headers);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'Invalid id', code: 'VALIDATION_FAILED' });
    expect((await patch(`/api/notification/${crypto.randomUUID()}/read`, alice.headers)).statusCode).toBe(404);
  });

  it('a notify inside a rolled-back transaction leaves nothing behind', async () => {
    const alice = await testShopper(t, 'alice');
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await t.services.notifications.notify(tx, [alice.user.id], 'never');
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect((await list(alice.headers)).json()).toEqual([]);
  });

  it('a successful token purchase notifies the buyer', async () => {
    const shopper = await testShopper(t, 'tokenbuyer');
    const pkg = await testPackage(t, { tokenAmount: 300, price: 3000 });
    const { clientSecret } = await startTokenPurchase(t, shopper, pkg._id);
    expect((await confirmWithCard(t, clientSecret)).statusCode).toBe(200);
    const messages = (await list(shopper.headers)).json().map((n: { message: string }) => n.message);
    expect(messages).toEqual(['Your purchase of 300 tokens was successful. They are now in your balance.']);
  });
});
