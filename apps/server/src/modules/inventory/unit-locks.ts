import crypto from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import type { Tx } from '../../db/database.ts';
import { inventoryBatches, inventoryLocks } from './tables.ts';
import type { TakenUnits, UnitRequest, UnitRules } from './unit-rules.ts';
import type { BatchRow, LockKind, MovementKind } from './views.ts';

/**
 * Units held for a shipment, collection or trade (docs/rules/fulfilment.md): locked inside the
 * caller's transaction, then released back or consumed; and units the owner abandons. Lock order:
 * the inventory locks, then their batches by id (docs/architecture.md, "Database errors and lock order").
 */
export class UnitLocks {
  private readonly ctx: AppContext;
  private readonly rules: UnitRules;

  constructor(ctx: AppContext, rules: UnitRules) {
    this.ctx = ctx;
    this.rules = rules;
  }

  /** The active locks of a reference and their batches, both locked (FOR UPDATE). */
  private async activeLocks(tx: Tx, kind: LockKind, refId: string) {
    const locks = await tx
      .select()
      .from(inventoryLocks)
      .where(and(eq(inventoryLocks.kind, kind), eq(inventoryLocks.refId, refId), eq(inventoryLocks.status, 'active')))
      .for('update');
    if (locks.length === 0) return { locks, byId: new Map<string, BatchRow>() };
    const batchIds = locks.map((l) => l.batchId);
    const rows = await tx
      .select()
      .from(inventoryBatches)
      .where(inArray(inventoryBatches.id, batchIds))
      .orderBy(asc(inventoryBatches.id))
      .for('update');
    return { locks, byId: new Map(rows.map((r) => [r.id, r])) };
  }

  /** POST /api/inventory/abandon: removes exactly the chosen free units, one transaction, recorded. */
  abandon = async (userId: string, items: UnitRequest[]): Promise<{ units: number }> => {
    return this.ctx.db.transaction(async (tx) => {
      const { taken, byId } = await this.rules.checkedBatches(tx, userId, items, 'abandon');
      for (const t of taken)
        await this.rules.removeUnits(tx, byId.get(t.batchId)!, t.quantity, 0, 'abandoned', null, userId);
      return { units: taken.reduce((n, t) => n + t.quantity, 0) };
    });
  };

  /**
   * Locks free units for a shipment, collection or trade (`refId`) inside the caller's transaction.
   * Shipments and collections refuse pre-order and expired units (EXPIRED_SHIPPING, one line each);
   * trades refuse units due within a day.
   */
  lockUnits = async (
    tx: Tx,
    userId: string,
    items: UnitRequest[],
    kind: LockKind,
    refId: string,
  ): Promise<TakenUnits[]> => {
    const { taken, byId } = await this.rules.checkedBatches(tx, userId, items, kind);
    const now = this.ctx.clock.now();
    for (const t of taken) {
      const row = byId.get(t.batchId)!;
      await tx
        .update(inventoryBatches)
        .set({ locked: row.locked + t.quantity })
        .where(eq(inventoryBatches.id, row.id));
      await tx.insert(inventoryLocks).values({
        id: crypto.randomUUID(),
        batchId: row.id,
        userId,
        kind,
        refId,
        quantity: t.quantity,
        status: 'active',
        createdAt: now,
      });
    }
    return taken;
  };

  /** Returns the units a shipment, collection or trade holds. Idempotent. */
  releaseLocks = async (tx: Tx, kind: LockKind, refId: string): Promise<number> => {
    const { locks, byId } = await this.activeLocks(tx, kind, refId);
    for (const lock of locks) {
      const row = byId.get(lock.batchId)!;
      row.locked -= lock.quantity;
      await tx.update(inventoryBatches).set({ locked: row.locked }).where(eq(inventoryBatches.id, row.id));
      await tx
        .update(inventoryLocks)
        .set({ status: 'released', endedAt: this.ctx.clock.now() })
        .where(eq(inventoryLocks.id, lock.id));
    }
    return locks.reduce((n, l) => n + l.quantity, 0);
  };

  /** The held units leave the inventory (shipped, collected, traded), recorded. Idempotent. */
  consumeLocks = async (
    tx: Tx,
    kind: LockKind,
    refId: string,
    movement: MovementKind,
    actorId: string | null,
  ): Promise<number> => {
    const { locks, byId } = await this.activeLocks(tx, kind, refId);
    for (const lock of locks) {
      const row = byId.get(lock.batchId)!;
      await this.rules.removeUnits(tx, row, lock.quantity, lock.quantity, movement, refId, actorId);
      row.removed += lock.quantity;
      row.locked -= lock.quantity;
      await tx
        .update(inventoryLocks)
        .set({ status: 'consumed', endedAt: this.ctx.clock.now() })
        .where(eq(inventoryLocks.id, lock.id));
    }
    return locks.reduce((n, l) => n + l.quantity, 0);
  };
}
