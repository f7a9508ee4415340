import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWithClaim } from '../../core/idempotency-scope.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestProduct } from '../catalogue/test-helpers.ts';
import { fundedShopper, ticketsLeftOf } from '../orders/test-helpers.ts';
import { insertClaim } from './claims.ts';

/**
 * The claim is marked in the work's own transaction (docs/operations.md, "Idempotent money calls"):
 * a request whose claim was taken over cannot commit, and a batch marks only what it carried out.
 */
describe('idempotency claims in transactions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const claimRow = async (userId: string, key: string) =>
    (
      await t.database.executeSql(
        'select owner, committed_at is not null as committed, state from idempotency_keys where user_id = $1 and key = $2',
        [userId, key],
      )
    ).rows[0] as { owner: string; committed: boolean; state: string } | undefined;

  it('marks the claim as the last statement of the work, and rolls the work back once another owner took it', async () => {
    const shopper = await fundedShopper(t, 'fence1', 0);
    const userId = shopper.user.id;
    const credit = (reference: string) =>
      t.ctx.db.transaction((tx) => t.services.wallet.credit(tx, { userId, amount: 5, source: 'purchase', reference }));

    const mine = (await insertClaim(t.ctx.db, { userId, key: 'fence-a', fingerprint: 'f' }))!;
    await runWithClaim(mine, () => credit('fenced-1'));
    expect(await claimRow(userId, 'fence-a')).toMatchObject({ committed: true, owner: mine.owner });
    expect(await t.services.wallet.balance(t.ctx.db, userId)).toBe(5);

    const lost = (await insertClaim(t.ctx.db, { userId, key: 'fence-b', fingerprint: 'f' }))!;
    // Its lease ran out and a retry on another instance took the claim over.
    await t.ctx.db.execute(sql`update idempotency_keys set owner = gen_random_uuid() where id = ${lost.id}`);
    await expect(runWithClaim(lost, () => credit('fenced-2'))).rejects.toThrow(/claim lost/);
    expect(await t.services.wallet.balance(t.ctx.db, userId)).toBe(5);
    expect(await claimRow(userId, 'fence-b')).toMatchObject({ committed: false });
  });

  it("marks the claims of a batch's accepted purchases and not a refused one's", async () => {
    const { setId } = await createTestProduct(t);
    const rich = await fundedShopper(t, 'fence2', 100);
    const poor = await fundedShopper(t, 'fence3', 5);
    const buy = (shopper: typeof rich, key: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/token/use',
        headers: { ...shopper.headers, 'idempotency-key': key },
        payload: { username: shopper.user.username, setId, ticketsBought: 1 },
      });
    const [ok, refused] = await Promise.all([buy(rich, 'batch-rich'), buy(poor, 'batch-poor')]);
    expect([ok.statusCode, refused.statusCode]).toEqual([200, 400]);
    expect(await claimRow(rich.user.id, 'batch-rich')).toMatchObject({ committed: true, state: 'done' });
    expect(await claimRow(poor.user.id, 'batch-poor')).toMatchObject({ committed: false, state: 'done' });
  });

  it("stores a token purchase's answer with its mark, so a request that never answered still replays", async () => {
    const { setId } = await createTestProduct(t);
    const shopper = await fundedShopper(t, 'fence4', 100);
    const claim = (await insertClaim(t.ctx.db, { userId: shopper.user.id, key: 'lost-answer', fingerprint: 'f' }))!;
    // The work commits, and the instance dies before its onSend hook stores the answer.
    const bought = await runWithClaim(claim, () =>
      t.services.orders.useTokens(shopper.user, { username: shopper.user.username, setId, ticketsBought: 2 }),
    );
    const { rows } = await t.database.executeSql(
      'select state, response_status, response_body, committed_at is not null as committed from idempotency_keys where id = $1',
      [claim.id],
    );
    expect(rows[0]).toEqual({
      state: 'done',
      response_status: 200,
      response_body: JSON.stringify({ orderId: bought.orderId, totalTicketsBought: 2 }),
      committed: true,
    });
  });

  it("rolls a token batch back (on PostgreSQL a pipelined one, its mark sent with the COMMIT) when a purchase's claim was taken over, and sells its tickets after", async () => {
    const { setId } = await createTestProduct(t);
    const buyer = await fundedShopper(t, 'pipelined-fenced', 100);
    const claim = (await insertClaim(t.ctx.db, { userId: buyer.user.id, key: 'fenced-batch', fingerprint: 'f' }))!;
    // Its lease ran out and a retry on another instance took the claim over.
    await t.ctx.db.execute(sql`update idempotency_keys set owner = gen_random_uuid() where id = ${claim.id}`);
    const buy = () =>
      t.services.orders.useTokens(buyer.user, { username: buyer.user.username, setId, ticketsBought: 2 });
    await expect(runWithClaim(claim, buy)).rejects.toThrow(/claim lost/);
    expect(await ticketsLeftOf(t, setId)).toBe(10);
    expect(await t.services.wallet.balance(t.ctx.db, buyer.user.id)).toBe(100);
    const { rows } = await t.database.executeSql('select count(*)::int as n from orders where user_id = $1', [
      buyer.user.id,
    ]);
    expect(rows[0]!.n).toBe(0);
    // The connection is clean: the next purchase on the lock pool goes through.
    await buy();
    expect(await ticketsLeftOf(t, setId)).toBe(8);
  });
});
