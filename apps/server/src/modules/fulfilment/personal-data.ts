import { and, desc, eq, isNull, or } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import {
  exportRecord,
  scrubRows,
  scrubText,
  type ExportRecord,
  type PersonalValues,
} from '../../core/personal-values.ts';
import type { Tx } from '../../db/database.ts';
import { selfCollections, shipments } from './tables.ts';

/** What a deleted account's shipments keep of their receiver: the name becomes the pseudonym, the rest is cleared. */
const CLEARED = '';

/** Fulfilment's part of a shopper's personal data (docs/rules/personal-data.md). */
export function createFulfilmentPersonalData(ctx: AppContext) {
  return {
    /** Every shipment of the shopper (any status), with its receiver and courier details. */
    async shipmentsForExport(userId: string): Promise<ExportRecord[]> {
      const rows = await ctx.db
        .select()
        .from(shipments)
        .where(eq(shipments.userId, userId))
        .orderBy(desc(shipments.createdAt));
      return rows.map(({ courierClaimedAt: _claim, courierNextAttemptAt: _next, ...row }) => exportRecord(row));
    },

    async collectionsForExport(userId: string): Promise<ExportRecord[]> {
      const rows = await ctx.db
        .select()
        .from(selfCollections)
        .where(eq(selfCollections.userId, userId))
        .orderBy(desc(selfCollections.createdAt));
      return rows.map((row) => exportRecord(row));
    },

    /** True while a shipment awaits payment, a paid one has not left the shop, or a collection is booked. */
    async hasOpenParcels(userId: string): Promise<boolean> {
      const [shipment] = await ctx.db
        .select({ id: shipments.id })
        .from(shipments)
        .where(
          and(
            eq(shipments.userId, userId),
            or(
              eq(shipments.status, 'awaiting_payment'),
              and(eq(shipments.status, 'paid'), isNull(shipments.shippedAt)),
            ),
          ),
        )
        .limit(1);
      if (shipment) return true;
      const [collection] = await ctx.db
        .select({ id: selfCollections.id })
        .from(selfCollections)
        .where(and(eq(selfCollections.userId, userId), eq(selfCollections.status, 'pending')))
        .limit(1);
      return Boolean(collection);
    },

    /** The receiver of every shipment of an anonymised shopper: name → pseudonym, contact and address cleared. */
    async anonymiseReceivers(tx: Tx, userId: string, personal: PersonalValues): Promise<void> {
      await scrubRows(tx, {
        table: shipments,
        where: eq(shipments.userId, userId),
        columns: ['lastError', 'courierLastError'],
        scrub: (row) => ({
          receiverName: personal.pseudonym,
          receiverContact: CLEARED,
          receiverUnit: CLEARED,
          receiverFullAddress: CLEARED,
          receiverPostcode: CLEARED,
          lastError: row.lastError && scrubText(row.lastError, personal),
          courierLastError: row.courierLastError && scrubText(row.courierLastError, personal),
        }),
      });
    },
  };
}
