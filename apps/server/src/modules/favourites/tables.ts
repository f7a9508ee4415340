import { index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * A shopper's favourite products (docs/rules/catalogue.md). Keyed by the product, not the round, so a
 * favourite follows the product across Reload Set (docs/rules/catalogue.md). No foreign keys: accounts and the
 * catalogue own those rows.
 */
export const favourites = pgTable(
  'favourites',
  {
    userId: uuid('user_id').notNull(),
    productId: uuid('product_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), index('favourites_product_idx').on(t.productId)],
);
