import type { AppContext } from '../../core/context.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { Tx } from '../../db/database.ts';
import { forfeitAllOf } from './account-forfeit.ts';
import { createBatchRecords } from './batches.ts';
import { Holdings } from './holdings.ts';
import { ShipByClock } from './ship-by-clock.ts';
import { UnitTransfers } from './trade-transfer.ts';
import { UnitLocks } from './unit-locks.ts';
import { UnitRules } from './unit-rules.ts';

// What other modules see: plain types and views, never the rows (docs/architecture.md, "Module boundaries").
export { shipByDateFor, type NewBatch } from './batches.ts';
export type { TakenUnits, UnitRequest } from './unit-rules.ts';
export type { InventorySource } from './views.ts';

/**
 * Users' won prizes. Units move only inside the caller's transaction: locked by a pending shipment,
 * collection or trade; released back; consumed (left the inventory); or abandoned and forfeited.
 * Every batch row touched is locked first (FOR UPDATE), and the table's check guarantees a unit is
 * never used twice. The use cases: batches.ts (arrivals, pre-order clock), holdings.ts (reads),
 * unit-locks.ts (lock, release, consume, abandon), trade-transfer.ts, ship-by-clock.ts.
 */
export function createInventoryService(
  ctx: AppContext,
  deps: { catalogue: CatalogueService; notifications: NotificationsService },
) {
  const rules = new UnitRules(ctx, deps.catalogue);
  const batches = createBatchRecords(ctx);
  const holdings = new Holdings(ctx, rules);
  const locks = new UnitLocks(ctx, rules);
  const trade = new UnitTransfers(ctx, rules);
  const clock = new ShipByClock(ctx, { rules, notifications: deps.notifications });
  return {
    addBatches: batches.addBatches,
    preorderHolders: batches.preorderHolders,
    startClockForProduct: batches.startClockForProduct,
    backdateOrderForDemo: batches.backdateOrderForDemo,
    batchesOfUser: holdings.batchesOfUser,
    batchesOfOrder: holdings.batchesOfOrder,
    batchesByIds: holdings.batchesByIds,
    freeUnits: holdings.freeUnits,
    inventoryOf: holdings.inventoryOf,
    heldUnitsByPrize: holdings.heldUnitsByPrize,
    locksOf: holdings.locksOf,
    movementsOfUser: holdings.movementsOfUser,
    unitsDueBetween: holdings.unitsDueBetween,
    abandon: locks.abandon,
    lockUnits: locks.lockUnits,
    releaseLocks: locks.releaseLocks,
    consumeLocks: locks.consumeLocks,
    transferLockedUnits: trade.transferLockedUnits,
    tradeRefsDueBy: trade.tradeRefsDueBy,
    runClock: clock.runClock,
    /** A deleted account's free units are forfeited (docs/rules/personal-data.md); the number of units. */
    forfeitAllOf: (tx: Tx, userId: string) => forfeitAllOf(rules, tx, userId),
  };
}
export type InventoryService = ReturnType<typeof createInventoryService>;
