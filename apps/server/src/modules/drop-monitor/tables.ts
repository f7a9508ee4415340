import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Refused purchases of a round by reason (the error code), summed over every instance
 * (docs/rules/drops.md, "Drop monitor"). Each instance counts in memory and adds its counts here
 * about once a second, so the buyer's path never writes this table.
 */
export const dropRefusals = pgTable(
  'drop_refusals',
  {
    /** The round (catalogue's set_rounds.id, the shop's setId). */
    setId: uuid('set_id').notNull(),
    reason: text('reason').notNull(),
    count: integer('count').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.setId, t.reason] })],
);
