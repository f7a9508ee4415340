import crypto from 'node:crypto';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { DAY_MS, SHIP_BY_DAYS } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { Tx } from '../../db/database.ts';
import { insertJsonRows } from '../../core/json-rows.ts';
import { inventoryBatches } from './tables.ts';
import type { InventorySource } from './views.ts';

export interface NewBatch {
  userId: string;
  prizeId: string;
  productId: string;
  roundId: string;
  orderId: string | null;
  quantity: number;
  shipByDate: Date | null;
  sku: string;
  source: InventorySource;
}

/** Ship-by rule: order date + 14 days for in-stock sets, none for pre-orders. */
export function shipByDateFor(orderDate: Date, preorder: boolean): Date | null {
  return preorder ? null : new Date(orderDate.getTime() + SHIP_BY_DAYS * DAY_MS);
}

/** Won prizes arriving in the inventory, and the two-week clock of pre-order units (docs/rules/fulfilment.md). */
export function createBatchRecords(ctx: AppContext) {
  const preorderOf = (productId: string) =>
    and(
      eq(inventoryBatches.productId, productId),
      sql`${inventoryBatches.shipByDate} is null`,
      eq(inventoryBatches.status, 'in_inventory'),
    );

  return {
    async addBatches(tx: Tx, batches: NewBatch[]): Promise<void> {
      const rows = batches.filter((b) => b.quantity > 0);
      if (rows.length === 0) return;
      const createdAt = ctx.clock.now();
      // One JSON parameter for the whole batch: a purchase batch adds a hundred rows under the round lock.
      await tx.execute(
        insertJsonRows(
          inventoryBatches,
          rows.map((b) => ({
            id: crypto.randomUUID(),
            userId: b.userId,
            prizeId: b.prizeId,
            productId: b.productId,
            roundId: b.roundId,
            orderId: b.orderId,
            quantity: b.quantity,
            shipByDate: b.shipByDate,
            sku: b.sku,
            source: b.source,
            status: 'in_inventory' as const,
            createdAt,
          })),
        ),
      );
    },

    /** The shoppers holding pre-order units (no ship-by yet) of a product: who a conversion notifies. */
    async preorderHolders(tx: Tx, productId: string): Promise<string[]> {
      const rows = await tx
        .selectDistinct({ userId: inventoryBatches.userId })
        .from(inventoryBatches)
        .where(preorderOf(productId));
      return rows.map((r) => r.userId);
    },

    /** Pre-order conversion: the product's pre-order units get a ship-by date of `from` + 14 days. */
    async startClockForProduct(tx: Tx, productId: string, from: Date): Promise<number> {
      const rows = await tx
        .update(inventoryBatches)
        .set({ shipByDate: new Date(from.getTime() + SHIP_BY_DAYS * DAY_MS) })
        .where(preorderOf(productId))
        .returning({ id: inventoryBatches.id });
      return rows.length;
    },

    /** Demo data only: moves an order's ship-by dates earlier, as if it had been won `ms` ago. */
    async backdateOrderForDemo(orderId: string, ms: number): Promise<void> {
      await ctx.db
        .update(inventoryBatches)
        .set({ shipByDate: sql`${inventoryBatches.shipByDate} - make_interval(secs => ${ms / 1000})` })
        .where(and(eq(inventoryBatches.orderId, orderId), isNotNull(inventoryBatches.shipByDate)));
    },
  };
}
