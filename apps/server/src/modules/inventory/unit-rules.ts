import crypto from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import {
  COLLECT_PREORDER_MESSAGE,
  EXPIRED_SHIPPING,
  SHIP_PREORDER_MESSAGE,
  TRADE_CUTOFF_MESSAGE,
  isTradable,
  singaporeDate,
} from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { Executor, Tx } from '../../db/database.ts';
import { badRequest, notFound } from '../../core/http-errors.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import { inventoryBatches, inventoryMovements } from './tables.ts';
import type { BatchRow, BatchStatus, MovementKind } from './views.ts';

const ITEM_NOT_FOUND = 'Item not found in your inventory';
const NOT_ENOUGH_UNITS = (name: string, free: number) => `Only ${free} of ${name} can be used`;

/** A chosen quantity of one batch. */
export interface UnitRequest {
  batchId: string;
  quantity: number;
}

/** Units taken from the inventory, with what a shipment or collection shows of them. */
export interface TakenUnits {
  batchId: string;
  quantity: number;
  prizeId: string;
  prizeName: string;
  setName: string;
  prizeType: 'Small' | 'Big';
  shipByDate: Date | null;
}

/** What each use of units may not touch (docs/rules/fulfilment.md). */
export type Purpose = 'abandon' | 'shipment' | 'collection' | 'trade';

const finalStatus: Record<MovementKind, BatchStatus> = {
  abandoned: 'abandoned',
  shipped: 'shipped',
  collected: 'collected',
  forfeited: 'forfeited',
  traded: 'traded',
};

/**
 * The rules every use of units shares: the prize and set names of batches, the check of chosen units
 * against the owner's free units and the purpose, and the removal of units with its movement record.
 */
export class UnitRules {
  private readonly ctx: AppContext;
  private readonly catalogue: CatalogueService;

  constructor(ctx: AppContext, catalogue: CatalogueService) {
    this.ctx = ctx;
    this.catalogue = catalogue;
  }

  async names(exec: Executor, batches: Pick<BatchRow, 'prizeId' | 'productId'>[]) {
    const prizes = new Map(
      (await this.catalogue.prizesByIds(exec, [...new Set(batches.map((b) => b.prizeId))])).map((p) => [p.id, p]),
    );
    const products = new Map<string, { name: string; tags: string[]; arrival: string | null }>();
    for (const productId of new Set(batches.map((b) => b.productId))) {
      const product = await this.catalogue.getProduct(exec, productId);
      products.set(productId, {
        name: product.name,
        tags: product.tags,
        arrival: product.preorder ? product.arrival : null,
      });
    }
    return { prizes, products };
  }

  /** The batches of `ids`, locked (FOR UPDATE) in id order; each must be the caller's and still held. */
  private async lockOwnBatches(tx: Tx, userId: string, ids: string[]) {
    const rows = await tx
      .select()
      .from(inventoryBatches)
      .where(inArray(inventoryBatches.id, ids))
      .orderBy(asc(inventoryBatches.id))
      .for('update');
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of ids) {
      const row = byId.get(id);
      if (!row || row.userId !== userId || row.status !== 'in_inventory') throw notFound(ITEM_NOT_FOUND);
    }
    return { rows, byId };
  }

  /** Sums the requested units per batch, then checks them against the caller's free units and the purpose's rules. */
  async checkedBatches(tx: Tx, userId: string, items: UnitRequest[], purpose: Purpose) {
    const wanted = new Map<string, number>();
    for (const item of items) wanted.set(item.batchId, (wanted.get(item.batchId) ?? 0) + item.quantity);
    const ids = [...wanted.keys()].sort();
    const { rows, byId } = await this.lockOwnBatches(tx, userId, ids);
    const { prizes, products } = await this.names(tx, rows);
    const now = this.ctx.clock.now();
    const taken: TakenUnits[] = [];
    const expired: string[] = [];
    for (const id of ids) {
      const row = byId.get(id)!;
      const prize = prizes.get(row.prizeId)!;
      const setName = products.get(row.productId)!.name;
      const quantity = wanted.get(id)!;
      if (purpose === 'shipment' || purpose === 'collection') {
        if (row.shipByDate === null)
          throw badRequest(purpose === 'shipment' ? SHIP_PREORDER_MESSAGE : COLLECT_PREORDER_MESSAGE);
        if (row.shipByDate.getTime() <= now.getTime()) {
          expired.push(
            `${prize.name} (${setName}) x${quantity}: ship-by date ${singaporeDate(row.shipByDate)} has passed`,
          );
        }
      }
      if (purpose === 'trade' && !isTradable(row.shipByDate, now)) throw badRequest(TRADE_CUTOFF_MESSAGE);
      const free = row.quantity - row.removed - row.locked;
      if (quantity > free) throw badRequest(NOT_ENOUGH_UNITS(`${prize.name} (${setName})`, free));
      taken.push({
        batchId: id,
        quantity,
        prizeId: row.prizeId,
        prizeName: prize.name,
        setName,
        prizeType: prize.type,
        shipByDate: row.shipByDate,
      });
    }
    if (expired.length > 0) throw badRequest(expired.join('\n'), { code: EXPIRED_SHIPPING });
    return { taken, byId };
  }

  /** Removes `quantity` units of a locked row (held by FOR UPDATE) and records why. */
  async removeUnits(
    tx: Tx,
    row: BatchRow,
    quantity: number,
    fromLocked: number,
    kind: MovementKind,
    refId: string | null,
    actorId: string | null,
  ) {
    const removed = row.removed + quantity;
    const locked = row.locked - fromLocked;
    const status = removed === row.quantity ? finalStatus[kind] : row.status;
    await tx.update(inventoryBatches).set({ removed, locked, status }).where(eq(inventoryBatches.id, row.id));
    await tx.insert(inventoryMovements).values({
      id: crypto.randomUUID(),
      batchId: row.id,
      userId: row.userId,
      kind,
      quantity,
      refId,
      actorId,
      createdAt: this.ctx.clock.now(),
    });
  }
}
