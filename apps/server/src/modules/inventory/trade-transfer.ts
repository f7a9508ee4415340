import crypto from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import { TRADE_CUTOFF_MESSAGE, isTradable } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { Tx } from '../../db/database.ts';
import { badRequest, conflict } from '../../core/http-errors.ts';
import { inventoryBatches, inventoryLocks } from './tables.ts';
import type { UnitRules } from './unit-rules.ts';
import type { BatchRow, LockRow } from './views.ts';

export interface TradeTransfer {
  /** A trade lock reference (a trade or an offer) and who receives its units. */
  refId: string;
  toUserId: string;
}

export interface MovedUnits {
  refId: string;
  batchId: string;
  newBatchId: string;
  quantity: number;
}

/** Trading's side of the inventory (docs/rules/trading.md): a settled trade's units change owner. */
export class UnitTransfers {
  private readonly ctx: AppContext;
  private readonly rules: UnitRules;

  constructor(ctx: AppContext, rules: UnitRules) {
    this.ctx = ctx;
    this.rules = rules;
  }

  /** The trade locks of `refIds` (by id), then their batches (by id), all locked; every reference must hold units. */
  private async lockTradeUnits(tx: Tx, refIds: string[], unitsGone: string) {
    const locks = await tx
      .select()
      .from(inventoryLocks)
      .where(
        and(
          eq(inventoryLocks.kind, 'trade'),
          inArray(inventoryLocks.refId, refIds),
          eq(inventoryLocks.status, 'active'),
        ),
      )
      .orderBy(asc(inventoryLocks.id))
      .for('update');
    for (const refId of refIds) if (!locks.some((l) => l.refId === refId)) throw conflict(unitsGone);
    const batchIds = [...new Set(locks.map((l) => l.batchId))];
    const rows = await tx
      .select()
      .from(inventoryBatches)
      .where(inArray(inventoryBatches.id, batchIds))
      .orderBy(asc(inventoryBatches.id))
      .for('update');
    return { locks, byId: new Map(rows.map((r) => [r.id, r])) };
  }

  /** One lock's units leave `row` ('traded') and arrive as a new batch of `toUserId` with the same ship-by date. */
  private async moveLock(
    tx: Tx,
    row: BatchRow,
    lock: LockRow,
    toUserId: string,
    actorId: string | null,
    now: Date,
  ): Promise<MovedUnits> {
    await this.rules.removeUnits(tx, row, lock.quantity, lock.quantity, 'traded', lock.refId, actorId);
    row.removed += lock.quantity;
    row.locked -= lock.quantity;
    if (row.removed === row.quantity) row.status = 'traded';
    await tx.update(inventoryLocks).set({ status: 'consumed', endedAt: now }).where(eq(inventoryLocks.id, lock.id));
    const newBatchId = crypto.randomUUID();
    await tx.insert(inventoryBatches).values({
      id: newBatchId,
      userId: toUserId,
      prizeId: row.prizeId,
      productId: row.productId,
      roundId: row.roundId,
      orderId: null,
      quantity: lock.quantity,
      shipByDate: row.shipByDate,
      sku: row.sku,
      source: row.source,
      status: 'in_inventory',
      createdAt: now,
    });
    return { refId: lock.refId, batchId: row.id, newBatchId, quantity: lock.quantity };
  }

  /**
   * A trade settles: the units each trade lock reference (a trade or an offer) holds leave their
   * owner ('traded') and arrive as new batches of `toUserId` with the same prize, ship-by date
   * (the two-week clock does not restart) and pre-order state. Every batch row involved is locked
   * first, in id order. A unit now due within a day refuses the whole settlement; a reference
   * holding nothing fails with `unitsGone`, so nothing moves.
   */
  transferLockedUnits = async (
    tx: Tx,
    transfers: TradeTransfer[],
    actorId: string | null,
    unitsGone: string,
  ): Promise<MovedUnits[]> => {
    const { locks, byId } = await this.lockTradeUnits(
      tx,
      transfers.map((t) => t.refId),
      unitsGone,
    );
    const now = this.ctx.clock.now();
    for (const lock of locks) {
      const row = byId.get(lock.batchId);
      if (!row || row.status !== 'in_inventory' || row.locked < lock.quantity) throw conflict(unitsGone);
      if (!isTradable(row.shipByDate, now)) throw badRequest(TRADE_CUTOFF_MESSAGE);
    }
    const to = new Map(transfers.map((t) => [t.refId, t.toUserId]));
    const moved: MovedUnits[] = [];
    for (const lock of locks) {
      const row = byId.get(lock.batchId)!;
      const toUserId = to.get(lock.refId)!;
      if (toUserId === row.userId) throw conflict(unitsGone);
      moved.push(await this.moveLock(tx, row, lock, toUserId, actorId, now));
    }
    return moved;
  };

  /** Trade lock references (trades and offers) holding a unit due at or before `cutoff`. */
  tradeRefsDueBy = async (cutoff: Date): Promise<string[]> => {
    const rows = await this.ctx.db
      .selectDistinct({ refId: inventoryLocks.refId })
      .from(inventoryLocks)
      .innerJoin(inventoryBatches, eq(inventoryBatches.id, inventoryLocks.batchId))
      .where(
        and(
          eq(inventoryLocks.kind, 'trade'),
          eq(inventoryLocks.status, 'active'),
          isNotNull(inventoryBatches.shipByDate),
          lte(inventoryBatches.shipByDate, cutoff),
        ),
      )
      .limit(500);
    return rows.map((r) => r.refId);
  };
}
