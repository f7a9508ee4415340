import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { InventoryItem, InventoryResponse } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { Executor } from '../../db/database.ts';
import { inventoryBatches, inventoryLocks, inventoryMovements } from './tables.ts';
import type { UnitRules } from './unit-rules.ts';
import {
  batchView,
  lockView,
  movementView,
  type BatchRow,
  type InventoryBatchView,
  type InventoryLockView,
  type InventoryMovementView,
  type LockKind,
} from './views.ts';

type GroupedItem = InventoryItem & { setName: string };

/** Last Prize after the letters, then by name. */
const byPrizeName = (a: GroupedItem, b: GroupedItem) => {
  const last = Number(a.prizeName === 'Last Prize') - Number(b.prizeName === 'Last Prize');
  return last !== 0 ? last : a.prizeName.localeCompare(b.prizeName);
};

/** What the shop reads of the inventory: the shopper's list, batches and locks, and the back office's counts. */
export class Holdings {
  private readonly ctx: AppContext;
  private readonly rules: UnitRules;

  constructor(ctx: AppContext, rules: UnitRules) {
    this.ctx = ctx;
    this.rules = rules;
  }

  private async heldRows(userId: string): Promise<BatchRow[]> {
    return this.ctx.db
      .select()
      .from(inventoryBatches)
      .where(and(eq(inventoryBatches.userId, userId), eq(inventoryBatches.status, 'in_inventory')))
      .orderBy(asc(inventoryBatches.createdAt), asc(inventoryBatches.id));
  }

  /** Units per batch held by active locks of each kind. */
  private async heldByLocks(batchIds: string[]) {
    const locks = await this.ctx.db
      .select()
      .from(inventoryLocks)
      .where(and(inArray(inventoryLocks.batchId, batchIds), eq(inventoryLocks.status, 'active')));
    const held: Record<LockKind, Map<string, number>> = {
      collection: new Map(),
      trade: new Map(),
      shipment: new Map(),
    };
    for (const lock of locks)
      held[lock.kind].set(lock.batchId, (held[lock.kind].get(lock.batchId) ?? 0) + lock.quantity);
    return held;
  }

  /** A user's batches still holding units, oldest first. */
  batchesOfUser = async (userId: string): Promise<InventoryBatchView[]> => {
    return (await this.heldRows(userId)).map(batchView);
  };

  batchesOfOrder = async (orderId: string): Promise<InventoryBatchView[]> => {
    const rows = await this.ctx.db
      .select()
      .from(inventoryBatches)
      .where(eq(inventoryBatches.orderId, orderId))
      .orderBy(asc(inventoryBatches.createdAt));
    return rows.map(batchView);
  };

  /** Batches by id (any owner, any status): the caller checks ownership. */
  batchesByIds = async (exec: Executor, ids: string[]): Promise<InventoryBatchView[]> => {
    if (ids.length === 0) return [];
    return (await exec.select().from(inventoryBatches).where(inArray(inventoryBatches.id, ids))).map(batchView);
  };

  /** Units held and not locked, per batch (for tests and checks). */
  freeUnits = async (batchId: string): Promise<number> => {
    const [row] = await this.ctx.db.select().from(inventoryBatches).where(eq(inventoryBatches.id, batchId));
    return row ? row.quantity - row.removed - row.locked : 0;
  };

  /** GET /api/inventory/user/{username}: held units grouped by set name, then prize. */
  inventoryOf = async (userId: string): Promise<InventoryResponse> => {
    const rows = await this.heldRows(userId);
    if (rows.length === 0) return {};
    // A pending collection takes its units out of the list; a trade or an unpaid shipment keeps them
    // listed but not selectable (docs/rules/fulfilment.md).
    const held = await this.heldByLocks(rows.map((r) => r.id));
    const { prizes, products } = await this.rules.names(this.ctx.db, rows);
    const items = new Map<string, GroupedItem>();
    for (const row of rows) {
      const quantity = row.quantity - row.removed - (held.collection.get(row.id) ?? 0);
      if (quantity <= 0) continue;
      const prize = prizes.get(row.prizeId)!;
      const product = products.get(row.productId)!;
      const key = `${row.productId}:${row.prizeId}`;
      let item = items.get(key);
      if (!item) {
        item = {
          setName: product.name,
          id: row.prizeId,
          prizeId: row.prizeId,
          prizeName: prize.name,
          type: prize.type,
          itemType: prize.itemType === 'blind_box' ? 'blind_box' : 'ichiban_kuji',
          image: prize.image,
          description: prize.description,
          product: { _id: row.productId, name: product.name, tags: product.tags },
          arrival: product.arrival,
          batches: [],
        };
        items.set(key, item);
      }
      item.batches.push({
        batchId: row.id,
        quantity,
        inTrade: held.trade.get(row.id) ?? 0,
        awaitingPayment: held.shipment.get(row.id) ?? 0,
        ...(row.shipByDate ? { shipByDate: row.shipByDate.toISOString() } : {}),
        sku: row.sku,
      });
    }
    const result: InventoryResponse = {};
    for (const { setName, ...item } of [...items.values()].sort(byPrizeName)) (result[setName] ??= []).push(item);
    return result;
  };

  /** Every unit of every batch of a prize still held (for the conservation checks of tests). */
  heldUnitsByPrize = async (): Promise<Map<string, number>> => {
    const rows = await this.ctx.db
      .select({
        prizeId: inventoryBatches.prizeId,
        held: sql<number>`sum(${inventoryBatches.quantity} - ${inventoryBatches.removed})::int`,
      })
      .from(inventoryBatches)
      .groupBy(inventoryBatches.prizeId);
    return new Map(rows.map((r) => [r.prizeId, Number(r.held)]));
  };

  /** Units currently held by a lock reference (e.g. a shipment), per batch. */
  locksOf = async (kind: LockKind, refId: string): Promise<InventoryLockView[]> => {
    const rows = await this.ctx.db
      .select()
      .from(inventoryLocks)
      .where(and(eq(inventoryLocks.kind, kind), eq(inventoryLocks.refId, refId)));
    return rows.map(lockView);
  };

  movementsOfUser = async (userId: string): Promise<InventoryMovementView[]> => {
    const rows = await this.ctx.db
      .select()
      .from(inventoryMovements)
      .where(eq(inventoryMovements.userId, userId))
      .orderBy(asc(inventoryMovements.createdAt));
    return rows.map(movementView);
  };

  /** Units still held whose ship-by falls between `from` and `to` (the dashboard's forfeit watch). */
  unitsDueBetween = async (from: Date, to: Date): Promise<number> => {
    const [row] = await this.ctx.db
      .select({ n: sql<number>`coalesce(sum(${inventoryBatches.quantity} - ${inventoryBatches.removed}), 0)::int` })
      .from(inventoryBatches)
      .where(
        and(
          eq(inventoryBatches.status, 'in_inventory'),
          sql`${inventoryBatches.shipByDate} >= ${from.toISOString()}`,
          sql`${inventoryBatches.shipByDate} < ${to.toISOString()}`,
        ),
      );
    return Number(row?.n ?? 0);
  };
}
