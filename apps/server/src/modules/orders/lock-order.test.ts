import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE } from '../../core/clock.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestProduct } from '../catalogue/test-helpers.ts';
import { confirmWithCard } from '../token-shop/test-helpers.ts';
import type { TestGateway } from '../payments/test-helpers.ts';
import { api, fundedShopper, ticketsLeftOf, useTokens, type Shopper } from './test-helpers.ts';

const TOKENS = 100;
const ROUNDS = 8;

/**
 * The lock order (docs/architecture.md, "Database errors and lock order") on a real PostgreSQL:
 * the paths that lock a round, its reservations, its orders and token lots run at once on one round
 * (pay, late pay, cancel, expire, replace a checkout, buy out, buy with tokens), round after round.
 * No answer is a 5xx, PostgreSQL detects no deadlock, and the counts add up.
 */
describe.skipIf(process.env.TEST_DB !== 'postgres')('the lock order under concurrent money paths', () => {
  let t: TestApp;
  const statuses: number[] = [];
  const tokenBuyers: Shopper[] = [];
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const call = async (request: Promise<{ statusCode: number; json: () => Record<string, unknown> }>) => {
    const res = await request;
    statuses.push(res.statusCode);
    return res;
  };
  const checkout = (shopper: Shopper, setId: string, ticketsBought: number) =>
    call(
      api(t, shopper, 'POST', '/api/payment/kuji/create-intent', {
        username: shopper.user.username,
        setId,
        ticketsBought,
      }),
    );
  const buyOut = (shopper: Shopper, setId: string) =>
    call(api(t, shopper, 'POST', '/api/payment/kuji/buy-out', { username: shopper.user.username, setId }));
  const pay = (clientSecret: unknown) => call(confirmWithCard(t, clientSecret as string));
  const intentOf = async (orderId: unknown) => (await t.services.orders.findOrder(orderId as string))!.paymentIntentId;

  /** One round: four checkouts (two lapsed), then every crossing path at once, then the buy-out paid against token buyers. */
  async function crossingRound(n: number) {
    const { setId } = await createTestProduct(t);
    const shopper = (name: string, tokens = 0) => fundedShopper(t, `${name}${n}`, tokens);
    const [c1, c2, c3, c4, buyer] = await Promise.all(
      ['lapsed', 'lapsing', 'payer', 'canceller', 'buyer'].map((name) => shopper(name)),
    );
    const tokenBuyersOfRound = await Promise.all(['tok', 'ken', 'bee'].map((name) => shopper(name, TOKENS)));
    tokenBuyers.push(...tokenBuyersOfRound);
    const o1 = (await checkout(c1!, setId, 2)).json();
    const o2 = (await checkout(c2!, setId, 1)).json();
    t.clock.advance(10 * MINUTE + 1);
    const o3 = (await checkout(c3!, setId, 2)).json();
    const o4 = (await checkout(c4!, setId, 1)).json();
    const gateway = t.services.payments.gateway as TestGateway;
    const [i2, i4] = await Promise.all([intentOf(o2.orderId), intentOf(o4.orderId)]);
    const crossing = await Promise.allSettled([
      pay(o1.clientSecret), // a late payment: its reservation lapsed
      t.services.orders.runJobs(), // expiry
      pay(o3.clientSecret),
      checkout(c3!, setId, 1), // replaces the checkout being paid
      t.services.payments.cancel(i4, 'abandoned'),
      checkout(c4!, setId, 2), // replaces the checkout being cancelled
      t.services.payments.cancel(i2, 'abandoned'),
      buyOut(buyer!, setId),
      ...tokenBuyersOfRound.map((b) => call(useTokens(t, b, { setId, ticketsBought: 1 }))),
    ]);
    const held = crossing[7]!.status === 'fulfilled' ? crossing[7].value.json() : null;
    const after = await Promise.allSettled([
      held?.clientSecret ? pay(held.clientSecret) : Promise.resolve(null),
      ...tokenBuyersOfRound.map((b) => call(useTokens(t, b, { setId, ticketsBought: 1 }))),
      t.services.orders.runJobs(),
    ]);
    await gateway.deliverPending();
    return {
      setId,
      failures: [...crossing, ...after]
        .filter((r) => r.status === 'rejected')
        .map((r) => (r as PromiseRejectedResult).reason),
    };
  }

  it('answers every request, refunds once and keeps tickets and tokens whole, with no deadlock detected', async () => {
    const setIds: string[] = [];
    for (let n = 0; n < ROUNDS; n++) {
      const { setId, failures } = await crossingRound(n);
      expect(failures).toEqual([]);
      setIds.push(setId);
    }
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    // Every reservation still open lapses; every refund owed is sent.
    t.clock.advance(11 * MINUTE);
    await t.services.orders.runJobs();
    await t.services.orders.processPendingRefunds();
    await (t.services.payments.gateway as TestGateway).deliverPending();

    for (const setId of setIds) {
      const orders = await t.services.orders.ordersOfRound(setId);
      const sold = orders.filter((o) => o.status === 'paid').reduce((n, o) => n + o.numberOfTickets, 0);
      const taken = (await Promise.all(orders.map((o) => t.services.stock.ticketsOfOrder(t.ctx.db, o.id)))).flat()
        .length;
      expect(sold).toBe(taken);
      expect(sold + (await ticketsLeftOf(t, setId))).toBe(10);
      for (const order of orders.filter(
        (o) => o.paymentMethod === 'card' && o.status !== 'pending' && o.status !== 'canceled',
      )) {
        const refunds = await (t.services.payments.gateway as TestGateway).refundsOf(order.paymentIntentId);
        expect(refunds.length).toBe(order.status === 'refunded' ? 1 : 0);
      }
    }
    for (const buyer of tokenBuyers) {
      const spent = (await t.services.orders.ordersOfUser(buyer.user.id)).reduce(
        (n, o) => n + o.totalCost - o.refundedTokens,
        0,
      );
      expect((await t.services.wallet.balance(t.ctx.db, buyer.user.id)) + spent).toBe(TOKENS);
      expect(await t.services.wallet.ledgerBalance(buyer.user.id)).toBe(
        await t.services.wallet.balance(t.ctx.db, buyer.user.id),
      );
    }
    expect(await deadlocksDetected(t.database.url!)).toBe(0);
  });
});

/**
 * Deadlocks PostgreSQL detected in the database. A backend reports its counts when it exits, so the
 * shop's connections to it are ended first (the pools open new ones when asked).
 */
async function deadlocksDetected(url: string): Promise<number> {
  const name = new URL(url).pathname.slice(1);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      'select pg_terminate_backend(pid, 10000) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    await client.query('select pg_stat_clear_snapshot()');
    const { rows } = await client.query<{ deadlocks: string }>(
      'select deadlocks from pg_stat_database where datname = $1',
      [name],
    );
    return Number(rows[0]!.deadlocks);
  } finally {
    await client.end();
  }
}
