import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The shop's settings the owner edits (docs/rules/shop-ops.md), one row per key (`pickupPoint`,
 * `senderAddress`) holding its JSON value; a key without a row has the shop's default.
 */
export const shopSettings = pgTable('shop_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  updatedBy: uuid('updated_by'),
});
