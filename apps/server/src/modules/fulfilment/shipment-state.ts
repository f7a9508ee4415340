import { and, asc, eq, lte } from 'drizzle-orm';
import type { Principal } from '../../core/auth.ts';
import type { AppContext } from '../../core/context.ts';
import type { Tx } from '../../db/database.ts';
import { notFound } from '../../core/http-errors.ts';
import type { InventoryService } from '../inventory/service.ts';
import { shipments } from './tables.ts';
import { SHIPMENT_NOT_FOUND, UUID, type ShipmentRow } from './views.ts';

export const WINDOW_CLOSED = 'The payment window has closed; your items are back in your inventory.';

/**
 * An unpaid shipment's life (docs/rules/fulfilment.md): the shopper's own row, cancelled with its
 * units returned, and ended once its payment window has closed (by the job, or lazily on a read).
 */
export function createShipmentState(ctx: AppContext, deps: { inventory: InventoryService }) {
  const { inventory } = deps;

  /** Cancels an unpaid shipment and returns its units (in the caller's transaction). */
  async function cancelShipment(tx: Tx, row: ShipmentRow, reason: string): Promise<void> {
    await tx
      .update(shipments)
      .set({ status: 'cancelled', cancelledAt: ctx.clock.now(), lastError: reason })
      .where(eq(shipments.id, row.id));
    await inventory.releaseLocks(tx, 'shipment', row.id);
  }

  return {
    cancelShipment,

    /** The caller's shipment (another shopper's answers 404, docs/rules/fulfilment.md). */
    async ownShipment(user: Principal, shipmentId: string): Promise<ShipmentRow> {
      if (!UUID.test(shipmentId)) throw notFound(SHIPMENT_NOT_FOUND);
      const [row] = await ctx.db.select().from(shipments).where(eq(shipments.id, shipmentId));
      if (!row || row.userId !== user.id) throw notFound(SHIPMENT_NOT_FOUND);
      return row;
    },

    /** Cancels the shipment if it still awaits payment (`reason` kept as its error). */
    async cancelIfUnpaid(shipmentId: string, reason: string): Promise<void> {
      await ctx.db.transaction(async (tx) => {
        const [row] = await tx.select().from(shipments).where(eq(shipments.id, shipmentId)).for('update');
        if (row?.status === 'awaiting_payment') await cancelShipment(tx, row, reason);
      });
    },

    /** Lazily ends an unpaid shipment whose window has closed (the job does the same for all). */
    async expireIfDue(shipmentId: string): Promise<void> {
      await ctx.db.transaction(async (tx) => {
        const [row] = await tx.select().from(shipments).where(eq(shipments.id, shipmentId)).for('update');
        if (row?.status === 'awaiting_payment' && row.expiresAt.getTime() <= ctx.clock.now().getTime())
          await cancelShipment(tx, row, WINDOW_CLOSED);
      });
    },

    /**
     * Cancels unpaid shipments whose window closed (rows claimed with SKIP LOCKED); `userId`: only that
     * shopper's (read lazily before their inventory is shown, so lapsed units are back at once).
     */
    async expireShipments(userId?: string): Promise<number> {
      return ctx.db.transaction(async (tx) => {
        const due = await tx
          .select()
          .from(shipments)
          .where(
            and(
              eq(shipments.status, 'awaiting_payment'),
              lte(shipments.expiresAt, ctx.clock.now()),
              userId ? eq(shipments.userId, userId) : undefined,
            ),
          )
          .orderBy(asc(shipments.expiresAt))
          .limit(100)
          .for('update', { skipLocked: true });
        for (const row of due) await cancelShipment(tx, row, WINDOW_CLOSED);
        return due.length;
      });
    },
  };
}
export type ShipmentState = ReturnType<typeof createShipmentState>;
