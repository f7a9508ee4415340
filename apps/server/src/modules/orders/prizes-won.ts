import type { FairnessReceipt } from '@kujiya/shared';
import { LAST_RANK, sortPrizeRanks } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { Tx } from '../../db/database.ts';
import type { CatalogueService, RoundContext } from '../catalogue/service.ts';
import type { StockService } from '../stock/service.ts';
import type { FairnessService } from '../fairness/service.ts';
import type { WalletService } from '../wallet/service.ts';
import { shipByDateFor, type InventoryService, type InventorySource, type NewBatch } from '../inventory/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { orders } from './tables.ts';

/** The Drizzle row of an order: it stays in this module (others get `KujiOrder`, order-view.ts). */
export type OrderRow = typeof orders.$inferSelect;
/** A product's prizes as the catalogue lists them. */
export type ProductPrizes = Awaited<ReturnType<CatalogueService['prizesOfProduct']>>;
export type { RoundContext };

export interface SettleDeps {
  catalogue: CatalogueService;
  stock: StockService;
  fairness: FairnessService;
  wallet: WalletService;
  inventory: InventoryService;
  notifications: NotificationsService;
}

/** What the settlement's functions are given. */
export interface SettleEnv {
  ctx: AppContext;
  deps: SettleDeps;
}

export const countRanks = (ranks: readonly string[]) => {
  const counts = new Map<string, number>();
  for (const rank of ranks) counts.set(rank, (counts.get(rank) ?? 0) + 1);
  return counts;
};

/**
 * Inventory batches for ranks won by orders of one product, one per order and prize, in one insert.
 * `knownPrizes`: the product's prizes when the caller already read them (before a lock).
 */
export async function addPrizeBatches(
  tx: Tx,
  s: SettleEnv,
  sku: string,
  wins: ReadonlyArray<{ order: OrderRow; ranks: readonly string[] }>,
  source: (rank: string) => InventorySource,
  knownPrizes?: ProductPrizes,
) {
  const winning = wins.filter((w) => w.ranks.length > 0);
  if (winning.length === 0) return;
  const productId = winning[0]!.order.productId;
  const prizeOf = new Map(
    (knownPrizes ?? (await s.deps.catalogue.prizesOfProduct(tx, productId))).map((p) => [p.letter, p]),
  );
  const batches: NewBatch[] = [];
  for (const { order, ranks } of winning) {
    for (const [rank, quantity] of countRanks(ranks)) {
      const prize = prizeOf.get(rank);
      if (!prize) throw new Error(`Order ${order.id}: prize ${rank} missing from product ${order.productId}`);
      batches.push({
        userId: order.userId,
        prizeId: prize.id,
        productId: order.productId,
        roundId: order.roundId,
        orderId: order.id,
        quantity,
        shipByDate: shipByDateFor(order.createdAt, order.preorder),
        sku,
        source: source(rank),
      });
    }
  }
  await s.deps.inventory.addBatches(tx, batches);
}

/** Sends an order's fairness receipt (docs/rules/fairness.md) to its buyer, in the caller's transaction. */
export async function sendReceipt(
  tx: Tx,
  s: SettleEnv,
  order: OrderRow,
  intro: string,
  known?: FairnessReceipt | null,
): Promise<void> {
  const receipt = known !== undefined ? known : await s.deps.fairness.receiptForOrder(tx, order.id);
  if (receipt) await s.deps.notifications.notify(tx, [order.userId], intro, { receipt });
}

/** 'Prize A x1, Prize C x2' for a notification. */
export function describeRanks(ranks: readonly string[]): string {
  return [...countRanks(sortPrizeRanks(ranks))]
    .map(([rank, n]) => `${rank === LAST_RANK ? 'Last Prize' : `Prize ${rank}`} x${n}`)
    .join(', ');
}
