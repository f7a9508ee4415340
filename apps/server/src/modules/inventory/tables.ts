import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Prizes a user owns (docs/rules/fulfilment.md): one batch per prize won by an order. `shipByDate` is the order date
 * + 14 days for in-stock sets and null for pre-orders until the admin converts them.
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
    shipByDate: timestamp('ship_by_date', { withTimezone: true }),
    sku: text('sku').notNull(),
    /** How the prize was won: a drawn ticket, the Last Prize, the lottery or double chance. */
    source: text('source', { enum: ['draw', 'last', 'lottery', 'double'] }).notNull(),
    status: text('status', { enum: ['in_inventory', 'shipping', 'shipped', 'collected', 'forfeited'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('inventory_batches_user_idx').on(t.userId, t.status),
    index('inventory_batches_order_idx').on(t.orderId),
    check('inventory_batches_quantity_positive', sql`${t.quantity} > 0`),
  ],
);
