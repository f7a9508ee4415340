import crypto from 'node:crypto';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import {
  INVALID_COLLECTION_SLOT_MESSAGE,
  SLOT_FULL_MESSAGE,
  collectionDates,
  collectionSlotsFor,
  isValidCollectionSlot,
  slotLabel,
  type CollectionSlotsResponse,
  type PickupPoint,
  type SelectedItem,
  type SelfCollection,
} from '@kujiya/shared';
import type { Principal } from '../../core/auth.ts';
import type { AppContext } from '../../core/context.ts';
import type { Tx } from '../../db/database.ts';
import { badRequest, notFound } from '../../core/http-errors.ts';
import type { InventoryService } from '../inventory/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { OrdersService } from '../orders/service.ts';
import { collectionSlotBookings, selfCollections } from './tables.ts';
import {
  UUID,
  collectionBookedMessage,
  collectionDetails,
  collectionView,
  lines,
  units,
  type CollectionRow,
} from './views.ts';

const COLLECTION_NOT_FOUND = 'Self-collection not found';
const COLLECTION_FINAL = (status: string) => `This self-collection is already ${status} and cannot change`;
const ONLY_PENDING_CANCEL = 'Only a pending self-collection can be cancelled';

interface CollectionDeps {
  inventory: InventoryService;
  notifications: NotificationsService;
  orders: OrdersService;
  /** The shop's self-collection pickup point (a shop setting, docs/rules/shop-ops.md). */
  pickupPoint: () => Promise<PickupPoint>;
}

/** Who changes a collection: the shopper (cancel only) or an admin, with the back office's audit. */
export interface CollectionChange {
  status: 'cancelled' | 'completed';
  asAdmin?: boolean;
  /** Called in the same transaction with the collection before and after. */
  audit?: (tx: Tx, before: SelfCollection, after: SelfCollection) => Promise<void>;
}

/** Self-collection (docs/rules/fulfilment.md): slots with room, bookings that lock units, cancel and complete. */
export class CollectionBookings {
  private readonly ctx: AppContext;
  private readonly deps: CollectionDeps;
  private readonly inventory: CollectionDeps['inventory'];
  private readonly notifications: CollectionDeps['notifications'];
  private readonly orders: CollectionDeps['orders'];

  constructor(ctx: AppContext, deps: CollectionDeps) {
    this.ctx = ctx;
    this.deps = deps;
    this.inventory = deps.inventory;
    this.notifications = deps.notifications;
    this.orders = deps.orders;
  }

  /** Takes a place in the slot, or refuses when it is full. */
  private async takeSlot(tx: Tx, slotAt: Date): Promise<void> {
    const capacity = this.ctx.config.collectionSlotCapacity;
    const room = await tx
      .insert(collectionSlotBookings)
      .values({ slotAt, booked: 1 })
      .onConflictDoUpdate({
        target: collectionSlotBookings.slotAt,
        set: { booked: sql`${collectionSlotBookings.booked} + 1` },
        setWhere: sql`${collectionSlotBookings.booked} < ${capacity}`,
      })
      .returning({ booked: collectionSlotBookings.booked });
    if (room.length === 0 || room[0]!.booked > capacity) throw badRequest(SLOT_FULL_MESSAGE);
  }

  /** The units return (cancelled, freeing the slot's place) or leave the inventory (completed). */
  private async settleUnits(
    tx: Tx,
    row: CollectionRow,
    status: CollectionChange['status'],
    actorId: string,
  ): Promise<void> {
    if (status === 'completed') {
      await this.inventory.consumeLocks(tx, 'collection', row.id, 'collected', actorId);
      return;
    }
    await this.inventory.releaseLocks(tx, 'collection', row.id);
    // A cancelled booking frees its place in the slot; a completed one keeps it.
    await tx
      .update(collectionSlotBookings)
      .set({ booked: sql`greatest(${collectionSlotBookings.booked} - 1, 0)` })
      .where(eq(collectionSlotBookings.slotAt, row.collectionDate));
  }

