import type { DataExport } from '@kujiya/shared';
import { exportRecord } from '../../core/personal-values.ts';
import type { PersonalDataEnv } from './deps.ts';

/** Each paid order's draws: what was drawn, with its fairness receipt and its lottery / double-chance picks. */
async function drawsOf({ ctx, deps }: PersonalDataEnv, orders: Awaited<ReturnType<typeof deps.orders.ordersOfUser>>) {
  const draws = [];
  for (const order of orders.filter((o) => o.status === 'paid')) {
    draws.push({
      orderId: order.id,
      setId: order.roundId,
      productName: order.productName,
      clientSeed: order.clientSeed,
      prizes: order.selectedPrizes,
      doubleChancePrizes: order.doubleChancePrizes,
      picks: await deps.fairness.picksOfOrder(order.id),
      receipt: await deps.fairness.receiptForOrder(ctx.db, order.id),
    });
  }
  return draws;
}

/**
 * GET /api/users/data-export (docs/rules/personal-data.md): everything the shop holds about the
 * shopper, gathered from each module's facade. Internal claim columns are left out; everything a
 * shopper gave or was given is in.
 */
export async function buildDataExport(env: PersonalDataEnv, userId: string): Promise<DataExport> {
  const { ctx, deps } = env;
  const orders = await deps.orders.ordersOfUser(userId);
  orders.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const trades = await deps.trading.tradesOfUser(userId);
  const offers = await deps.trading.offersByUser(userId);
  return {
    exportedAt: ctx.clock.now().toISOString(),
    profile: await deps.accounts.personalData.profileForExport(userId),
    orders: orders.map(({ refundClaimedAt: _claim, ...order }) => exportRecord(order)),
    draws: (await drawsOf(env, orders)).map(exportRecord),
    inventory: {
      held: (await deps.inventory.batchesOfUser(userId)).map(exportRecord),
      history: (await deps.inventory.movementsOfUser(userId)).map(exportRecord),
    },
    shipments: await deps.fulfilment.personalData.shipmentsForExport(userId),
    collections: await deps.fulfilment.personalData.collectionsForExport(userId),
    trades: [
      ...trades.map((trade) => exportRecord({ kind: 'trade', ...trade })),
      ...offers.map((offer) => exportRecord({ kind: 'offer', ...offer })),
    ],
    tokenLedger: (await deps.wallet.ledger(userId)).map(exportRecord),
    notifications: await deps.notifications.allForExport(userId),
  };
}
