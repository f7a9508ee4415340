import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A shipment's line as shown to the shopper (set, prize, units). */
export interface ShipmentLine {
  batchId: string;
  setName: string;
  prizeName: string;
  quantity: number;
}

/**
 * A shipment (docs/rules/fulfilment.md): created unpaid with its units locked and the fee computed
 * here; paid by the signed webhook (units leave the inventory in that transaction) or cancelled at
 * the end of its payment window. The courier hand-over is a stored job on the same row: attempts,
 * next attempt, claim time, last error; `courierStatus` attention = retries exhausted.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    status: text('status', { enum: ['awaiting_payment', 'paid', 'cancelled'] }).notNull(),
    paymentIntentId: text('payment_intent_id').notNull().unique(),
    bigPrizes: integer('big_prizes').notNull(),
    smallPrizes: integer('small_prizes').notNull(),
    shippingFee: integer('shipping_fee').notNull(),
    items: jsonb('items').$type<ShipmentLine[]>().notNull(),
    receiverName: text('receiver_name').notNull(),
    receiverContact: text('receiver_contact').notNull(),
    receiverUnit: text('receiver_unit').notNull(),
    receiverFullAddress: text('receiver_full_address').notNull(),
    receiverPostcode: text('receiver_postcode').notNull(),
    receiverCountry: text('receiver_country').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Why the shipment was cancelled or payment failed (shown by the processing status). */
    lastError: text('last_error'),
    courierStatus: text('courier_status', { enum: ['none', 'queued', 'submitted', 'booked', 'attention'] }).notNull(),
    courierAttempts: integer('courier_attempts').notNull().default(0),
    courierNextAttemptAt: timestamp('courier_next_attempt_at', { withTimezone: true }),
    courierClaimedAt: timestamp('courier_claimed_at', { withTimezone: true }),
    courierLastError: text('courier_last_error'),
    courierName: text('courier_name'),
    easyparcelOrderId: text('easyparcel_order_id'),
    awbNumber: text('awb_number'),
    awbLink: text('awb_link'),
    trackingUrl: text('tracking_url'),
    /** Set by the back office when the parcel left the shop. */
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('shipments_user_idx').on(t.userId, t.createdAt),
    index('shipments_expiry_idx').on(t.status, t.expiresAt),
    index('shipments_courier_idx').on(t.courierStatus, t.courierNextAttemptAt),
    check('shipments_fee_positive', sql`${t.shippingFee} > 0`),
  ],
);

/** A booked self-collection; its units are locked while pending. */
export const selfCollections = pgTable(
  'self_collections',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    /** Short human reference, e.g. SC-7F3A2B. */
    reference: text('reference').notNull().unique(),
    status: text('status', { enum: ['pending', 'completed', 'cancelled'] }).notNull(),
    collectionDate: timestamp('collection_date', { withTimezone: true }).notNull(),
    items: jsonb('items').$type<ShipmentLine[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    collectedAt: timestamp('collected_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** When the "collection tomorrow" reminder went out (once per booking, the day before its slot). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /** Who completed or cancelled it (the shopper or an admin). */
    changedBy: uuid('changed_by'),
  },
  (t) => [
    index('self_collections_user_idx').on(t.userId, t.createdAt),
    index('self_collections_slot_idx').on(t.collectionDate, t.status),
  ],
);

/** Bookings per slot: one row per slot start, raised only while below capacity (atomic). */
export const collectionSlotBookings = pgTable(
  'collection_slot_bookings',
  {
    slotAt: timestamp('slot_at', { withTimezone: true }).primaryKey(),
    booked: integer('booked').notNull(),
  },
  (t) => [check('collection_slot_bookings_booked', sql`${t.booked} >= 0`)],
);
