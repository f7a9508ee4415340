import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, TestClock } from '../../core/clock.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { addMonthsUtc } from './service.ts';
import { testShopper } from '../token-shop/test-helpers.ts';

describe('wallet', () => {
  let t: TestApp;
  const clock = new TestClock('2026-01-10T02:00:00.000Z');
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(async () => t.close());

  const credit = (userId: string, amount: number, reference = crypto.randomUUID()) =>
    t.ctx.db.transaction((tx) => t.services.wallet.credit(tx, { userId, amount, source: 'purchase', reference }));
  const spend = (userId: string, amount: number, reference = crypto.randomUUID()) =>
    t.ctx.db.transaction((tx) => t.services.wallet.spend(tx, { userId, amount, reference }));

  it('adds six calendar months, clamped to the month end', () => {
    expect(addMonthsUtc(new Date('2026-01-10T02:00:00Z'), 6).toISOString()).toBe('2026-07-10T02:00:00.000Z');
    expect(addMonthsUtc(new Date('2026-08-31T10:00:00Z'), 6).toISOString()).toBe('2027-02-28T10:00:00.000Z');
  });

  it('credits a lot that expires six months later, and the balance drops to 0 when it does', async () => {
    const userId = crypto.randomUUID();
    clock.set('2026-01-10T02:00:00.000Z');
    const lot = await credit(userId, 120);
    expect(lot.expiresAt.toISOString()).toBe('2026-07-10T02:00:00.000Z');
    expect(await t.services.wallet.balance(t.ctx.db, userId)).toBe(120);
    expect(await t.services.wallet.balance(t.ctx.db, userId, new Date('2026-07-10T01:59:59.999Z'))).toBe(120);
    expect(await t.services.wallet.balance(t.ctx.db, userId, new Date('2026-07-10T02:00:00.000Z'))).toBe(0);
    clock.set('2026-07-11T00:00:00.000Z');
    const { active, expired } = await t.services.wallet.lots(userId);
    expect(active).toHaveLength(0);
    expect(expired.map((l) => l.amountLeft)).toEqual([120]);
    await expect(spend(userId, 1)).rejects.toMatchObject({ statusCode: 400, message: 'Not enough tokens' });
  });

  it('spends the earliest-expiring lots first, across lots, and balance always equals the ledger rebuild', async () => {
    const userId = crypto.randomUUID();
    clock.set('2026-02-01T00:00:00.000Z');
    const first = await credit(userId, 50);
    clock.advance(10 * DAY);
    const second = await credit(userId, 30);
    clock.advance(10 * DAY);
    const third = await credit(userId, 40);
    expect(await t.services.wallet.balance(t.ctx.db, userId)).toBe(120);

    const result = await spend(userId, 70);
    expect(result.lots).toEqual([
      { lotId: first.id, amount: 50 },
      { lotId: second.id, amount: 20 },
    ]);
    const { active } = await t.services.wallet.lots(userId);
    expect(active.map((l) => [l.id, l.amountLeft])).toEqual([
      [second.id, 10],
      [third.id, 40],
    ]);
    expect(await t.services.wallet.balance(t.ctx.db, userId)).toBe(50);
    expect(await t.services.wallet.ledgerBalance(userId)).toBe(50);

    // After the second lot expires, only the third counts, in both the balance and the rebuild.
    const afterSecond = new Date(second.expiresAt.getTime() + 1);
    expect(await t.services.wallet.balance(t.ctx.db, userId, afterSecond)).toBe(40);
    expect(await t.services.wallet.ledgerBalance(userId, afterSecond)).toBe(40);

    const ledger = await t.services.wallet.ledger(userId);
    expect(ledger.map((r) => [r.reason, r.delta])).toEqual([
      ['purchase', 50],
      ['purchase', 30],
      ['purchase', 40],
      ['spend', -50],
      ['spend', -20],
    ]);
  });

  it('never goes negative: a spend larger than the balance fails and changes nothing', async () => {
    const userId = crypto.randomUUID();
    clock.set('2026-03-01T00:00:00.000Z');
    await credit(userId, 10);
    await expect(spend(userId, 11)).rejects.toMatchObject({
      statusCode: 400,
      message: 'Not enough tokens',
      extra: { tokensNeeded: 1 },
    });
    expect(await t.services.wallet.balance(t.ctx.db, userId)).toBe(10);
    expect(await t.services.wallet.ledger(userId)).toHaveLength(1);
    await expect(spend(userId, 0)).rejects.toMatchObject({ statusCode: 400 });
    await expect(spend(userId, -5)).rejects.toMatchObject({ statusCode: 400 });
    await spend(userId, 10);
    expect(await t.services.wallet.balance(t.ctx.db, userId)).toBe(0);
  });

  it('concurrent spends never overspend', async () => {
    const userId = crypto.randomUUID();
    clock.set('2026-04-01T00:00:00.000Z');
    await credit(userId, 25);
    await credit(userId, 25);
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => spend(userId, 7)));
    const succeeded = results.filter((r) => r.status === 'fulfilled').length;
    const failed = results.filter((r) => r.status === 'rejected');
    // 50 tokens cover exactly 7 spends of 7.
    expect(succeeded).toBe(7);
    for (const failure of failed)
      expect((failure as PromiseRejectedResult).reason).toMatchObject({ message: 'Not enough tokens' });
    expect(await t.services.wallet.balance(t.ctx.db, userId)).toBe(1);
    expect(await t.services.wallet.ledgerBalance(userId)).toBe(1);
  });

  it('answers the balance and the lists over HTTP for the logged-in shopper only', async () => {
    clock.set('2026-05-01T00:00:00.000Z');
    const shopper = await testShopper(t);
    await credit(shopper.user.id, 15);
    clock.advance(DAY);
    await credit(shopper.user.id, 5);
    const balance = await t.app.inject({ method: 'GET', url: '/api/token/balance', headers: shopper.headers });
    expect(balance.json()).toEqual({ totalTokens: 20 });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/token/balance' });
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json()).toEqual({ message: 'Please login first.', code: 'LOGIN_REQUIRED' });

    clock.set('2026-11-01T12:00:00.000Z'); // the first lot has expired, the second not yet
    const { token } = await t.ctx.tokens.sign(shopper.user); // a fresh login: bearer tokens last a week
    const lists = await t.app.inject({
      method: 'GET',
      url: '/api/token/user-tokens',
      headers: { authorization: `Bearer ${token}` },
    });
    const body = lists.json();
    expect(body.activeTokens).toEqual([
      { _id: expect.any(String), amountLeft: 5, expiryDate: '2026-11-02T00:00:00.000Z' },
    ]);
    expect(body.expiredTokens).toEqual([
      { _id: expect.any(String), amountLeft: 15, expiryDate: '2026-11-01T00:00:00.000Z' },
    ]);
  });

  it('spends for several users in one statement, each earliest expiry first; a short balance is left untouched', async () => {
    clock.set('2026-02-01T00:00:00.000Z');
    const [rich, split, short] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    await credit(rich, 100);
    await credit(split, 5);
    clock.set('2026-02-02T00:00:00.000Z');
    const later = await credit(split, 20);
    await credit(short, 9);
    const results = await t.ctx.db.transaction((tx) =>
      t.services.wallet.spendEach(tx, [
        { userId: rich, amount: 30, reference: 'order-1' },
        { userId: short, amount: 10, reference: 'order-2' },
        { userId: split, amount: 12, reference: 'order-3' },
      ]),
    );
    expect(results.map((r) => [r.userId, r.ok, r.available])).toEqual([
      [rich, true, 100],
      [short, false, 9],
      [split, true, 25],
    ]);
    // The earlier lot (5) is emptied first, then 7 of the later one.
    expect(results[2]!.lots.map((l) => l.amount)).toEqual([5, 7]);
    expect(results[2]!.lots[1]!.lotId).toBe(later.id);
    expect(await t.services.wallet.balance(t.ctx.db, rich)).toBe(70);
    expect(await t.services.wallet.balance(t.ctx.db, split)).toBe(13);
    expect(await t.services.wallet.balance(t.ctx.db, short)).toBe(9);
    expect((await t.services.wallet.ledger(short)).map((r) => r.reason)).toEqual(['purchase']);
    expect(
      (await t.services.wallet.ledger(split)).filter((r) => r.reason === 'spend').map((r) => [r.delta, r.reference]),
    ).toEqual([
      [-5, 'order-3'],
      [-7, 'order-3'],
    ]);
    for (const userId of [rich, split, short])
      expect(await t.services.wallet.ledgerBalance(userId)).toBe(await t.services.wallet.balance(t.ctx.db, userId));
  });

  it('refuses two spends of one user in a batch', async () => {
    const userId = crypto.randomUUID();
    await credit(userId, 10);
    await expect(
      t.ctx.db.transaction((tx) =>
        t.services.wallet.spendEach(tx, [
          { userId, amount: 1, reference: 'a' },
          { userId, amount: 1, reference: 'b' },
        ]),
      ),
    ).rejects.toThrow('one spend per user');
  });
});
