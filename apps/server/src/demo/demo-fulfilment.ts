import { DAY_MS, collectionDates, collectionSlotsFor, ticketsLeft, type Product } from '@kujiya/shared';
import type { AppContext } from '../core/context.ts';
import type { Services } from '../services.ts';
import { TestGateway } from '../modules/payments/test-gateway.ts';
import { DEMO_SHOPPER } from './demo-accounts.ts';

/**
 * The demo shopper's fulfilment story, made through the real services: won items in stock, one due
 * in 2 days, and pre-order ones; one paid shipment booked with the test courier (tracking link);
 * one pending self-collection. Skipped with Stripe or EasyParcel configured (nothing real to charge
 * or book) and when the shopper already has orders.
 */
export async function seedDemoFulfilment(ctx: AppContext, services: Services): Promise<string[]> {
  const { accounts, orders, inventory, fulfilment, catalogue, payments } = services;
  const account = await accounts.findAccount(DEMO_SHOPPER.username);
  const gateway = payments.gateway;
  if (!account || !(gateway instanceof TestGateway) || fulfilment.courier?.name !== 'test-courier') return [];
  if ((await orders.ordersOfUser(account.id)).length > 0) return [];
  const user = { id: account.id, username: account.username, role: 'user' as const };
  const { all } = await catalogue.listProducts();
  const plain = (p: Product) => p.promotion === null && !p.lottery.enabled && !p.doubleChance;
  const inStock = all.find((p) => plain(p) && !p.preorder && ticketsLeft(p.quantity) >= 6);
  const preorder = all.find((p) => plain(p) && p.preorder && ticketsLeft(p.quantity) >= 2);
  if (!inStock) return [];

  const buy = (setId: string, ticketsBought: number) =>
    orders.useTokens(user, { setId, ticketsBought, username: user.username });
  const main = await buy(inStock.setId, 4);
  // One order due in 2 days: the clock started 12 days ago for it (a demo-only shortcut).
  const due = await buy(inStock.setId, 1);
  await inventory.backdateOrderForDemo(due.orderId, 12 * DAY_MS);
  if (preorder) await buy(preorder.setId, 2);

  const batches = (await inventory.batchesOfOrder(main.orderId)).sort((a, b) => b.quantity - a.quantity);
  const [toShip, toCollect] = [batches[0], batches[1] ?? batches[0]];
  const lines = [];
  if (toShip) {
    const intent = await fulfilment.createShippingIntent(user, {
      inventoryItems: [{ batchId: toShip.id, quantity: 1 }],
      useProfileAddress: true,
    });
    const year = String((ctx.clock.now().getUTCFullYear() + 5) % 100).padStart(2, '0');
    await gateway.confirm({
      clientSecret: intent.clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expiry: `12/${year}`,
      cvc: '123',
    });
    await fulfilment.runCourierJobs();
    lines.push('Demo shopper has a paid shipment with a tracking link');
  }
  const free = toCollect ? await inventory.freeUnits(toCollect.id) : 0;
  const now = ctx.clock.now();
  const slot = collectionDates(now).flatMap((date) => collectionSlotsFor(date, now))[0];
  if (toCollect && free > 0 && slot) {
    await fulfilment.createCollection(user, {
      items: [{ batchId: toCollect.id, quantity: 1 }],
      collectionDate: slot.toISOString(),
    });
    lines.push('Demo shopper has a pending self-collection');
  }
  return lines;
}
