import crypto from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import type { Executor, Tx } from '../../db/database.ts';
import { inventoryBatches } from './tables.ts';

export type InventoryBatch = typeof inventoryBatches.$inferSelect;
export type InventorySource = InventoryBatch['source'];

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

/** The ship-by rule (docs/rules/fulfilment.md): order date + 14 days for in-stock sets, none for pre-orders. */
export const SHIP_BY_DAYS = 14;
export function shipByDateFor(orderDate: Date, preorder: boolean): Date | null {
  return preorder ? null : new Date(orderDate.getTime() + SHIP_BY_DAYS * 24 * 60 * 60 * 1000);
}

/** Users' won prizes (docs/rules/fulfilment.md). Batches are added inside the transaction that decided the prizes. */
export function createInventoryService(ctx: AppContext) {
  return {
    async addBatches(tx: Tx, batches: NewBatch[]): Promise<void> {
      const rows = batches.filter((b) => b.quantity > 0);
      if (rows.length === 0) return;
      const createdAt = ctx.clock.now();
      await tx.insert(inventoryBatches).values(rows.map((b) => ({ ...b, id: crypto.randomUUID(), status: 'in_inventory' as const, createdAt })));
    },

    /** A user's batches still in the inventory, oldest first. */
    async batchesOfUser(userId: string, exec: Executor = ctx.db): Promise<InventoryBatch[]> {
      return exec
        .select()
        .from(inventoryBatches)
        .where(and(eq(inventoryBatches.userId, userId), eq(inventoryBatches.status, 'in_inventory')))
        .orderBy(asc(inventoryBatches.createdAt), asc(inventoryBatches.id));
    },

    async batchesOfOrder(orderId: string, exec: Executor = ctx.db): Promise<InventoryBatch[]> {
      return exec.select().from(inventoryBatches).where(eq(inventoryBatches.orderId, orderId)).orderBy(asc(inventoryBatches.createdAt));
    },
  };
}
export type InventoryService = ReturnType<typeof createInventoryService>;
