import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../core/clock.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  INSTANCE_JWT_SECRET,
  callInstance,
  startInstance,
  stopInstance,
  until,
  type Instance,
} from '../../test/instances.ts';
import { testPackage, testShopper } from '../token-shop/test-helpers.ts';
import { createTestProduct } from '../catalogue/test-helpers.ts';
import { fundedShopper } from '../orders/test-helpers.ts';
import type { TestGateway } from './test-gateway.ts';

/**
 * A crash between the charge and the credit (kill -9 of a real server process, PostgreSQL only):
 * the test gateway stored the event with the charge, so the restarted shop delivers it and the
 * tokens arrive, exactly once.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('payment notifications survive a crash', () => {
  let t: TestApp;
  const instances: Instance[] = [];
  beforeAll(async () => {
    t = await createTestApp({ clock: new TestClock(new Date()), env: { JWT_SECRET: INSTANCE_JWT_SECRET } });
  });
  afterAll(async () => {
    await Promise.all(instances.map((i) => stopInstance(i, 'SIGKILL')));
    await t?.close();
  });

  it('kill -9 after the card is charged, before the shop heard of it: credited after restart, once', async () => {
    const url = (t.database as { url?: string }).url!;
    const shopper = await testShopper(t, 'crashy');
    const pkg = await testPackage(t, { tokenAmount: 550, price: 5000 });
    const crashing = await startInstance(url, { TEST_GATEWAY_FAULT: 'crash-before-delivery' });
    instances.push(crashing);

    const intent = await callInstance(
      crashing,
      shopper.headers.authorization,
      'POST',
      '/api/payment/token/create-intent',
      {
        packageId: pkg._id,
        username: 'crashy',
      },
    );
    expect(intent.status).toBe(200);
    const paymentIntentId = intent.json!.paymentIntentId as string;
    // The confirmation kills the process right after the charge committed.
    const confirm = callInstance(crashing, null, 'POST', '/api/test-gateway/confirm', {
      clientSecret: intent.json!.clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
    }).catch((error: unknown) => error);
    await until(async () => crashing.process.signalCode === 'SIGKILL');
    expect(await confirm).toBeInstanceOf(Error);

    const gateway = t.services.payments.gateway as TestGateway;
    expect((await gateway.retrieve(paymentIntentId)).status).toBe('succeeded');
    expect((await t.services.payments.getIntent(t.ctx.db, paymentIntentId))!.status).toBe('requires_payment_method');
    expect(await t.services.wallet.balance(t.ctx.db, shopper.user.id)).toBe(0);

    const restarted = await startInstance(url);
    instances.push(restarted);
    await until(async () => (await t.services.wallet.balance(t.ctx.db, shopper.user.id)) > 0);
    expect((await t.services.payments.getIntent(t.ctx.db, paymentIntentId))!.status).toBe('succeeded');
    // A second instance and more job runs change nothing: exactly once.
    instances.push(await startInstance(url));
    await until(async () => (await gateway.undeliveredCount()) === 0);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await t.services.wallet.balance(t.ctx.db, shopper.user.id)).toBe(550);
    const credits = (await t.services.wallet.ledger(shopper.user.id)).filter(
      (row) => row.delta > 0 && row.reference === paymentIntentId,
    );
    expect(credits.map((row) => row.delta)).toEqual([550]);
  });
});

/** Rows of a raw query (both drivers answer `{ rows }`). */
async function rows<T>(t: TestApp, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.ctx.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Faults: two instances share the database; one is killed (-9) in the middle of a burst of ticket
 * purchases with tokens and card payments for tokens. Afterwards every consistency check holds.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'kill -9 of one of two instances during a purchase and payment burst',
  () => {
    let t: TestApp;
    const instances: Instance[] = [];
    beforeAll(async () => {
      t = await createTestApp({ clock: new TestClock(new Date()), env: { JWT_SECRET: INSTANCE_JWT_SECRET } });
    });
    afterAll(async () => {
      await Promise.all(instances.map((i) => stopInstance(i, 'SIGKILL')));
      await t?.close();
    });

    it('tickets, orders, lots vs ledger and payments vs credits all hold; no paid payment is uncredited', async () => {
      const url = (t.database as { url?: string }).url!;
      const { setId } = await createTestProduct(t);
      const pkg = await testPackage(t, { tokenAmount: 100, price: 1000 });
      const shoppers = await Promise.all(Array.from({ length: 6 }, (_, i) => fundedShopper(t, `burst${i}`, 500)));
      const [a, b] = await Promise.all([startInstance(url), startInstance(url)]);
      instances.push(a!, b!);

      const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
      const work = shoppers.flatMap((shopper, i) =>
        Array.from({ length: 4 }, async (_, j) => {
          const instance = (i + j) % 2 === 0 ? a! : b!;
          const auth = shopper.headers.authorization;
          try {
            if (j % 2 === 0) {
              await callInstance(instance, auth, 'POST', '/api/token/use', {
                username: shopper.user.username,
                setId,
                ticketsBought: 1 + (j % 3),
              });
            } else {
              const intent = await callInstance(instance, auth, 'POST', '/api/payment/token/create-intent', {
                packageId: pkg._id,
                username: shopper.user.username,
              });
              if (intent.status === 200)
                await callInstance(instance, null, 'POST', '/api/test-gateway/confirm', {
                  clientSecret: intent.json!.clientSecret,
                  ...card,
                });
            }
          } catch {
            // The killed instance's requests fail: that is the point.
          }
        }),
      );
      const burst = Promise.all(work);
      await new Promise((resolve) => setTimeout(resolve, 150));
      await stopInstance(a, 'SIGKILL');
      await burst;

      // The survivor's jobs deliver whatever the killed instance left behind.
      const gateway = t.services.payments.gateway as TestGateway;
      await until(async () => (await gateway.undeliveredCount()) === 0, 45_000);

      // Tickets: every sold ticket belongs to a paid order, and every paid order has exactly its tickets.
      const strayTickets = await rows<{ n: number }>(
        t,
        sql`select count(*)::int as n from tickets k left join orders o on o.id = k.order_id where k.order_id is not null and (o.id is null or o.status <> 'paid')`,
      );
      expect(strayTickets[0]!.n).toBe(0);
      const wrongOrders = await rows<{ id: string }>(
        t,
        sql`select o.id from orders o left join (select order_id, count(*)::int as n from tickets group by order_id) k on k.order_id = o.id where o.status = 'paid' and coalesce(k.n, 0) <> o.number_of_tickets`,
      );
      expect(wrongOrders).toEqual([]);
      // Lots vs ledger: each lot's ledger rows add up to what is left of it.
      const lotMismatches = await rows<{ id: string }>(
        t,
        sql`select l.id from token_lots l left join (select lot_id, sum(delta)::int as s from token_ledger group by lot_id) g on g.lot_id = l.id where coalesce(g.s, 0) <> l.amount_left`,
      );
      expect(lotMismatches).toEqual([]);
      // Payments vs credits: every charge at the gateway is a succeeded payment credited exactly once.
      const charged = await rows<{ id: string }>(
        t,
        sql`select id from test_gateway_intents where status = 'succeeded'`,
      );
      for (const { id } of charged) {
        expect((await t.services.payments.getIntent(t.ctx.db, id))?.status, id).toBe('succeeded');
        const credits = await rows<{ n: number; total: number }>(
          t,
          sql`select count(*)::int as n, coalesce(sum(delta), 0)::int as total from token_ledger where reference = ${id} and reason = 'purchase'`,
        );
        expect(credits[0], id).toEqual({ n: 1, total: 100 });
      }
      const uncharged = await rows<{ id: string }>(
        t,
        sql`select p.id from payment_intents p join test_gateway_intents g on g.id = p.id where p.status = 'succeeded' and g.status <> 'succeeded'`,
      );
      expect(uncharged).toEqual([]);
      console.log(
        `faults: ${work.length} purchases in the burst, ${charged.length} card payments charged and credited once after kill -9`,
      );
    });
  },
);
