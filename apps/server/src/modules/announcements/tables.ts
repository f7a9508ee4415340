import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Site-wide announcements shown as a banner on every shop page between `startsAt` and `endsAt`. */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    text: text('text').notNull(),
    severity: text('severity').$type<'info' | 'warning' | 'critical'>().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** Switched off by an owner; announcements are never deleted (the audit log refers to them). */
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('announcements_window_idx').on(t.startsAt, t.endsAt),
    check('announcements_window', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);
