import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../core/auth.ts';
import { TestClock } from '../../core/clock.ts';
import {
  INSTANCE_JWT_SECRET as JWT_SECRET,
  callInstance,
  serverErrors,
  startInstance,
  stopInstance,
  until,
  type Instance,
} from '../../test/instances.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestProduct } from '../catalogue/test-helpers.ts';
import type { NewProduct } from '@kujiya/shared';
import type { TestGateway } from '../payments/test-helpers.ts';
import { insertTestShopper } from '../accounts/test-helpers.ts';

/**
 * The ticket and buying rules (docs/rules/catalogue.md, buying.md) across instances: two real server processes (`startServer`, background jobs on) share
 * one fresh PostgreSQL database; the test process sets the data up and reads the outcome through
 * the services on the same database. Only PostgreSQL can be shared by two processes, so without
 * TEST_DATABASE_URL (CI sets it; `npm test` says when it is missing) these tests are skipped.
 */
type Shopper = { user: Principal; authorization: string };

async function call(instance: Instance, shopper: Shopper | null, method: 'GET' | 'POST', url: string, body?: unknown) {
  const { status, json } = await callInstance(instance, shopper?.authorization, method, url, body);
  return { status, json: json ?? {} };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('two server instances on one PostgreSQL database', () => {
  let t: TestApp;
  let a: Instance;
  let b: Instance;
  let shopperCount = 0;

  beforeAll(async () => {
    // The setup app's clock is real time: the instances use the system clock.
    t = await createTestApp({ clock: new TestClock(new Date()), env: { JWT_SECRET } });
    const url = (t.database as { url?: string }).url;
    if (!url) throw new Error('the multi-instance tests need TEST_DB=postgres (project server-postgres)');
    [a, b] = await Promise.all([startInstance(url), startInstance(url)]);
  });
  afterAll(async () => {
    await Promise.all([stopInstance(a), stopInstance(b)]);
    await t?.close();
  });

  /** A shopper (bearer signed with the instances' secret) with `tokens` in the wallet. */
  async function shopper(tokens: number): Promise<Shopper> {
    shopperCount += 1;
    const user = await insertTestShopper(t, `multi${shopperCount}`);
    if (tokens > 0) {
      await t.ctx.db.transaction((tx) =>
        t.services.wallet.credit(tx, { userId: user.id, amount: tokens, source: 'purchase', reference: 'test-funds' }),
      );
    }
    return { user, authorization: `Bearer ${(await t.ctx.tokens.sign(user)).token}` };
  }

  /** 50 tickets (A x5, B x15, C x30) and a Last Prize, 12 tokens each. */
  async function fiftyTicketRound() {
    const image = await t.services.media.putImage(
      t.ctx.db,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'image/svg+xml',
    );
    const prizes: NewProduct['prizes'] = [
      { kind: 'letter', letter: 'A', description: 'Big figure', image, type: 'Big', quantity: 5 },
      { kind: 'letter', letter: 'B', description: 'Plush', image, type: 'Small', quantity: 15 },
      { kind: 'letter', letter: 'C', description: 'Keychain', image, type: 'Small', quantity: 30 },
      { kind: 'last', description: 'Last figure', image, type: 'Big' },
    ];
    return createTestProduct(t, { prizes });
  }
  const ticketsLeft = async (setId: string) => (await t.services.stock.availabilityOf(t.ctx.db, setId)).left;
  const useTokens = (instance: Instance, buyer: Shopper, body: Record<string, unknown>) =>
    call(instance, buyer, 'POST', '/api/token/use', { username: buyer.user.username, ...body });
  const confirmCard = (instance: Instance, clientSecret: string) =>
    call(instance, null, 'POST', '/api/test-gateway/confirm', {
      clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
    });

  /** No ticket twice, nonces without gaps, every drawn ticket on a paid order, one Last Prize on the final nonce. */
  async function expectSoldOutOnce(setId: string) {
    const orders = (await t.services.orders.ordersOfRound(setId)).filter((o) => o.status === 'paid');
    const log = await t.services.stock.drawLog(t.ctx.db, setId);
    expect(log.map((e) => e.nonce)).toEqual([...Array(50).keys()]);
    expect(new Set(log.map((e) => e.ticketIndex)).size).toBe(50);
    const ids = new Set(orders.map((o) => o.id));
    expect(log.every((e) => e.orderId !== null && ids.has(e.orderId))).toBe(true);
    expect(orders.reduce((n, o) => n + o.numberOfTickets, 0)).toBe(50);
    for (const order of orders) {
      expect(order.selectedPrizes.filter((p) => p !== 'LAST')).toEqual(
        log.filter((e) => e.orderId === order.id).map((e) => e.letter),
      );
    }
    const withLast = orders.filter((o) => o.selectedPrizes.includes('LAST'));
    expect(withLast).toHaveLength(1);
    expect(withLast[0]!.id).toBe(log.at(-1)!.orderId);
    expect((await t.services.catalogue.findRound(t.ctx.db, setId))!.status).toBe('sold_out');
    return orders;
  }

  it('200 concurrent token purchases over both instances sell exactly the 50 tickets, each paid for once', async () => {
    const { setId } = await fiftyTicketRound();
    const buyers = await Promise.all(Array.from({ length: 200 }, () => shopper(100)));
    const wants = buyers.map((_, i) => (i % 3) + 1);
    const results = await Promise.all(
      buyers.map((buyer, i) =>
        useTokens(i % 2 ? a : b, buyer, { setId, ticketsBought: wants[i], clientSeed: `multi-${i}` }),
      ),
    );
    for (const res of results) {
      expect([200, 400], serverErrors(a, b)).toContain(res.status);
      if (res.status === 400) expect(res.json.message).toBe('Not enough tickets left');
    }
    expect(results.filter((r) => r.status === 200).length).toBeGreaterThan(16);

    const orders = await expectSoldOutOnce(setId);
    expect(await ticketsLeft(setId)).toBe(0);
    // Each buyer's debit matches their tickets, in the balance and in the ledger; losers paid nothing.
    for (const [i, buyer] of buyers.entries()) {
      const own = orders.filter((o) => o.userId === buyer.user.id);
      const tickets = own.reduce((n, o) => n + o.numberOfTickets, 0);
      expect(tickets).toBe(results[i]!.status === 200 ? wants[i] : 0);
      if (results[i]!.status === 200)
        expect(results[i]!.json).toEqual({ orderId: own[0]!.id, totalTicketsBought: wants[i] });
      expect(await t.services.wallet.balance(t.ctx.db, buyer.user.id)).toBe(100 - 12 * tickets);
      expect(await t.services.wallet.ledgerBalance(buyer.user.id)).toBe(100 - 12 * tickets);
    }

    // The draw endpoint called twice, on both instances at once, reveals the same and draws nothing.
    const order = orders.find((o) => o.selectedPrizes.includes('LAST'))!;
    const owner = buyers.find((x) => x.user.id === order.userId)!;
    const [first, second] = await Promise.all(
      [a, b].map((instance) => call(instance, owner, 'POST', `/api/draw-and-update-order/${order.id}`)),
    );
    expect(first!.status).toBe(200);
    expect(second!.json).toEqual(first!.json);
    expect(first!.json).toMatchObject({ selectedPrizes: order.selectedPrizes, ticketsToDraw: order.numberOfTickets });
    expect((await call(a, owner, 'POST', `/api/draw-and-update-order/${order.id}`)).json).toEqual(first!.json);
    expect((await t.services.stock.drawLog(t.ctx.db, setId)).length).toBe(50);
    const batches = await t.services.inventory.batchesOfOrder(order.id);
    expect(batches.reduce((n, x) => n + x.quantity, 0)).toBe(order.selectedPrizes.length);
    expect((await t.services.orders.findOrder(order.id))!.revealedAt).not.toBeNull();
  });

  it('a card buy-out racing token buyers holds the round: others get 423 until it is paid', async () => {
    const { setId } = await fiftyTicketRound();
    const kim = await shopper(0);
    const racers = await Promise.all(Array.from({ length: 30 }, () => shopper(100)));
    const buyOut = (instance: Instance) =>
      call(instance, kim, 'POST', '/api/payment/kuji/buy-out', { username: kim.user.username, setId });
    const [buyOutRes, ...racing] = await Promise.all([
      buyOut(a),
      ...racers.map((racer, i) => useTokens(i % 2 ? a : b, racer, { setId, ticketsBought: 1 })),
    ]);
    for (const res of racing) {
      expect([200, 423]).toContain(res.status);
      if (res.status === 423) expect(res.json).toMatchObject({ message: 'Buying out in progress' });
    }
    // A token purchase landing between the buy-out's check and its lock makes it ask again (400).
    let held = buyOutRes!;
    for (let attempt = 0; held.status === 400 && attempt < 5; attempt++) {
      expect(held.json.message).toBe('Not enough tickets left');
      held = await buyOut(attempt % 2 ? a : b);
    }
    expect(held.status).toBe(200);
    const { orderId, clientSecret, ticketsBought } = held.json as {
      orderId: string;
      clientSecret: string;
      ticketsBought: number;
    };
    const soldByTokens = racing.filter((r) => r.status === 200).length;
    expect(ticketsBought).toBe(50 - soldByTokens);
    expect(await ticketsLeft(setId)).toBe(0);

    // While held, every other purchase on either instance is refused with the time left.
    const late = await shopper(100);
    for (const instance of [a, b]) {
      const blocked = await useTokens(instance, late, { setId, ticketsBought: 1 });
      expect(blocked.status).toBe(423);
      expect(blocked.json.holdTimeLeft).toBeGreaterThan(590);
      const intent = await call(instance, late, 'POST', '/api/payment/kuji/create-intent', {
        username: late.user.username,
        setId,
        ticketsBought: 1,
      });
      expect(intent.status).toBe(423);
    }

    // Paid through the other instance: the buyer gets every reserved ticket and the Last Prize.
    expect((await confirmCard(b, clientSecret)).status).toBe(200);
    await until(async () => (await t.services.orders.findOrder(orderId))?.status === 'paid');
    const orders = await expectSoldOutOnce(setId);
    const bought = orders.find((o) => o.id === orderId)!;
    expect(bought.numberOfTickets).toBe(ticketsBought);
    expect(bought.selectedPrizes.at(-1)).toBe('LAST');
    expect((await t.services.catalogue.findRound(t.ctx.db, setId))!.holdUntil).toBeNull();
    expect((await useTokens(a, late, { setId, ticketsBought: 1 })).json.message).toBe('Not enough tickets left');
    expect(await t.services.wallet.balance(t.ctx.db, late.user.id)).toBe(100);
  });

  it('lapsed reservations come back at once on read and are expired by exactly one instance', async () => {
    const { setId } = await createTestProduct(t); // 10 tickets
    const [xena, yuri] = await Promise.all([shopper(0), shopper(0)]);
    const intent = (instance: Instance, who: Shopper, count: number) =>
      call(instance, who, 'POST', '/api/payment/kuji/create-intent', {
        username: who.user.username,
        setId,
        ticketsBought: count,
      });
    const [first, second] = await Promise.all([intent(a, xena, 3), intent(b, yuri, 2)]);
    expect([first!.status, second!.status]).toEqual([200, 200]);
    expect(await ticketsLeft(setId)).toBe(5);
    const check = (count: number) => call(a, xena, 'POST', '/api/kuji/check-tickets', { setId, ticketsBought: count });
    expect((await check(10)).json.success).toBe(false);

    const logsBefore = [a.logs.length, b.logs.length];
    // Ten minutes pass for these two reservations (the instances run on the real clock).
    await t.ctx.db.execute(
      sql`update reservations set expires_at = now() - interval '1 second' where round_id = ${setId}`,
    );
    expect((await check(10)).json.success).toBe(true); // lazily, before any job ran

    const statuses = async () =>
      (
        (await t.ctx.db.execute(sql`select status from reservations where round_id = ${setId}`)) as unknown as {
          rows: { status: string }[];
        }
      ).rows.map((r) => r.status);
    await until(async () => (await statuses()).every((s) => s === 'expired'));
    // Give both instances' jobs a few more runs: nothing is expired twice.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const expiredBy = [a, b].map((instance, i) =>
      instance.logs
        .slice(logsBefore[i])
        .reduce((n, line) => n + (line.job === 'reservation-expiry' ? Number(line.expired ?? 0) : 0), 0),
    );
    expect(expiredBy[0]! + expiredBy[1]!).toBe(2);
    expect(await ticketsLeft(setId)).toBe(10);

    // A payment after expiry still gets its tickets while enough are left (docs/rules/buying.md).
    expect((await confirmCard(b, first!.json.clientSecret as string)).status).toBe(200);
    await until(async () => (await t.services.orders.findOrder(first!.json.orderId as string))?.status === 'paid');
    expect(await ticketsLeft(setId)).toBe(7);
  });

  it('a replayed payment event, delivered to both instances, changes nothing', async () => {
    const { setId } = await createTestProduct(t);
    const zoe = await shopper(0);
    const created = await call(a, zoe, 'POST', '/api/payment/kuji/create-intent', {
      username: zoe.user.username,
      setId,
      ticketsBought: 2,
    });
    const { orderId, clientSecret } = created.json as { orderId: string; clientSecret: string };
    expect((await confirmCard(b, clientSecret)).status).toBe(200);
    await until(async () => (await t.services.orders.findOrder(orderId))?.status === 'paid');
    const order = (await t.services.orders.findOrder(orderId))!;
    const tickets = await t.services.stock.ticketsOfOrder(t.ctx.db, orderId);
    expect(tickets).toHaveLength(2);

    const gateway = t.services.payments.gateway as TestGateway;
    const event = await gateway.signedEvent('payment_intent.succeeded', {
      id: order.paymentIntentId,
      object: 'payment_intent',
      amount: order.totalCost,
      currency: 'sgd',
      status: 'succeeded',
      metadata: { orderId },
    });
    const replays = await Promise.all(
      [a, b, a, b].map((instance) =>
        fetch(`${instance.url}/api/payment/webhook`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': event.signatureHeader },
          body: event.rawBody,
        }),
      ),
    );
    for (const res of replays) expect(res.status).toBe(200);
    expect(await t.services.stock.ticketsOfOrder(t.ctx.db, orderId)).toEqual(tickets);
    expect(await t.services.orders.findOrder(orderId)).toEqual(order);
    expect(await ticketsLeft(setId)).toBe(8);
    expect((await t.services.inventory.batchesOfOrder(orderId)).reduce((n, x) => n + x.quantity, 0)).toBe(2);
  });
});
