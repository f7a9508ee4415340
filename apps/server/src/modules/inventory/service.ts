import crypto from 'node:crypto';
import { and, asc, eq, gt, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import {
  DAY_MS,
  COLLECT_PREORDER_MESSAGE,
  EXPIRED_SHIPPING,
  SHIP_BY_DAYS,
  SHIP_PREORDER_MESSAGE,
  SHIP_BY_REMINDER_DAYS,
  TRADE_CUTOFF_MESSAGE,
  isTradable,
  singaporeDate,
  type InventoryItem,
  type InventoryResponse,
} from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { Executor, Tx } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../core/http-errors.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import { inventoryBatches, inventoryLocks, inventoryMovements, shipByReminders } from './tables.ts';
import { insertJsonRows } from '../../core/json-rows.ts';

export type InventoryBatch = typeof inventoryBatches.$inferSelect;
export type InventorySource = InventoryBatch['source'];
export type LockKind = (typeof inventoryLocks.$inferSelect)['kind'];
export type MovementKind = (typeof inventoryMovements.$inferSelect)['kind'];

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

export { SHIP_BY_DAYS };
/** Ship-by rule: order date + 14 days for in-stock sets, none for pre-orders. */
export function shipByDateFor(orderDate: Date, preorder: boolean): Date | null {
  return preorder ? null : new Date(orderDate.getTime() + SHIP_BY_DAYS * DAY_MS);
}

export const ITEM_NOT_FOUND = 'Item not found in your inventory';
export const DUPLICATE_ITEM = 'Each item may be listed once';
export const NOT_ENOUGH_UNITS = (name: string, free: number) => `Only ${free} of ${name} can be used`;

/** What each use of units may not touch (docs/rules/fulfilment.md). */
type Purpose = 'abandon' | 'shipment' | 'collection' | 'trade';

/**
 * Users' won prizes. Units move only inside the caller's transaction: locked by a pending shipment,
 * collection or trade; released back; consumed (left the inventory); or abandoned and forfeited.
 * Every batch row touched is locked first (FOR UPDATE), and the table's check guarantees a unit is
 * never used twice.
 */
export function createInventoryService(ctx: AppContext, deps: { catalogue: CatalogueService; notifications: NotificationsService }) {
  const { catalogue, notifications } = deps;

  async function names(exec: Executor, batches: InventoryBatch[]) {
    const prizes = new Map((await catalogue.prizesByIds(exec, [...new Set(batches.map((b) => b.prizeId))])).map((p) => [p.id, p]));
    const products = new Map<string, { name: string; tags: string[]; arrival: string | null }>();
    for (const productId of new Set(batches.map((b) => b.productId))) {
      const product = await catalogue.getProduct(exec, productId);
      products.set(productId, { name: product.name, tags: product.tags, arrival: product.preorder ? product.arrival : null });
    }
    return { prizes, products };
  }

  /** Sums the requested units per batch, then checks them against the caller's free units and the purpose's rules. */
  async function checkedBatches(tx: Tx, userId: string, items: UnitRequest[], purpose: Purpose) {
    const wanted = new Map<string, number>();
    for (const item of items) wanted.set(item.batchId, (wanted.get(item.batchId) ?? 0) + item.quantity);
    const ids = [...wanted.keys()].sort();
    const rows = await tx.select().from(inventoryBatches).where(inArray(inventoryBatches.id, ids)).orderBy(asc(inventoryBatches.id)).for('update');
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of ids) {
      const row = byId.get(id);
      if (!row || row.userId !== userId || row.status !== 'in_inventory') throw notFound(ITEM_NOT_FOUND);
    }
    const { prizes, products } = await names(tx, rows);
    const now = ctx.clock.now();
    const taken: TakenUnits[] = [];
    const expired: string[] = [];
    for (const id of ids) {
      const row = byId.get(id)!;
      const prize = prizes.get(row.prizeId)!;
      const setName = products.get(row.productId)!.name;
      const quantity = wanted.get(id)!;
      if (purpose === 'shipment' || purpose === 'collection') {
        if (row.shipByDate === null) throw badRequest(purpose === 'shipment' ? SHIP_PREORDER_MESSAGE : COLLECT_PREORDER_MESSAGE);
        if (row.shipByDate.getTime() <= now.getTime()) {
          expired.push(`${prize.name} (${setName}) x${quantity}: ship-by date ${singaporeDate(row.shipByDate)} has passed`);
        }
      }
      if (purpose === 'trade' && !isTradable(row.shipByDate, now)) throw badRequest(TRADE_CUTOFF_MESSAGE);
      const free = row.quantity - row.removed - row.locked;
      if (quantity > free) throw badRequest(NOT_ENOUGH_UNITS(`${prize.name} (${setName})`, free));
      taken.push({ batchId: id, quantity, prizeId: row.prizeId, prizeName: prize.name, setName, prizeType: prize.type, shipByDate: row.shipByDate });
    }
    if (expired.length > 0) throw badRequest(expired.join('\n'), { code: EXPIRED_SHIPPING });
    return { taken, byId };
  }

  async function recordMovement(tx: Tx, row: InventoryBatch, kind: MovementKind, quantity: number, refId: string | null, actorId: string | null) {
    await tx.insert(inventoryMovements).values({ id: crypto.randomUUID(), batchId: row.id, userId: row.userId, kind, quantity, refId, actorId, createdAt: ctx.clock.now() });
  }

  const finalStatus: Record<MovementKind, InventoryBatch['status']> = {
    abandoned: 'abandoned',
    shipped: 'shipped',
    collected: 'collected',
    forfeited: 'forfeited',
    traded: 'traded',
  };

  /** Removes `quantity` units of a locked row (held by FOR UPDATE) and records why. */
  async function removeUnits(tx: Tx, row: InventoryBatch, quantity: number, fromLocked: number, kind: MovementKind, refId: string | null, actorId: string | null) {
    const removed = row.removed + quantity;
    const locked = row.locked - fromLocked;
    const status = removed === row.quantity ? finalStatus[kind] : row.status;
    await tx.update(inventoryBatches).set({ removed, locked, status }).where(eq(inventoryBatches.id, row.id));
    await recordMovement(tx, row, kind, quantity, refId, actorId);
  }

  const service = {
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

    /** A user's batches still holding units, oldest first. */
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

    /** Units held and not locked, per batch (for tests and checks). */
    async freeUnits(batchId: string, exec: Executor = ctx.db): Promise<number> {
      const [row] = await exec.select().from(inventoryBatches).where(eq(inventoryBatches.id, batchId));
      return row ? row.quantity - row.removed - row.locked : 0;
    },

    /** GET /api/inventory/user/{username}: held units grouped by set name, then prize. */
    async inventoryOf(userId: string): Promise<InventoryResponse> {
      const rows = await service.batchesOfUser(userId);
      if (rows.length === 0) return {};
      const locks = await ctx.db
        .select()
        .from(inventoryLocks)
        .where(and(inArray(inventoryLocks.batchId, rows.map((r) => r.id)), eq(inventoryLocks.status, 'active')));
      // A pending collection takes its units out of the list; a trade or an unpaid shipment keeps them
      // listed but not selectable (docs/rules/fulfilment.md).
      const held: Record<LockKind, Map<string, number>> = { collection: new Map(), trade: new Map(), shipment: new Map() };
      for (const lock of locks) held[lock.kind].set(lock.batchId, (held[lock.kind].get(lock.batchId) ?? 0) + lock.quantity);
      const pending = held.collection;
      const { prizes, products } = await names(ctx.db, rows);
      const items = new Map<string, InventoryItem & { setName: string }>();
      for (const row of rows) {
        const quantity = row.quantity - row.removed - (pending.get(row.id) ?? 0);
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
      const sorted = [...items.values()].sort((a, b) => {
        const last = Number(a.prizeName === 'Last Prize') - Number(b.prizeName === 'Last Prize');
        return last !== 0 ? last : a.prizeName.localeCompare(b.prizeName);
      });
      for (const { setName, ...item } of sorted) (result[setName] ??= []).push(item);
      return result;
    },

    /** POST /api/inventory/abandon: removes exactly the chosen free units, one transaction, recorded. */
    async abandon(userId: string, items: UnitRequest[]): Promise<{ units: number }> {
      return ctx.db.transaction(async (tx) => {
        const { taken, byId } = await checkedBatches(tx, userId, items, 'abandon');
        for (const t of taken) await removeUnits(tx, byId.get(t.batchId)!, t.quantity, 0, 'abandoned', null, userId);
        return { units: taken.reduce((n, t) => n + t.quantity, 0) };
      });
    },

    /**
     * Locks free units for a shipment, collection or trade (`refId`) inside the caller's transaction.
     * Shipments and collections refuse pre-order and expired units (EXPIRED_SHIPPING, one line each);
     * trades refuse units due within a day.
     */
    async lockUnits(tx: Tx, userId: string, items: UnitRequest[], kind: LockKind, refId: string): Promise<TakenUnits[]> {
      const { taken, byId } = await checkedBatches(tx, userId, items, kind);
      const now = ctx.clock.now();
      for (const t of taken) {
        const row = byId.get(t.batchId)!;
        await tx.update(inventoryBatches).set({ locked: row.locked + t.quantity }).where(eq(inventoryBatches.id, row.id));
        await tx.insert(inventoryLocks).values({ id: crypto.randomUUID(), batchId: row.id, userId, kind, refId, quantity: t.quantity, status: 'active', createdAt: now });
      }
      return taken;
    },

    /** Returns the units a shipment, collection or trade holds. Idempotent. */
    async releaseLocks(tx: Tx, kind: LockKind, refId: string): Promise<number> {
      const locks = await tx.select().from(inventoryLocks).where(and(eq(inventoryLocks.kind, kind), eq(inventoryLocks.refId, refId), eq(inventoryLocks.status, 'active'))).for('update');
      if (locks.length === 0) return 0;
      const rows = await tx.select().from(inventoryBatches).where(inArray(inventoryBatches.id, locks.map((l) => l.batchId))).orderBy(asc(inventoryBatches.id)).for('update');
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const lock of locks) {
        const row = byId.get(lock.batchId)!;
        row.locked -= lock.quantity;
        await tx.update(inventoryBatches).set({ locked: row.locked }).where(eq(inventoryBatches.id, row.id));
        await tx.update(inventoryLocks).set({ status: 'released', endedAt: ctx.clock.now() }).where(eq(inventoryLocks.id, lock.id));
      }
      return locks.reduce((n, l) => n + l.quantity, 0);
    },

    /** The held units leave the inventory (shipped, collected, traded), recorded. Idempotent. */
    async consumeLocks(tx: Tx, kind: LockKind, refId: string, movement: MovementKind, actorId: string | null): Promise<number> {
      const locks = await tx.select().from(inventoryLocks).where(and(eq(inventoryLocks.kind, kind), eq(inventoryLocks.refId, refId), eq(inventoryLocks.status, 'active'))).for('update');
      if (locks.length === 0) return 0;
      const rows = await tx.select().from(inventoryBatches).where(inArray(inventoryBatches.id, locks.map((l) => l.batchId))).orderBy(asc(inventoryBatches.id)).for('update');
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const lock of locks) {
        const row = byId.get(lock.batchId)!;
        await removeUnits(tx, row, lock.quantity, lock.quantity, movement, refId, actorId);
        row.removed += lock.quantity;
        row.locked -= lock.quantity;
        await tx.update(inventoryLocks).set({ status: 'consumed', endedAt: ctx.clock.now() }).where(eq(inventoryLocks.id, lock.id));
      }
      return locks.reduce((n, l) => n + l.quantity, 0);
    },

    /**
     * A trade settles: the units each trade lock reference (a trade or an offer) holds leave their
     * owner ('traded') and arrive as new batches of `toUserId` with the same prize, ship-by date
     * (the two-week clock does not restart) and pre-order state. Every batch row involved is locked
     * first, in id order. A unit now due within a day refuses the whole settlement; a reference
     * holding nothing fails with `unitsGone`, so nothing moves.
     */
    async transferLockedUnits(tx: Tx, transfers: { refId: string; toUserId: string }[], actorId: string | null, unitsGone: string): Promise<{ refId: string; batchId: string; newBatchId: string; quantity: number }[]> {
      const refIds = transfers.map((t) => t.refId);
      const locks = await tx
        .select()
        .from(inventoryLocks)
        .where(and(eq(inventoryLocks.kind, 'trade'), inArray(inventoryLocks.refId, refIds), eq(inventoryLocks.status, 'active')))
        .orderBy(asc(inventoryLocks.id))
        .for('update');
      for (const refId of refIds) if (!locks.some((l) => l.refId === refId)) throw conflict(unitsGone);
      const rows = await tx.select().from(inventoryBatches).where(inArray(inventoryBatches.id, [...new Set(locks.map((l) => l.batchId))])).orderBy(asc(inventoryBatches.id)).for('update');
      const byId = new Map(rows.map((r) => [r.id, r]));
      const now = ctx.clock.now();
      for (const lock of locks) {
        const row = byId.get(lock.batchId);
        if (!row || row.status !== 'in_inventory' || row.locked < lock.quantity) throw conflict(unitsGone);
        if (!isTradable(row.shipByDate, now)) throw badRequest(TRADE_CUTOFF_MESSAGE);
      }
      const to = new Map(transfers.map((t) => [t.refId, t.toUserId]));
      const moved = [];
      for (const lock of locks) {
        const row = byId.get(lock.batchId)!;
        const toUserId = to.get(lock.refId)!;
        if (toUserId === row.userId) throw conflict(unitsGone);
        await removeUnits(tx, row, lock.quantity, lock.quantity, 'traded', lock.refId, actorId);
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
        moved.push({ refId: lock.refId, batchId: row.id, newBatchId, quantity: lock.quantity });
      }
      return moved;
    },

    /** Trade lock references (trades and offers) holding a unit due at or before `cutoff`. */
    async tradeRefsDueBy(cutoff: Date, exec: Executor = ctx.db): Promise<string[]> {
      const rows = await exec
        .selectDistinct({ refId: inventoryLocks.refId })
        .from(inventoryLocks)
        .innerJoin(inventoryBatches, eq(inventoryBatches.id, inventoryLocks.batchId))
        .where(and(eq(inventoryLocks.kind, 'trade'), eq(inventoryLocks.status, 'active'), isNotNull(inventoryBatches.shipByDate), lte(inventoryBatches.shipByDate, cutoff)))
        .limit(500);
      return rows.map((r) => r.refId);
    },

    /** Batches by id (any owner, any status): the caller checks ownership. */
    async batchesByIds(ids: string[], exec: Executor = ctx.db): Promise<InventoryBatch[]> {
      if (ids.length === 0) return [];
      return exec.select().from(inventoryBatches).where(inArray(inventoryBatches.id, ids));
    },

    /** Every unit of every batch of a prize still held (for the conservation checks of tests). */
    async heldUnitsByPrize(exec: Executor = ctx.db): Promise<Map<string, number>> {
      const rows = await exec
        .select({ prizeId: inventoryBatches.prizeId, held: sql<number>`sum(${inventoryBatches.quantity} - ${inventoryBatches.removed})::int` })
        .from(inventoryBatches)
        .groupBy(inventoryBatches.prizeId);
      return new Map(rows.map((r) => [r.prizeId, Number(r.held)]));
    },

    /** Units currently held by a lock reference (e.g. a shipment), per batch. */
    async locksOf(kind: LockKind, refId: string, exec: Executor = ctx.db) {
      return exec.select().from(inventoryLocks).where(and(eq(inventoryLocks.kind, kind), eq(inventoryLocks.refId, refId)));
    },

    async movementsOfUser(userId: string, exec: Executor = ctx.db) {
      return exec.select().from(inventoryMovements).where(eq(inventoryMovements.userId, userId)).orderBy(asc(inventoryMovements.createdAt));
    },

    /** Demo data only: moves an order's ship-by dates earlier, as if it had been won `ms` ago. */
    async backdateOrderForDemo(orderId: string, ms: number): Promise<void> {
      await ctx.db
        .update(inventoryBatches)
        .set({ shipByDate: sql`${inventoryBatches.shipByDate} - make_interval(secs => ${ms / 1000})` })
        .where(and(eq(inventoryBatches.orderId, orderId), isNotNull(inventoryBatches.shipByDate)));
    },

    /** The shoppers holding pre-order units (no ship-by yet) of a product: who a conversion notifies. */
    async preorderHolders(tx: Tx, productId: string): Promise<string[]> {
      const rows = await tx
        .selectDistinct({ userId: inventoryBatches.userId })
        .from(inventoryBatches)
        .where(and(eq(inventoryBatches.productId, productId), sql`${inventoryBatches.shipByDate} is null`, eq(inventoryBatches.status, 'in_inventory')));
      return rows.map((r) => r.userId);
    },

    /** Units still held whose ship-by falls between `from` and `to` (the dashboard's forfeit watch). */
    async unitsDueBetween(from: Date, to: Date): Promise<number> {
      const [row] = await ctx.db
        .select({ n: sql<number>`coalesce(sum(${inventoryBatches.quantity} - ${inventoryBatches.removed}), 0)::int` })
        .from(inventoryBatches)
        .where(and(eq(inventoryBatches.status, 'in_inventory'), sql`${inventoryBatches.shipByDate} >= ${from.toISOString()}`, sql`${inventoryBatches.shipByDate} < ${to.toISOString()}`));
      return Number(row?.n ?? 0);
    },

    /** Pre-order conversion: the product's pre-order units get a ship-by date of `from` + 14 days. */
    async startClockForProduct(tx: Tx, productId: string, from: Date): Promise<number> {
      const rows = await tx
        .update(inventoryBatches)
        .set({ shipByDate: new Date(from.getTime() + SHIP_BY_DAYS * DAY_MS) })
        .where(and(eq(inventoryBatches.productId, productId), sql`${inventoryBatches.shipByDate} is null`, eq(inventoryBatches.status, 'in_inventory')))
        .returning({ id: inventoryBatches.id });
      return rows.length;
    },

    /**
     * The two-week clock: reminders 3 and 1 days before ship-by (each once: a unique row per batch
     * and lead time), then forfeiture of the free units once ship-by has passed (rows claimed with
     * SKIP LOCKED). Safe to run on every instance at once.
     */
    async runClock(): Promise<{ reminded: number; forfeited: number }> {
      const now = ctx.clock.now();
      // Each due batch is claimed (SKIP LOCKED) by one runner, which sends the nearest lead time's
      // reminder once and marks the farther ones as sent, so a late batch gets a single reminder.
      const leads = [...SHIP_BY_REMINDER_DAYS].sort((x, y) => x - y);
      const reminded = await ctx.db.transaction(async (tx) => {
        const due = await tx
          .select()
          .from(inventoryBatches)
          .where(
            and(
              eq(inventoryBatches.status, 'in_inventory'),
              isNotNull(inventoryBatches.shipByDate),
              gt(inventoryBatches.shipByDate, now),
              lte(inventoryBatches.shipByDate, new Date(now.getTime() + leads.at(-1)! * DAY_MS)),
            ),
          )
          .orderBy(asc(inventoryBatches.id))
          .limit(500)
          .for('update', { skipLocked: true });
        const toSend: InventoryBatch[] = [];
        for (const b of due) {
          const lead = leads.find((d) => b.shipByDate!.getTime() <= now.getTime() + d * DAY_MS)!;
          const sent = await tx
            .insert(shipByReminders)
            .values({ batchId: b.id, daysBefore: lead, sentAt: now })
            .onConflictDoNothing()
            .returning({ batchId: shipByReminders.batchId });
          if (sent.length === 0) continue;
          const farther = leads.filter((d) => d > lead);
          if (farther.length > 0) {
            await tx
              .insert(shipByReminders)
              .values(farther.map((d) => ({ batchId: b.id, daysBefore: d, sentAt: now })))
              .onConflictDoNothing();
          }
          toSend.push(b);
        }
        if (toSend.length === 0) return 0;
        const { prizes, products } = await names(tx, toSend);
        for (const b of toSend) {
          const what = `${prizes.get(b.prizeId)!.name} (${products.get(b.productId)!.name})`;
          const message = `Reminder: ship or collect your ${what} by ${singaporeDate(b.shipByDate!)}, or it will be forfeited.`;
          await notifications.notify(tx, [b.userId], message, { email: { subject: `Your ${what} must be shipped by ${singaporeDate(b.shipByDate!)}` } });
        }
        return toSend.length;
      });
      const forfeited = await ctx.db.transaction(async (tx) => {
        const due = await tx
          .select()
          .from(inventoryBatches)
          .where(
            and(
              eq(inventoryBatches.status, 'in_inventory'),
              isNotNull(inventoryBatches.shipByDate),
              lte(inventoryBatches.shipByDate, now),
              sql`${inventoryBatches.removed} + ${inventoryBatches.locked} < ${inventoryBatches.quantity}`,
            ),
          )
          .orderBy(asc(inventoryBatches.id))
          .limit(200)
          .for('update', { skipLocked: true });
        if (due.length === 0) return 0;
        const { prizes, products } = await names(tx, due);
        let units = 0;
        for (const b of due) {
          const free = b.quantity - b.removed - b.locked;
          await removeUnits(tx, b, free, 0, 'forfeited', null, null);
          units += free;
          const what = `${prizes.get(b.prizeId)!.name} (${products.get(b.productId)!.name})`;
          await notifications.notify(tx, [b.userId], `${free} x ${what} passed the ship-by date and was forfeited.`, { email: { subject: `${what} was forfeited` } });
        }
        return units;
      });
      return { reminded, forfeited };
    },
  };
  return service;
}
export type InventoryService = ReturnType<typeof createInventoryService>;
