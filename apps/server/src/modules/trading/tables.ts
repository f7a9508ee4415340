import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Trades (docs/rules/trading.md). The offered units are held by inventory locks whose reference is
 * the trade id (an offer's: the offer id); these tables hold what was listed, never the units.
 */
export const trades = pgTable(
  'trades',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    status: text('status', { enum: ['active', 'completed', 'cancelled', 'expired'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Completed, cancelled or expired at. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    acceptedOfferId: uuid('accepted_offer_id'),
    partnerId: uuid('partner_id'),
  },
  (t) => [
    index('trades_status_idx').on(t.status, t.createdAt),
    index('trades_user_idx').on(t.userId, t.status),
    index('trades_partner_idx').on(t.partnerId),
  ],
);

/** One live offer per shopper per trade (the partial unique index), then how it ended. */
export const tradeOffers = pgTable(
  'trade_offers',
  {
    id: uuid('id').primaryKey(),
    tradeId: uuid('trade_id').notNull(),
    userId: uuid('user_id').notNull(),
    status: text('status', { enum: ['active', 'accepted', 'rejected', 'withdrawn', 'cancelled', 'expired'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('trade_offers_trade_idx').on(t.tradeId, t.status),
    index('trade_offers_user_idx').on(t.userId, t.status),
    uniqueIndex('trade_offers_one_live')
      .on(t.tradeId, t.userId)
      .where(sql`${t.status} = 'active'`),
  ],
);

/**
 * What a trade offers (`side` offered, `offerId` null), wants (`side` wanted) or an offer gives
 * (`side` offer). Given units keep their batch and a snapshot of the ship-by date for the history.
 */
export const tradeItems = pgTable(
  'trade_items',
  {
    id: uuid('id').primaryKey(),
    tradeId: uuid('trade_id').notNull(),
    offerId: uuid('offer_id'),
    side: text('side', { enum: ['offered', 'wanted', 'offer'] }).notNull(),
    batchId: uuid('batch_id'),
    prizeId: uuid('prize_id').notNull(),
    productId: uuid('product_id').notNull(),
    quantity: integer('quantity').notNull(),
    shipByDate: timestamp('ship_by_date', { withTimezone: true }),
  },
  (t) => [
    index('trade_items_trade_idx').on(t.tradeId),
    index('trade_items_offer_idx').on(t.offerId),
    check('trade_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);
