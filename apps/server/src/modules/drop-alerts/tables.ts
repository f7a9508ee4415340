import { index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * A shopper's "Notify me" on a set's scheduled opening (docs/rules/drops.md, "Notify me"). Keyed by
 * the round (the opening is a round's). Each reminder is claimed by writing the opening it was sent
 * for in the transaction that writes the notice: sent once, and again only when the opening moved.
 * No foreign keys: accounts and the catalogue own those rows.
 */
export const dropAlerts = pgTable(
  'drop_alerts',
  {
    userId: uuid('user_id').notNull(),
    setId: uuid('set_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The opening the 15-minute reminder was sent for; null while not sent. */
    earlySentFor: timestamp('early_sent_for', { withTimezone: true }),
    /** The opening the "open now" notice was sent for; null while not sent. */
    openingSentFor: timestamp('opening_sent_for', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.setId] }), index('drop_alerts_set_idx').on(t.setId)],
);
