import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * A shopper's request to delete their account (docs/rules/personal-data.md): `pending` for the
 * cooling-off period (until `deleteAt`), then `completed` by the anonymisation job, or `cancelled`
 * by the shopper. One pending request per shopper (the partial unique index). Rows are kept: they
 * are the record that the request was made and carried out.
 */
export const accountDeletions = pgTable(
  'account_deletions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    status: text('status', { enum: ['pending', 'cancelled', 'completed'] }).notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    deleteAt: timestamp('delete_at', { withTimezone: true }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('account_deletions_one_pending')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    index('account_deletions_due_idx').on(t.status, t.deleteAt),
  ],
);
