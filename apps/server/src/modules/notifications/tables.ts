import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** In-app notifications of a user (docs/rules/api.md). */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    message: text('message').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    isRemoved: boolean('is_removed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);
