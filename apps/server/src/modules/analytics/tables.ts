import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Product analytics events recorded on the server (the admin reads them later). */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** The shopper the event is about, when there is one (no foreign key: accounts owns users). */
    userId: uuid('user_id'),
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('analytics_events_name_created_idx').on(t.name, t.createdAt)],
);
