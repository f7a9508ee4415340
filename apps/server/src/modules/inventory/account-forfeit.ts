import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { inventoryBatches } from './tables.ts';
import type { UnitRules } from './unit-rules.ts';

/**
 * A deleted account's free units are forfeited (docs/rules/personal-data.md): the shopper was warned
 * when the request started, with the list. Batches are locked in id order; units still locked by a
 * shipment or collection are left (the deletion waits for those parcels).
 */
export async function forfeitAllOf(rules: UnitRules, tx: Tx, userId: string): Promise<number> {
  const rows = await tx
    .select()
    .from(inventoryBatches)
    .where(
      and(
        eq(inventoryBatches.userId, userId),
        eq(inventoryBatches.status, 'in_inventory'),
        sql`${inventoryBatches.removed} + ${inventoryBatches.locked} < ${inventoryBatches.quantity}`,
      ),
    )
    .orderBy(asc(inventoryBatches.id))
    .for('update');
  let units = 0;
  for (const row of rows) {
    const free = row.quantity - row.removed - row.locked;
    await rules.removeUnits(tx, row, free, 0, 'forfeited', null, null);
    units += free;
  }
  return units;
}
