import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Prizes a user owns (docs/rules/fulfilment.md): one batch per prize won by an order. `shipByDate` is
 * the order date + 14 days for in-stock sets and null for pre-orders until the admin converts them.
 * Units are counted, never deleted: `removed` have left (shipped, collected, abandoned, forfeited),
 * `locked` are held by a pending shipment, collection or trade. The check keeps a unit from being
 * used twice whatever the race: removed + locked never exceeds quantity.
 */
export const inventoryBatches = pgTable(
  'inventory_batches',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    prizeId: uuid('prize_id').notNull(),
    productId: uuid('product_id').notNull(),
    roundId: uuid('round_id').notNull(),
    orderId: uuid('order_id'),
    quantity: integer('quantity').notNull(),
    removed: integer('removed').notNull().default(0),
    locked: integer('locked').notNull().default(0),
    shipByDate: timestamp('ship_by_date', { withTimezone: true }),
    sku: text('sku').notNull(),
    /** How the prize was won: a drawn ticket, the Last Prize, the lottery or double chance. */
    source: text('source', { enum: ['draw', 'last', 'lottery', 'double'] }).notNull(),
    /** in_inventory while any unit is held; then how the last unit left. */
    status: text('status', {
      enum: ['in_inventory', 'shipping', 'shipped', 'collected', 'forfeited', 'abandoned', 'traded'],
    }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('inventory_batches_user_idx').on(t.userId, t.status),
    index('inventory_batches_order_idx').on(t.orderId),
    index('inventory_batches_ship_by_idx').on(t.shipByDate),
    check('inventory_batches_quantity_positive', sql`${t.quantity} > 0`),
    check(
      'inventory_batches_units',
      sql`${t.removed} >= 0 and ${t.locked} >= 0 and ${t.removed} + ${t.locked} <= ${t.quantity}`,
    ),
  ],
);

/** Units of a batch held by a shipment, collection or trade (`refId`), until released or consumed. */
export const inventoryLocks = pgTable(
  'inventory_locks',
  {
    id: uuid('id').primaryKey(),
    batchId: uuid('batch_id').notNull(),
    userId: uuid('user_id').notNull(),
    kind: text('kind', { enum: ['shipment', 'collection', 'trade'] }).notNull(),
    refId: uuid('ref_id').notNull(),
    quantity: integer('quantity').notNull(),
    status: text('status', { enum: ['active', 'released', 'consumed'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('inventory_locks_ref_idx').on(t.kind, t.refId),
    index('inventory_locks_batch_idx').on(t.batchId, t.status),
    check('inventory_locks_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** Every unit that left a batch: who, what, when and why (records are never deleted). */
export const inventoryMovements = pgTable(
  'inventory_movements',
  {
    id: uuid('id').primaryKey(),
    batchId: uuid('batch_id').notNull(),
    userId: uuid('user_id').notNull(),
    kind: text('kind', { enum: ['abandoned', 'shipped', 'collected', 'forfeited', 'traded'] }).notNull(),
    quantity: integer('quantity').notNull(),
    /** The shipment, collection or trade, when there is one. */
    refId: uuid('ref_id'),
    /** Who did it: the owner, an admin, or null for the shop's own jobs (forfeiture). */
    actorId: uuid('actor_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('inventory_movements_batch_idx').on(t.batchId),
    index('inventory_movements_user_idx').on(t.userId, t.createdAt),
  ],
);

/** Ship-by reminders sent: one row per batch and lead time, so each goes out once across instances. */
export const shipByReminders = pgTable(
  'ship_by_reminders',
  {
    batchId: uuid('batch_id').notNull(),
    daysBefore: integer('days_before').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.daysBefore] })],
);
