import { expect } from 'vitest';
import { checkChain, type NewProduct } from '@kujiya/shared';
import { insertTestShopper } from '../modules/accounts/test-helpers.ts';
import { createTestProduct } from '../modules/catalogue/test-helpers.ts';
import type { LoadReport, LoadShopper } from './cluster-load.ts';
import type { TestApp } from './test-app.ts';

/**
 * The buyers of the cluster tests' mixed load (rolling restarts, the runner's restart, a database
 * outage, a failover) and the one check of what they bought: nothing lost, nothing doubled.
 */
export const TOKENS = 100_000;
export const TOKEN_PRICE = 12;
export type Buyer = { shopper: LoadShopper; setId: string };

/** A shopper with TOKENS tokens and a signed bearer token. */
export async function fundedShopper(t: TestApp, name: string): Promise<LoadShopper & { token: string }> {
  const user = await insertTestShopper(t, name);
  await t.ctx.db.transaction((tx) =>
    t.services.wallet.credit(tx, { userId: user.id, amount: TOKENS, source: 'purchase', reference: 'test-funds' }),
  );
  const { token } = await t.ctx.tokens.sign(user);
  return { userId: user.id, username: user.username, authorization: `Bearer ${token}`, token };
}

/** A round of 3,000 tickets, so a buyer's loop never sells it out. */
export async function bigRound(t: TestApp): Promise<string> {
  const image = await t.services.media.putImage(
    t.ctx.db,
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    'image/svg+xml',
  );
  const prizes: NewProduct['prizes'] = [
    { kind: 'letter', letter: 'A', description: 'Big figure', image, type: 'Big', quantity: 1000 },
    { kind: 'letter', letter: 'B', description: 'Plush', image, type: 'Small', quantity: 1000 },
    { kind: 'letter', letter: 'C', description: 'Keychain', image, type: 'Small', quantity: 1000 },
    { kind: 'last', description: 'Last figure', image, type: 'Big' },
  ];
  return (await createTestProduct(t, { prizes, tokenPrice: TOKEN_PRICE })).setId;
}

/**
 * Every purchase the clients were told succeeded (one ticket each) is one paid order and there is no
 * other: the tokens spent match, the ledger equals the lots, the round's draw log holds each ticket
 * once and its chain checks out. Resolves with the orders beyond the purchases the clients know of.
 */
export async function expectEachPurchaseOnce(t: TestApp, report: LoadReport, buyers: Buyer[]): Promise<number> {
  let doubled = 0;
  for (const { shopper, setId } of buyers) {
    const answered = report.purchases.filter((p) => p.userId === shopper.userId);
    const named = answered.flatMap((p) => (p.orderId ? [p.orderId] : []));
    const orders = await t.services.orders.ordersOfRound(setId);
    doubled += orders.length - answered.length;
    expect(new Set(named).size).toBe(named.length);
    expect(orders).toHaveLength(answered.length);
    const ids = new Set(orders.map((o) => o.id));
    expect(named.every((id) => ids.has(id))).toBe(true);
    expect(orders.every((o) => o.status === 'paid' && o.userId === shopper.userId)).toBe(true);
    const tickets = orders.reduce((n, o) => n + o.numberOfTickets, 0);
    expect(tickets).toBe(answered.length);
    const balance = await t.services.wallet.balance(t.ctx.db, shopper.userId);
    expect(balance).toBe(TOKENS - TOKEN_PRICE * tickets);
    expect(await t.services.wallet.ledgerBalance(shopper.userId)).toBe(balance);
    const log = await t.services.stock.drawLog(t.ctx.db, setId);
    expect(log).toHaveLength(tickets);
    expect(log.every((entry) => entry.orderId !== null && ids.has(entry.orderId))).toBe(true);
    expect(checkChain(await t.services.fairness.publicRound(setId)).check.ok).toBe(true);
  }
  return doubled;
}
