import crypto from 'node:crypto';
import { createFulfilmentAdmin } from './admin.ts';
import { and, asc, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import {
  ADDRESS_INCOMPLETE_MESSAGE,
  DEFAULT_TRACKING_STATUS,
  INVALID_COLLECTION_SLOT_MESSAGE,
  NOT_SHIPPABLE_MESSAGE,
  SHIPMENT_FAILURE_MESSAGE,
  SHIPPING_PAYMENT_WINDOW_MS,
  SLOT_FULL_MESSAGE,
  collectionDates,
  collectionSlotsFor,
  isShippableCountry,
  isShippingAddressComplete,
  isValidCollectionSlot,
  shippingFeeCents,
  singaporeDateTimeText,
  slotLabel,
  type PickupPoint,
  type CollectionSlotsResponse,
  type CreateShippingIntentRequest,
  type CreateShippingIntentResponse,
  type ProcessingStatusResponse,
  type SelectedItem,
  type SelfCollection,
  type Shipment,
  type TrackingResponse,
  type VerifyShipmentResponse,
} from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { Principal } from '../../core/auth.ts';
import type { Executor, Tx } from '../../db/database.ts';
import { badRequest, notFound } from '../../core/http-errors.ts';
import { runPeriodically } from '../../core/periodic.ts';
import type { AccountsService } from '../accounts/service.ts';
import type { InventoryService, TakenUnits } from '../inventory/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { OrdersService } from '../orders/service.ts';
import type { PaymentIntent, PaymentsService } from '../payments/service.ts';
import { CourierError, createCourier, type Courier } from './courier.ts';
import { collectionSlotBookings, selfCollections, shipments, type ShipmentLine } from './tables.ts';

export const SHIPPING_PURPOSE = 'shipping';
export const SHIPMENT_NOT_FOUND = 'Shipment not found';
export const COLLECTION_NOT_FOUND = 'Self-collection not found';
export const COLLECTION_FINAL = (status: string) => `This self-collection is already ${status} and cannot change`;
export const ONLY_PENDING_CANCEL = 'Only a pending self-collection can be cancelled';
/** Courier hand-over: attempts before the shipment needs attention, and the backoff base. */
export const COURIER_MAX_ATTEMPTS = 5;
export const COURIER_BACKOFF_MS = 30_000;
/** A claim older than this was abandoned by a crashed instance and may be taken again. */
export const COURIER_CLAIM_TIMEOUT_MS = 5 * 60_000;
export const OTHER_ADDRESS_PHONE_MESSAGE = "Please enter the receiver's phone number.";
const WINDOW_CLOSED = 'The payment window has closed; your items are back in your inventory.';

type ShipmentRow = typeof shipments.$inferSelect;
type CollectionRow = typeof selfCollections.$inferSelect;

interface Deps {
  inventory: InventoryService;
  payments: PaymentsService;
  accounts: AccountsService;
  notifications: NotificationsService;
  orders: OrdersService;
  /** The shop's self-collection pickup point (a shop setting, docs/rules/shop-ops.md). */
  pickupPoint: () => Promise<PickupPoint>;
  courier?: Courier | null;
}

const lines = (taken: TakenUnits[]): ShipmentLine[] =>
  taken.map((t) => ({ batchId: t.batchId, setName: t.setName, prizeName: t.prizeName, quantity: t.quantity }));
const publicLines = (items: ShipmentLine[]) => items.map(({ setName, prizeName, quantity }) => ({ setName, prizeName, quantity }));
const units = (items: SelectedItem[]) => items.map((i) => ({ batchId: i.batchId, quantity: i.quantity }));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function shipmentView(row: ShipmentRow): Shipment {
  return {
    _id: row.id,
    awbNumber: row.awbNumber,
    awbLink: row.awbLink,
    easyparcelOrderId: row.easyparcelOrderId,
    trackingUrl: row.awbNumber ? row.trackingUrl : null,
    shippingFee: row.shippingFee,
    inventoryItems: publicLines(row.items),
    receiverName: row.receiverName,
    receiverContact: row.receiverContact,
    receiverUnit: row.receiverUnit,
    receiverFullAddress: row.receiverFullAddress,
    receiverPostcode: row.receiverPostcode,
    receiverCountry: row.receiverCountry,
    createdAt: row.createdAt.toISOString(),
    paid: row.status === 'paid',
    shipped: row.shippedAt !== null,
    shippedAt: row.shippedAt ? row.shippedAt.toISOString() : null,
  };
}

function collectionView(row: CollectionRow): SelfCollection {
  return {
    _id: row.id,
    collectionId: row.reference,
    status: row.status,
    inventoryItems: publicLines(row.items),
    collectionDate: row.collectionDate.toISOString(),
    collectedAt: row.collectedAt ? row.collectedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The booking's confirmation (in-app and e-mail): reference, slot in Singapore time, where to collect. */
export function collectionBookedMessage(reference: string, slotAt: Date, pickup: PickupPoint): string {
  return [
    `Your self-collection ${reference} is booked for ${singaporeDateTimeText(slotAt)} (Singapore time).`,
    `Collect at: ${pickup.address}.`,
    pickup.openingNote,
    pickup.mapLink ? `Map: ${pickup.mapLink}` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * Shipping (paid by card, handed to the courier by a stored job) and self-collection
 * (docs/rules/fulfilment.md). Units are locked through the inventory service while a shipment awaits
 * payment or a collection is pending.
 */
export function createFulfilmentService(ctx: AppContext, deps: Deps) {
  const { inventory, payments, accounts, notifications, orders } = deps;
  const courier = deps.courier === undefined ? createCourier(ctx.config) : deps.courier;

  async function ownShipment(user: Principal, shipmentId: string, exec: Executor = ctx.db): Promise<ShipmentRow> {
    if (!UUID.test(shipmentId)) throw notFound(SHIPMENT_NOT_FOUND);
    const [row] = await exec.select().from(shipments).where(eq(shipments.id, shipmentId));
    if (!row || row.userId !== user.id) throw notFound(SHIPMENT_NOT_FOUND);
    return row;
  }

  /** Cancels an unpaid shipment and returns its units (in the caller's transaction). */
  async function cancelShipment(tx: Tx, row: ShipmentRow, reason: string): Promise<void> {
    await tx.update(shipments).set({ status: 'cancelled', cancelledAt: ctx.clock.now(), lastError: reason }).where(eq(shipments.id, row.id));
    await inventory.releaseLocks(tx, 'shipment', row.id);
  }

  /** Lazily ends an unpaid shipment whose window has closed (the job does the same for all). */
  async function expireIfDue(shipmentId: string): Promise<void> {
    await ctx.db.transaction(async (tx) => {
      const [row] = await tx.select().from(shipments).where(eq(shipments.id, shipmentId)).for('update');
      if (row?.status === 'awaiting_payment' && row.expiresAt.getTime() <= ctx.clock.now().getTime()) await cancelShipment(tx, row, WINDOW_CLOSED);
    });
  }

  async function markPaid(tx: Tx, row: ShipmentRow): Promise<void> {
    await inventory.consumeLocks(tx, 'shipment', row.id, 'shipped', row.userId);
    const now = ctx.clock.now();
    await tx
      .update(shipments)
      .set({ status: 'paid', paidAt: now, lastError: null, courierStatus: 'queued', courierNextAttemptAt: now })
      .where(eq(shipments.id, row.id));
    await notifications.notify(tx, [row.userId], 'Your shipping payment was received. We are booking your parcel with the courier.');
  }

  /** The signed webhook said paid: the units leave the inventory here, exactly once. */
  payments.onSucceeded(SHIPPING_PURPOSE, async (tx: Tx, intent: PaymentIntent) => {
    const [row] = await tx.select().from(shipments).where(eq(shipments.paymentIntentId, intent.id)).for('update');
    if (!row || row.status === 'paid') return;
    if (row.status === 'awaiting_payment') return markPaid(tx, row);
    // Paid after its window closed: take the same units again if they are still free.
    try {
      await tx.transaction(async (inner) => {
        await inventory.lockUnits(inner, row.userId, row.items, 'shipment', row.id);
      });
    } catch {
      ctx.log.error({ shipmentId: row.id, intentId: intent.id }, 'shipment paid after cancellation and its units are gone: needs a refund');
      await tx
        .update(shipments)
        .set({ courierStatus: 'attention', courierLastError: 'Paid after the payment window closed; the units were no longer available (refund due).' })
        .where(eq(shipments.id, row.id));
      return;
    }
    await markPaid(tx, row);
  });

  payments.onCanceled(SHIPPING_PURPOSE, async (tx: Tx, intent: PaymentIntent) => {
    const [row] = await tx.select().from(shipments).where(eq(shipments.paymentIntentId, intent.id)).for('update');
    if (row?.status === 'awaiting_payment') await cancelShipment(tx, row, 'The payment was cancelled.');
  });

  payments.onFailed(SHIPPING_PURPOSE, async (tx: Tx, intent: PaymentIntent) => {
    await tx.update(shipments).set({ lastError: intent.lastError ?? 'The payment failed.' }).where(and(eq(shipments.paymentIntentId, intent.id), eq(shipments.status, 'awaiting_payment')));
  });

  /** Resolves the receiver: the complete profile address, or the one given; Singapore only. */
  async function receiverOf(user: Principal, input: CreateShippingIntentRequest) {
    const account = await accounts.getAccount(ctx.db, user.id);
    if (!account) throw notFound('User not found');
    let address: { fullName: string; country: string; postalCode: string; unitNumber: string; fullAddress: string };
    if (input.useProfileAddress) {
      const profile = account.shippingAddress;
      if (!isShippingAddressComplete(profile)) throw badRequest(ADDRESS_INCOMPLETE_MESSAGE);
      address = { fullName: profile.fullName!, country: profile.country, postalCode: profile.postalCode!, unitNumber: profile.unitNumber!, fullAddress: profile.fullAddress! };
    } else {
      const missing = (['fullName', 'fullAddress', 'unitNumber', 'postalCode'] as const).filter((k) => !input[k]);
      if (missing.length > 0) throw badRequest(`${missing.join(', ')}: required for another address`);
      address = { fullName: input.fullName!, country: (input.country || 'SG').toUpperCase(), postalCode: input.postalCode!, unitNumber: input.unitNumber!, fullAddress: input.fullAddress! };
    }
    if (!isShippableCountry(address.country)) throw badRequest(NOT_SHIPPABLE_MESSAGE);
    // Another address carries its receiver's phone; the profile's is the fallback (docs/rules/fulfilment.md).
    const contact = (!input.useProfileAddress && input.phoneNumber) || account.phoneNumber;
    if (!contact) throw badRequest(input.useProfileAddress ? SHIPMENT_FAILURE_MESSAGE : OTHER_ADDRESS_PHONE_MESSAGE);
    return { ...address, contact };
  }

  /** Moves one claimed shipment forward with the courier; every call happens outside a transaction. */
  async function handToCourier(row: ShipmentRow, activeCourier: Courier): Promise<'booked' | 'retry' | 'attention'> {
    let orderId = row.easyparcelOrderId;
    try {
      if (!orderId) {
        const booking = await activeCourier.submitOrder({
          reference: row.id,
          content: `Kujiya prizes x${row.items.reduce((n, i) => n + i.quantity, 0)}`,
          valueCents: row.shippingFee,
          weightKg: Math.max(0.5, row.bigPrizes * 1 + row.smallPrizes * 0.1),
          receiver: {
            name: row.receiverName,
            contact: row.receiverContact,
            unit: row.receiverUnit,
            address: row.receiverFullAddress,
            postcode: row.receiverPostcode,
            country: row.receiverCountry,
          },
        });
        orderId = booking.orderId;
        await ctx.db
          .update(shipments)
          .set({ easyparcelOrderId: orderId, courierStatus: 'submitted', courierName: activeCourier.name })
          .where(eq(shipments.id, row.id));
      }
      const awb = await activeCourier.payOrder(orderId);
      await ctx.db
        .update(shipments)
        .set({ awbNumber: awb.awbNumber, awbLink: awb.awbLink, trackingUrl: awb.trackingUrl, courierStatus: 'booked', courierClaimedAt: null, courierLastError: null })
        .where(eq(shipments.id, row.id));
      return 'booked';
    } catch (error) {
      if (!(error instanceof CourierError)) ctx.log.error({ err: error, shipmentId: row.id }, 'courier hand-over failed unexpectedly');
      const attempts = row.courierAttempts + 1;
      const exhausted = attempts >= COURIER_MAX_ATTEMPTS;
      const now = ctx.clock.now();
      await ctx.db
        .update(shipments)
        .set({
          courierAttempts: attempts,
          courierStatus: exhausted ? 'attention' : orderId ? 'submitted' : 'queued',
          courierNextAttemptAt: exhausted ? null : new Date(now.getTime() + COURIER_BACKOFF_MS * 2 ** (attempts - 1)),
          courierClaimedAt: null,
          courierLastError: (error as Error).message,
        })
        .where(eq(shipments.id, row.id));
      if (exhausted) ctx.log.error({ shipmentId: row.id, error: (error as Error).message }, 'courier hand-over failed after the last retry: needs attention');
      return exhausted ? 'attention' : 'retry';
    }
  }

  const service = {
    ...createFulfilmentAdmin(ctx, { accounts }),
    courier,

    /** POST /api/payment/shipping/create-intent */
    async createShippingIntent(user: Principal, input: CreateShippingIntentRequest): Promise<CreateShippingIntentResponse> {
      const receiver = await receiverOf(user, input);
      const shipmentId = crypto.randomUUID();
      const now = ctx.clock.now();
      const expiresAt = new Date(now.getTime() + SHIPPING_PAYMENT_WINDOW_MS);
      const breakdown = await ctx.db.transaction(async (tx) => {
        const taken = await inventory.lockUnits(tx, user.id, units(input.inventoryItems), 'shipment', shipmentId);
        const bigPrizes = taken.filter((t) => t.prizeType === 'Big').reduce((n, t) => n + t.quantity, 0);
        const smallPrizes = taken.filter((t) => t.prizeType === 'Small').reduce((n, t) => n + t.quantity, 0);
        const shippingFee = shippingFeeCents(bigPrizes, smallPrizes);
        await tx.insert(shipments).values({
          id: shipmentId,
          userId: user.id,
          status: 'awaiting_payment',
          paymentIntentId: `pending:${shipmentId}`,
          bigPrizes,
          smallPrizes,
          shippingFee,
          items: lines(taken),
          receiverName: receiver.fullName,
          receiverContact: receiver.contact,
          receiverUnit: receiver.unitNumber,
          receiverFullAddress: receiver.fullAddress,
          receiverPostcode: receiver.postalCode,
          receiverCountry: receiver.country,
          expiresAt,
          courierStatus: 'none',
          createdAt: now,
        });
        return { bigPrizes, smallPrizes, shippingFee };
      });
      try {
        const intent = await payments.createIntent(
          { purpose: SHIPPING_PURPOSE, userId: user.id, amountCents: breakdown.shippingFee, metadata: { shipmentId } },
          async (tx, created) => {
            await tx.update(shipments).set({ paymentIntentId: created.id }).where(eq(shipments.id, shipmentId));
          },
        );
        return { clientSecret: intent.clientSecret, shipmentId, shippingBreakdown: breakdown, expiresAt: expiresAt.toISOString() };
      } catch (error) {
        await ctx.db.transaction(async (tx) => {
          const [row] = await tx.select().from(shipments).where(eq(shipments.id, shipmentId)).for('update');
          if (row?.status === 'awaiting_payment') await cancelShipment(tx, row, 'The payment could not be started.');
        });
        throw error;
      }
    },

    /** GET /api/shipment/processing-status/{shipmentId} */
    async processingStatus(user: Principal, shipmentId: string): Promise<ProcessingStatusResponse> {
      await ownShipment(user, shipmentId);
      await expireIfDue(shipmentId);
      const row = await ownShipment(user, shipmentId);
      if (row.status === 'paid') return { status: 'completed', error: null };
      if (row.status === 'cancelled') return { status: 'failed', error: row.lastError ?? WINDOW_CLOSED };
      const intent = await payments.getIntent(row.paymentIntentId);
      if (intent?.status === 'failed') return { status: 'failed', error: intent.lastError ?? 'The payment failed.' };
      return { status: 'pending', error: null };
    },

    /** POST /api/payment/verify-shipment/{orderId}: where the shipment kept in session storage stands. */
    async verifyShipment(user: Principal, shipmentId: string): Promise<VerifyShipmentResponse> {
      await ownShipment(user, shipmentId);
      await expireIfDue(shipmentId);
      const row = await ownShipment(user, shipmentId);
      if (row.status === 'paid') return { success: true, message: 'Shipment payment confirmed.' };
      if (row.status === 'cancelled') return { success: false, message: row.lastError ?? WINDOW_CLOSED };
      return { success: false, message: 'Shipment payment is still processing.' };
    },

    /** GET /api/shipment/user/{username}: paid shipments, newest first. */
    async userShipments(user: Principal, username: string): Promise<{ shipments: Shipment[] }> {
      await accounts.requireSelf(user, username);
      const rows = await ctx.db
        .select()
        .from(shipments)
        .where(and(eq(shipments.userId, user.id), eq(shipments.status, 'paid')))
        .orderBy(desc(shipments.createdAt), desc(shipments.id));
      return { shipments: rows.map(shipmentView) };
    },

    async shipment(shipmentId: string, exec: Executor = ctx.db): Promise<Shipment | null> {
      const [row] = await exec.select().from(shipments).where(eq(shipments.id, shipmentId));
      return row ? shipmentView(row) : null;
    },

    /** Courier job state of a shipment (tests, back office). */
    async courierState(shipmentId: string) {
      const [row] = await ctx.db.select().from(shipments).where(eq(shipments.id, shipmentId));
      return row ? { status: row.courierStatus, attempts: row.courierAttempts, lastError: row.courierLastError, nextAttemptAt: row.courierNextAttemptAt } : null;
    },

    /** POST /api/shipment/tracking: the courier's status text, "Pending" until it answers. */
    async tracking(user: Principal, orderNumber: string): Promise<TrackingResponse> {
      const [row] = await ctx.db
        .select()
        .from(shipments)
        .where(
          and(
            eq(shipments.userId, user.id),
            UUID.test(orderNumber) ? eq(shipments.id, orderNumber) : or(eq(shipments.easyparcelOrderId, orderNumber), eq(shipments.awbNumber, orderNumber)),
          ),
        );
      if (!row) throw notFound(SHIPMENT_NOT_FOUND);
      const trackingUrl = row.awbNumber ? row.trackingUrl : null;
      if (!row.easyparcelOrderId || !courier) return { status: DEFAULT_TRACKING_STATUS, trackingUrl };
      try {
        const answer = await courier.parcelStatus(row.easyparcelOrderId, { shippedAt: row.shippedAt });
        return { status: answer.status || DEFAULT_TRACKING_STATUS, trackingUrl };
      } catch (error) {
        ctx.log.warn({ err: error, shipmentId: row.id }, 'courier status unavailable');
        return { status: DEFAULT_TRACKING_STATUS, trackingUrl };
      }
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
          .where(and(eq(shipments.status, 'awaiting_payment'), lte(shipments.expiresAt, ctx.clock.now()), userId ? eq(shipments.userId, userId) : undefined))
          .orderBy(asc(shipments.expiresAt))
          .limit(100)
          .for('update', { skipLocked: true });
        for (const row of due) await cancelShipment(tx, row, WINDOW_CLOSED);
        return due.length;
      });
    },

    /**
     * Hands paid shipments to the courier: each due row is claimed (FOR UPDATE SKIP LOCKED, then a
     * claim time) by one instance, the courier is called outside any transaction, and a failure is
     * retried with exponential backoff until the shipment is flagged for attention.
     */
    async runCourierJobs(limit = 20): Promise<{ booked: number; failed: number }> {
      if (!courier) return { booked: 0, failed: 0 };
      let booked = 0;
      let failed = 0;
      for (let i = 0; i < limit; i += 1) {
        const now = ctx.clock.now();
        const claimed = await ctx.db.transaction(async (tx) => {
          const [row] = await tx
            .select()
            .from(shipments)
            .where(
              and(
                inArray(shipments.courierStatus, ['queued', 'submitted']),
                lte(shipments.courierNextAttemptAt, now),
                or(isNull(shipments.courierClaimedAt), lt(shipments.courierClaimedAt, new Date(now.getTime() - COURIER_CLAIM_TIMEOUT_MS))),
              ),
            )
            .orderBy(asc(shipments.courierNextAttemptAt))
            .limit(1)
            .for('update', { skipLocked: true });
          if (!row) return null;
          await tx.update(shipments).set({ courierClaimedAt: now }).where(eq(shipments.id, row.id));
          return row;
        });
        if (!claimed) break;
        const outcome = await handToCourier(claimed, courier);
        if (outcome === 'booked') booked += 1;
        else failed += 1;
      }
      return { booked, failed };
    },

    // ---------- Self-collection ----------

    /** Every bookable slot of the window with its remaining room. */
    async collectionSlots(): Promise<CollectionSlotsResponse> {
      const now = ctx.clock.now();
      const slots = collectionDates(now).flatMap((date) => collectionSlotsFor(date, now).map((at) => ({ date, at })));
      const booked = slots.length
        ? await ctx.db.select().from(collectionSlotBookings).where(inArray(collectionSlotBookings.slotAt, slots.map((s) => s.at)))
        : [];
      const bookedAt = new Map(booked.map((b) => [b.slotAt.getTime(), b.booked]));
      const capacity = ctx.config.collectionSlotCapacity;
      return {
        slots: slots.map(({ date, at }) => {
          const remaining = Math.max(0, capacity - (bookedAt.get(at.getTime()) ?? 0));
          const hour = (at.getUTCHours() + 8) % 24;
          return { collectionDate: at.toISOString(), date, time: slotLabel(hour), remaining, full: remaining === 0 };
        }),
      };
    },

    /** POST /api/self-collection/create: a valid slot with room, the units locked while pending. */
    async createCollection(user: Principal, input: { items: SelectedItem[]; collectionDate: string }): Promise<SelfCollection> {
      const now = ctx.clock.now();
      if (!isValidCollectionSlot(input.collectionDate, now)) throw badRequest(INVALID_COLLECTION_SLOT_MESSAGE);
      const slotAt = new Date(input.collectionDate);
      const id = crypto.randomUUID();
      const pickup = await deps.pickupPoint();
      return ctx.db.transaction(async (tx) => {
        const capacity = ctx.config.collectionSlotCapacity;
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
        const taken = await inventory.lockUnits(tx, user.id, units(input.items), 'collection', id);
        const [row] = await tx
          .insert(selfCollections)
          .values({
            id,
            userId: user.id,
            reference: `SC-${id.replace(/-/g, '').slice(0, 8).toUpperCase()}`,
            status: 'pending',
            collectionDate: slotAt,
            items: lines(taken),
            createdAt: now,
          })
          .returning();
        await notifications.notify(tx, [user.id], collectionBookedMessage(row!.reference, slotAt, pickup), { email: { subject: `Self-collection ${row!.reference} booked` } });
        return collectionView(row!);
      });
    },

    /** GET /api/self-collection/user: newest first. */
    async userCollections(user: Principal): Promise<{ collections: SelfCollection[] }> {
      const rows = await ctx.db.select().from(selfCollections).where(eq(selfCollections.userId, user.id)).orderBy(desc(selfCollections.createdAt), desc(selfCollections.id));
      return { collections: rows.map(collectionView) };
    },

    /** Pending → cancelled (items return) or completed (items leave); by the shopper (cancel only) or an admin. */
    /** `audit` (back office): called in the same transaction with the collection before and after. */
    async changeCollection(
      actor: Principal,
      collectionId: string,
      status: 'cancelled' | 'completed',
      asAdmin = false,
      audit?: (tx: Tx, before: SelfCollection, after: SelfCollection) => Promise<void>,
    ): Promise<SelfCollection> {
      if (!UUID.test(collectionId)) throw notFound(COLLECTION_NOT_FOUND);
      return ctx.db.transaction(async (tx) => {
        const [row] = await tx.select().from(selfCollections).where(eq(selfCollections.id, collectionId)).for('update');
        if (!row || (!asAdmin && row.userId !== actor.id)) throw notFound(COLLECTION_NOT_FOUND);
        if (row.status !== 'pending') throw badRequest(asAdmin ? COLLECTION_FINAL(row.status) : ONLY_PENDING_CANCEL);
        const now = ctx.clock.now();
        if (status === 'cancelled') await inventory.releaseLocks(tx, 'collection', row.id);
        else await inventory.consumeLocks(tx, 'collection', row.id, 'collected', actor.id);
        if (status === 'cancelled') {
          // A cancelled booking frees its place in the slot; a completed one keeps it.
          await tx
            .update(collectionSlotBookings)
            .set({ booked: sql`greatest(${collectionSlotBookings.booked} - 1, 0)` })
            .where(eq(collectionSlotBookings.slotAt, row.collectionDate));
        }
        const [updated] = await tx
          .update(selfCollections)
          .set({ status, changedBy: actor.id, ...(status === 'cancelled' ? { cancelledAt: now } : { collectedAt: now }) })
          .where(eq(selfCollections.id, row.id))
          .returning();
        if (audit) await audit(tx, collectionView(row), collectionView(updated!));
        return collectionView(updated!);
      });
    },

    /** POST /api/order/self-collect/{orderId}: the paid order's units that can be collected now. */
    async orderSelfCollect(user: Principal, orderId: string): Promise<{ success: boolean; items: SelectedItem[] }> {
      const order = await orders.paidOrderOf(user, orderId);
      const now = ctx.clock.now().getTime();
      const batches = (await inventory.batchesOfOrder(order.id)).filter((b) => b.status === 'in_inventory' && b.shipByDate && b.shipByDate.getTime() > now);
      const items = batches
        .map((b) => ({ batchId: b.id, quantity: b.quantity - b.removed - b.locked, prizeId: b.prizeId, productId: b.productId, setName: order.productName, inventoryId: b.prizeId }))
        .filter((i) => i.quantity > 0);
      return { success: items.length > 0, items };
    },

    /** The periodic work: expire unpaid shipments, hand paid ones to the courier, the two-week clock. */
    async runJobs() {
      const expired = await service.expireShipments();
      const courierResult = await service.runCourierJobs();
      const clock = await inventory.runClock();
      return { expired, ...courierResult, ...clock };
    },

    startJobs(intervalMs = 15_000): () => Promise<void> {
      if (!courier) ctx.log.warn('no courier configured (EASYPARCEL_API_KEY unset in production): paid shipments wait in the queue');
      return runPeriodically(
        'fulfilment job',
        intervalMs,
        async () => {
          const result = await service.runJobs();
          if (Object.values(result).some((n) => n > 0)) ctx.log.info({ job: 'fulfilment', ...result }, 'fulfilment job');
        },
        ctx.log,
      );
    },
  };
  return service;
}
export type FulfilmentService = ReturnType<typeof createFulfilmentService>;

