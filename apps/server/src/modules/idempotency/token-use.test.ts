import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@kujiya/shared';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestProduct } from '../catalogue/test-helpers.ts';
import { fundedShopper, ticketsLeftOf, type Shopper } from '../orders/test-helpers.ts';
import { LEASE_SECONDS } from './claims.ts';

/** `Idempotency-Key` on POST /api/token/use (docs/operations.md, "Idempotent money calls"). */
describe('idempotent token purchases', () => {
  let t: TestApp;
  let keyCount = 0;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const newKey = () => `key-${++keyCount}-${Date.now()}`;
  const buy = (shopper: Shopper, key: string | undefined, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/token/use',
      headers: { ...shopper.headers, ...(key === undefined ? {} : { 'idempotency-key': key }) },
      payload: { username: shopper.user.username, ...body },
    });
  const ordersOf = async (shopper: Shopper) => {
    const { rows } = await t.database.executeSql('select count(*)::int as n from orders where user_id = $1', [
      shopper.user.id,
    ]);
    return rows[0]!.n;
  };
  const balanceOf = (shopper: Shopper) => t.services.wallet.balance(t.ctx.db, shopper.user.id);
  const replaysCounted = async () =>
    (await t.ctx.metrics.registry.getSingleMetric('kujiya_idempotent_replays_total')!.get()).values[0]?.value ?? 0;

  it('replays the first answer to the same key: one order, the same status and body', async () => {
    const { setId } = await createTestProduct(t);
    const alice = await fundedShopper(t, 'idem1', 100);
    const key = newKey();
    const replaysBefore = await replaysCounted();
    const first = await buy(alice, key, { setId, ticketsBought: 2 });
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const second = await buy(alice, key, { setId, ticketsBought: 2 });
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await replaysCounted()).toBe(replaysBefore + 1);
    expect(await ordersOf(alice)).toBe(1);
    expect(await balanceOf(alice)).toBe(100 - 24);
    expect(await ticketsLeftOf(t, setId)).toBe(8);
  });

  it('runs concurrent requests with one key once; the others get the same answer', async () => {
    const { setId } = await createTestProduct(t);
    const bob = await fundedShopper(t, 'idem2', 100);
    const key = newKey();
    const answers = await Promise.all([1, 2, 3, 4].map(() => buy(bob, key, { setId, ticketsBought: 1 })));
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok.length).toBeGreaterThan(0);
    for (const a of ok) expect(a.body).toBe(ok[0]!.body);
    for (const a of answers.filter((x) => x.statusCode !== 200)) {
      expect(a.statusCode).toBe(409);
      expect(a.json().code).toBe(ErrorCode.IDEMPOTENCY_KEY_IN_USE);
    }
    expect(await ordersOf(bob)).toBe(1);
    expect(await balanceOf(bob)).toBe(100 - 12);
  });

  it('answers 422 to the same key with another body, and changes nothing', async () => {
    const { setId } = await createTestProduct(t);
    const carol = await fundedShopper(t, 'idem3', 100);
    const key = newKey();
    expect((await buy(carol, key, { setId, ticketsBought: 1 })).statusCode).toBe(200);
    const other = await buy(carol, key, { setId, ticketsBought: 2 });
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe(ErrorCode.IDEMPOTENCY_KEY_MISMATCH);
    expect(await ordersOf(carol)).toBe(1);
    expect(await balanceOf(carol)).toBe(100 - 12);
  });

  it("keeps each shopper's keys their own", async () => {
    const { setId } = await createTestProduct(t);
    const dan = await fundedShopper(t, 'idem4', 100);
    const erin = await fundedShopper(t, 'idem5', 100);
    const key = newKey();
    const forDan = await buy(dan, key, { setId, ticketsBought: 1 });
    const forErin = await buy(erin, key, { setId, ticketsBought: 1 });
    expect(forErin.statusCode).toBe(200);
    expect(forErin.headers['idempotent-replayed']).toBeUndefined();
    expect(forErin.json().orderId).not.toBe(forDan.json().orderId);
    expect([await ordersOf(dan), await ordersOf(erin)]).toEqual([1, 1]);
  });

  it('replays a 4xx too: a refused purchase stays refused under its key, even once it would fit', async () => {
    const { setId } = await createTestProduct(t);
    const fay = await fundedShopper(t, 'idem6', 10);
    const key = newKey();
    const refused = await buy(fay, key, { setId, ticketsBought: 1 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe(ErrorCode.INSUFFICIENT_TOKENS);
    await t.ctx.db.transaction((tx) =>
      t.services.wallet.credit(tx, { userId: fay.user.id, amount: 50, source: 'purchase', reference: 'top-up' }),
    );
    const again = await buy(fay, key, { setId, ticketsBought: 1 });
    expect(again.statusCode).toBe(400);
    expect(again.body).toBe(refused.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await ordersOf(fay)).toBe(0);
    // A fresh key is a new action.
    expect((await buy(fay, newKey(), { setId, ticketsBought: 1 })).statusCode).toBe(200);
  });

  it('refuses a malformed key with 400 and works as before without one', async () => {
    const { setId } = await createTestProduct(t);
    const gus = await fundedShopper(t, 'idem7', 100);
    for (const bad of ['', 'x'.repeat(256), 'caf\u00e9', 'tab\there']) {
      const res = await buy(gus, bad, { setId, ticketsBought: 1 });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().code).toBe(ErrorCode.IDEMPOTENCY_KEY_INVALID);
    }
    expect(await ordersOf(gus)).toBe(0);
    expect((await buy(gus, undefined, { setId, ticketsBought: 1 })).statusCode).toBe(200);
    expect((await buy(gus, undefined, { setId, ticketsBought: 1 })).statusCode).toBe(200);
    expect(await ordersOf(gus)).toBe(2);
    // A validation failure is not stored: the key is still free for the corrected call.
    const key = newKey();
    expect((await buy(gus, key, { setId, ticketsBought: 'two' })).statusCode).toBe(400);
    expect((await buy(gus, key, { setId, ticketsBought: 1 })).statusCode).toBe(200);
  });

  it('counts a key older than 24 hours as new', async () => {
    const { setId } = await createTestProduct(t);
    const hal = await fundedShopper(t, 'idem8', 100);
    const key = newKey();
    expect((await buy(hal, key, { setId, ticketsBought: 1 })).statusCode).toBe(200);
    await t.ctx.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '25 hours' where user_id = ${hal.user.id}`,
    );
    const later = await buy(hal, key, { setId, ticketsBought: 2 });
    expect(later.statusCode).toBe(200);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await ordersOf(hal)).toBe(2);
    expect(await t.services.idempotency.purgeExpiredKeys()).toBe(0);
  });

  it("takes over a dead request's claim when nothing committed, and answers SPENT when it had", async () => {
    const { setId } = await createTestProduct(t);
    const ivy = await fundedShopper(t, 'idem9', 100);
    const key = newKey();
    // The first request claims the key, then its instance dies: its lease runs out.
    expect((await buy(ivy, key, { setId, ticketsBought: 1 })).statusCode).toBe(200);
    const expire = (committed: boolean) =>
      t.ctx.db.execute(
        sql`update idempotency_keys set state = 'running', response_status = null, response_body = null,
            lease_until = now() - interval '1 second',
            committed_at = ${committed ? sql`now()` : sql`null`} where user_id = ${ivy.user.id}`,
      );
    await expire(true);
    const spent = await buy(ivy, key, { setId, ticketsBought: 1 });
    expect(spent.statusCode).toBe(409);
    expect(spent.json().code).toBe(ErrorCode.IDEMPOTENCY_KEY_SPENT);
    expect(await ordersOf(ivy)).toBe(1);
    await expire(false);
    const takenOver = await buy(ivy, key, { setId, ticketsBought: 1 });
    expect(takenOver.statusCode).toBe(200);
    expect(await ordersOf(ivy)).toBe(2);
    expect(LEASE_SECONDS).toBeGreaterThan(0);
  });
});
