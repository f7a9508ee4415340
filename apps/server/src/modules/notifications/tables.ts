import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { FairnessReceipt } from '@kujiya/shared';

/** In-app notifications of a user (docs/rules/api.md). */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    message: text('message').notNull(),
    /** A purchase or win notice's fairness receipt (docs/rules/fairness.md), shown as a "View receipt" link. */
    receipt: jsonb('receipt').$type<FairnessReceipt>(),
    isRead: boolean('is_read').notNull().default(false),
    isRemoved: boolean('is_removed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);
