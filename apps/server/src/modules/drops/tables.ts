import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * A set's waiting room (docs/rules/drops.md, "Waiting room"), one row per round (`setId`). Created by
 * the first entrant or by the owner's admission rate. `orderedAt`/`entrantListHash` are set once, at
 * the opening, under this row's lock; `lastAdmitAt` is the latest admission handed out (the next late
 * arrival is admitted no earlier than 1 / rate after it); `closedAt` when nobody waited any more.
 * No foreign keys: the catalogue owns the round.
 */
export const dropRooms = pgTable('drop_rooms', {
  setId: uuid('set_id').primaryKey(),
  admissionsPerSecond: integer('admissions_per_second'),
  orderedAt: timestamp('ordered_at', { withTimezone: true }),
  entrantListHash: text('entrant_list_hash'),
  lastAdmitAt: timestamp('last_admit_at', { withTimezone: true }),
  closedAt: timestamp('closed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * One shopper in one room. `entrantId` is the public id in the published list (not the account's).
 * `queueNumber` (1-based, admission order) and `admitAt` are null until the opening orders the room; a
 * late arrival, or a shopper who joins again after a lapse, gets both at the back when joining. `lastUsedAt` moves on each purchase the admission allows.
 */
export const dropEntrants = pgTable(
  'drop_entrants',
  {
    setId: uuid('set_id').notNull(),
    userId: uuid('user_id').notNull(),
    entrantId: uuid('entrant_id').notNull().unique('drop_entrants_entrant_id_key'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    /** The place the opening's verifiable order gave (1-based); null for a late arrival. Never changes. */
    openingNumber: integer('opening_number'),
    queueNumber: integer('queue_number'),
    admitAt: timestamp('admit_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.setId, t.userId] }), index('drop_entrants_admit_idx').on(t.setId, t.admitAt)],
);
