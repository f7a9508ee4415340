import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { PushKind, PushPayload } from '@kujiya/shared';

/**
 * A device's push subscription (the browser's PushSubscription): one row per endpoint, which belongs
 * to the shopper who subscribed it last. `tokenId` is the session (token id) it was made in, so
 * logging out of that session removes it (docs/rules/notifications.md, "Push").
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpoint: text('endpoint').notNull().unique('push_subscriptions_endpoint_key'),
    userId: uuid('user_id').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    tokenId: text('token_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/** The kinds a shopper switched off (every kind is on until switched off). */
export const pushPreferences = pgTable('push_preferences', {
  userId: uuid('user_id').primaryKey(),
  off: jsonb('off').$type<PushKind[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * The push outbox: one row per notice and device, inserted in the notice's transaction and sent after
 * commit by the push-delivery job. `status` moves like the mail queue's: `pending` → `sending`
 * (claimed; the claim lapses at `nextAttemptAt`) → `sent`, back to `pending` after a failed try, and
 * `failed` at the attempt limit. A subscription removed (404/410, unsubscribe, logout) takes its rows.
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').$type<PushPayload>().notNull(),
    status: text('status').$type<'pending' | 'sending' | 'sent' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('push_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('push_outbox_subscription_idx').on(t.subscriptionId),
  ],
);