  /** Every bookable slot of the window with its remaining room. */
  collectionSlots = async (): Promise<CollectionSlotsResponse> => {
    const now = this.ctx.clock.now();
    const slots = collectionDates(now).flatMap((date) => collectionSlotsFor(date, now).map((at) => ({ date, at })));
    const booked = slots.length
      ? await this.ctx.db
          .select()
          .from(collectionSlotBookings)
          .where(
            inArray(
              collectionSlotBookings.slotAt,
              slots.map((s) => s.at),
            ),
          )
      : [];
    const bookedAt = new Map(booked.map((b) => [b.slotAt.getTime(), b.booked]));
    const capacity = this.ctx.config.collectionSlotCapacity;
    return {
      slots: slots.map(({ date, at }) => {
        const remaining = Math.max(0, capacity - (bookedAt.get(at.getTime()) ?? 0));
        const hour = (at.getUTCHours() + 8) % 24;
        return { collectionDate: at.toISOString(), date, time: slotLabel(hour), remaining, full: remaining === 0 };
      }),
    };
  };

  /** POST /api/self-collection/create: a valid slot with room, the units locked while pending. */
  createCollection = async (
    user: Principal,
    input: { items: SelectedItem[]; collectionDate: string },
  ): Promise<SelfCollection> => {
    const now = this.ctx.clock.now();
    if (!isValidCollectionSlot(input.collectionDate, now)) throw badRequest(INVALID_COLLECTION_SLOT_MESSAGE);
    const slotAt = new Date(input.collectionDate);
    const id = crypto.randomUUID();
    const pickup = await this.deps.pickupPoint();
    return this.ctx.db.transaction(async (tx) => {
      await this.takeSlot(tx, slotAt);
      const taken = await this.inventory.lockUnits(tx, user.id, units(input.items), 'collection', id);
      const reference = `SC-${id.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
      const [row] = await tx
        .insert(selfCollections)
        .values({
          id,
          userId: user.id,
          reference,
          status: 'pending',
          collectionDate: slotAt,
          items: lines(taken),
          createdAt: now,
        })
        .returning();
      await this.notifications.notify(tx, [user.id], collectionBookedMessage(reference, slotAt, pickup), {
        email: {
          subject: `Self-collection ${reference} booked`,
          details: collectionDetails(reference, slotAt, pickup),
        },
        kind: 'collectionBooked',
        url: '/shipments',
      });
      return collectionView(row!);
    });
  };

  /** GET /api/self-collection/user: newest first. */
  userCollections = async (user: Principal): Promise<{ collections: SelfCollection[] }> => {
    const rows = await this.ctx.db
      .select()
      .from(selfCollections)
      .where(eq(selfCollections.userId, user.id))
      .orderBy(desc(selfCollections.createdAt), desc(selfCollections.id));
    return { collections: rows.map(collectionView) };
  };

  /** Pending → cancelled (items return) or completed (items leave); by the shopper (cancel only) or an admin. */
  changeCollection = async (
    actor: Principal,
    collectionId: string,
    change: CollectionChange,
  ): Promise<SelfCollection> => {
    const { status, asAdmin = false, audit } = change;
    if (!UUID.test(collectionId)) throw notFound(COLLECTION_NOT_FOUND);
    return this.ctx.db.transaction(async (tx) => {
      const [row] = await tx.select().from(selfCollections).where(eq(selfCollections.id, collectionId)).for('update');
      if (!row || (!asAdmin && row.userId !== actor.id)) throw notFound(COLLECTION_NOT_FOUND);
      if (row.status !== 'pending') throw badRequest(asAdmin ? COLLECTION_FINAL(row.status) : ONLY_PENDING_CANCEL);
      const now = this.ctx.clock.now();
      await this.settleUnits(tx, row, status, actor.id);
      const [updated] = await tx
        .update(selfCollections)
        .set({ status, changedBy: actor.id, ...(status === 'cancelled' ? { cancelledAt: now } : { collectedAt: now }) })
        .where(eq(selfCollections.id, row.id))
        .returning();
      if (audit) await audit(tx, collectionView(row), collectionView(updated!));
      return collectionView(updated!);
    });
  };

  /** POST /api/order/self-collect/{orderId}: the paid order's units that can be collected now. */
  orderSelfCollect = async (user: Principal, orderId: string): Promise<{ success: boolean; items: SelectedItem[] }> => {
    const order = await this.orders.paidOrderOf(user, orderId);
    const now = this.ctx.clock.now().getTime();
    const batches = (await this.inventory.batchesOfOrder(order.id)).filter(
      (b) => b.status === 'in_inventory' && b.shipByDate && b.shipByDate.getTime() > now,
    );
    const items = batches
      .map((b) => ({
        batchId: b.id,
        quantity: b.quantity - b.removed - b.locked,
        prizeId: b.prizeId,
        productId: b.productId,
        setName: order.productName,
        inventoryId: b.prizeId,
      }))
      .filter((i) => i.quantity > 0);
    return { success: items.length > 0, items };
  };
}
