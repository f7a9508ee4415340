import crypto from 'node:crypto';
import pg from 'pg';
import { LAST_RANK } from '@kujiya/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE } from '../../core/clock.ts';
import { eventsOfClientFrom, traceStatements, type TracedStatement } from '../../test/statement-trace.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestProduct } from '../catalogue/test-helpers.ts';
import { fundedShopper, ticketsLeftOf, useTokens } from './test-helpers.ts';

/** Waits until some backend waits for a row lock (the purchase batch queued behind `holder`). */
async function untilSomeoneWaitsForALock(client: pg.Client): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const { rows } = await client.query(
      `select count(*)::int as n from pg_locks where not granted and locktype in ('transactionid', 'tuple')`,
    );
    if (rows[0].n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('no purchase batch waited for the round lock');
}

/**
 * How many times the batch's process had to wait for an answer before it could send on, from the
 * round lock's statement to the COMMIT: each is a turn of a busy event loop while the lock is held.
 */
function waitsUnderTheLock(events: readonly TracedStatement[]): number {
  const lock = events.findIndex((e) => e.event === 'sent' && e.text.includes('for update'));
  const commit = events.findIndex((e) => e.event === 'sent' && e.text === 'commit');
  let waits = 0;
  for (let k = lock + 1; k <= commit; k++)
    if (events[k]!.event === 'sent' && events[k - 1]!.event === 'answered') waits++;
  return waits;
}

/**
 * Runs one purchase with every statement traced; its batch's client's statements from the orders'
 * insert on, and where a statement was sent or answered among them.
 */
async function tracedPurchase<R>(purchase: () => Promise<R>) {
  const { trace, restore } = traceStatements();
  let res: R;
  try {
    res = await purchase();
  } finally {
    restore();
  }
  const events = eventsOfClientFrom(trace, 'insert into "orders"');
  const sent = (marker: string) => events.findIndex((e) => e.event === 'sent' && e.text.includes(marker));
  const answered = (marker: string) => events.findIndex((e) => e.event === 'answered' && e.text.includes(marker));
  return { res, events, sent, answered };
}

/**
 * A purchase batch sends its reads under the round lock (what is left, the shoppers' orders) right
 * behind the lock's statement on the lock pool's pipelined connections (db/round-trips.ts). They must
 * run after the lock is granted: a hold committed while the batch waited for the lock is counted.
 */
describe.skipIf(process.env.TEST_DB !== 'postgres')('a purchase batch on a pipelined connection', () => {
  let t: TestApp;
  let holder: pg.Client;
  beforeAll(async () => {
    t = await createTestApp();
    holder = new pg.Client({ connectionString: t.database.url });
    await holder.connect();
  });
  afterAll(async () => {
    await holder.end();
    await t.close();
  });

  it('counts a hold committed while it waited for the round lock', async () => {
    const { setId } = await createTestProduct(t); // 10 tickets
    const buyer = await fundedShopper(t, 'pipelined-buyer', 100);
    const holdOwner = await fundedShopper(t, 'pipelined-hold', 0);
    await holder.query('begin');
    await holder.query('select id from set_rounds where id = $1 for update', [setId]);
    const purchase = useTokens(t, buyer, { setId, ticketsBought: 2 });
    await untilSomeoneWaitsForALock(holder);
    // A card checkout's hold of 9 tickets, committed while the batch waits: 1 ticket is left for it.
    await holder.query(
      `insert into reservations (id, round_id, user_id, quantity, expires_at, status, created_at)
       values ($1, $2, $3, 9, $4, 'active', $5)`,
      [crypto.randomUUID(), setId, holdOwner.user.id, new Date(t.clock.now().getTime() + 10 * MINUTE), t.clock.now()],
    );
    await holder.query('commit');
    const res = await purchase;
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Not enough tickets left', ticketsLeft: 1 });
    expect(await ticketsLeftOf(t, setId)).toBe(1);
    expect(await t.services.wallet.balance(t.ctx.db, buyer.user.id)).toBe(100);
  });

  it('holds the round lock for two waits on PostgreSQL: the reads, then the spends with the draw; the writes go with the commit', async () => {
    const { setId } = await createTestProduct(t);
    const buyer = await fundedShopper(t, 'pipelined-trips', 100);
    const { res, events, sent, answered } = await tracedPurchase(() =>
      useTokens(t, buyer, { setId, ticketsBought: 2 }),
    );
    expect(res.statusCode).toBe(200);
    // The spends and the draw's read in one round trip; the claim of the tickets and the COMMIT in the next.
    expect(sent('with wanted as')).toBeLessThan(answered('with wanted as'));
    expect(sent('row_number() over')).toBeLessThan(answered('with wanted as'));
    expect(sent('commit')).toBeLessThan(answered('update "tickets" set order_id'));
    expect(waitsUnderTheLock(events)).toBe(2);
  });

  it("sends an Idempotency-Key's mark and answer with the COMMIT: still two waits under the lock", async () => {
    const { setId } = await createTestProduct(t);
    const buyer = await fundedShopper(t, 'pipelined-keyed', 100);
    const { res, events, sent, answered } = await tracedPurchase(() =>
      t.app.inject({
        method: 'POST',
        url: '/api/token/use',
        headers: { ...buyer.headers, 'idempotency-key': 'pipelined-keyed-1' },
        payload: { username: buyer.user.username, setId, ticketsBought: 2 },
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(sent('commit')).toBeLessThan(answered('update idempotency_keys'));
    expect(waitsUnderTheLock(events)).toBe(2);
    const { rows } = await t.database.executeSql(
      `select state, response_status, response_body, committed_at is not null as committed
         from idempotency_keys where user_id = $1 and key = 'pipelined-keyed-1'`,
      [buyer.user.id],
    );
    expect(rows[0]).toEqual({ state: 'done', response_status: 200, response_body: res.body, committed: true });
  });

  it('decides a batch of purchases with its writes sent together, as successive purchases would', async () => {
    const { setId } = await createTestProduct(t);
    const buyers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => fundedShopper(t, `pipelined-batch-${i}`, 100)),
    );
    const answers = await Promise.all(buyers.map((b) => useTokens(t, b, { setId, ticketsBought: 2 })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await ticketsLeftOf(t, setId)).toBe(0);
    const count = async (text: string, values: unknown[]) =>
      Number((await t.database.executeSql(`select count(*)::int as n from ${text}`, values)).rows[0]!.n);
    for (const [i, buyer] of buyers.entries()) {
      const orderId = answers[i]!.json().orderId as string;
      const order = await t.services.orders.findOrder(orderId);
      expect(order).toMatchObject({ status: 'paid', numberOfTickets: 2 });
      // Two tickets' prizes; the last buyer also took the Last Prize (the batch sold the round out).
      expect(order!.selectedPrizes.filter((rank) => rank !== LAST_RANK)).toHaveLength(2);
      expect(order!.selectedPrizes.includes(LAST_RANK)).toBe(i === buyers.length - 1);
      expect((await t.services.stock.ticketsOfOrder(t.ctx.db, orderId)).length).toBe(2);
      expect(await count('inventory_batches where order_id = $1', [orderId])).toBeGreaterThan(0);
      expect(await count(`mail_queue where template = 'orderReceipt' and data->>'orderId' = $1`, [orderId])).toBe(1);
      const notices = await t.services.notifications.list(buyer.user.id);
      expect(notices.filter((n) => n.message.includes('order is in the draw log (2 tickets)'))).toHaveLength(1);
      expect(await t.services.wallet.balance(t.ctx.db, buyer.user.id)).toBe(100 - order!.totalCost);
    }
  });
});
