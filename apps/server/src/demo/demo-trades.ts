import { isTradable } from '@kujiya/shared';
import type { AppContext } from '../core/context.ts';
import type { Services } from '../services.ts';
import { DEMO_BUYERS } from './demo-buyers.ts';

/**
 * A few open trades in the demo marketplace, made by the demo buyers through the trading service
 * (their units are locked like any shopper's), so a newcomer can make an offer at once. Each offers
 * one tradable unit they won and wants a prize of another set. Skipped when trades already exist.
 */
export async function seedDemoTrades(ctx: AppContext, services: Services): Promise<string[]> {
  const { accounts, inventory, trading } = services;
  const { products } = await trading.productsWithPrizes();
  const now = ctx.clock.now();
  let made = 0;
  for (const username of DEMO_BUYERS.slice(0, 3)) {
    const account = await accounts.findAccount(username);
    if (!account) continue;
    const principal = { id: account.id, username: account.username, role: 'user' as const };
    if ((await trading.userTrades(principal)).length > 0) continue;
    const batch = (await inventory.batchesOfUser(account.id)).find(
      (b) => b.quantity - b.removed - b.locked > 0 && isTradable(b.shipByDate, now),
    );
    const other = products.find((p) => p._id !== batch?.productId && p.prizes.length > 0);
    if (!batch || !other) continue;
    const prize = other.prizes[made % other.prizes.length]!;
    await trading.create(principal, {
      username: principal.username,
      prizesOffered: [{ batchId: batch.id, quantity: 1 }],
      prizesWanted: [{ productId: other._id, prizeId: prize._id, quantity: 1 }],
    });
    made += 1;
  }
  return made > 0 ? [`Demo marketplace: ${made} open trades by demo shoppers`] : [];
}
