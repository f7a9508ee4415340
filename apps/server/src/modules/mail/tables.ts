import type { OptionalMailKind } from '@kujiya/shared';
import type { MailTemplateName } from './templates/kinds.ts';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The dev outbox: mails stored instead of sent when no SMTP_URL is configured, so codes and links
 * can be read in development and tests (GET /api/dev/outbox, never in production).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order, so 'latest' is exact even when two mails share a timestamp. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Extra headers (List-Unsubscribe), as they would have gone out. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('mail_outbox_to_seq_idx').on(t.to, t.seq)],
);

/**
 * The transactional mail queue: a mail that belongs to a state change is inserted in that change's
 * transaction (so it exists exactly when the change committed) and sent after commit by
 * `mail.deliverQueued()`.
 *
 * `status`: `pending` (due at `nextAttemptAt`) → `sending` (claimed by one delivery run; the claim
 * lapses at `nextAttemptAt`, so a crashed sender's mail is picked up again) → `sent`; or back to
 * `pending` with a later `nextAttemptAt` after a failed try, and `failed` once `attempts` reaches the limit.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    /** A mail rendered when queued; null for a templated one, rendered by the delivery job. */
    text: text('text'),
    html: text('html'),
    /** A templated mail: its template name and data (templates/kinds.ts), rendered outside any transaction. */
    template: text('template').$type<MailTemplateName>(),
    data: jsonb('data'),
    /** An optional mail's recipient, for its one-click unsubscribe (signed when it is rendered). */
    unsubscribeUserId: uuid('unsubscribe_user_id'),
    unsubscribeKind: text('unsubscribe_kind').$type<OptionalMailKind>(),
    status: text('status').$type<'pending' | 'sending' | 'sent' | 'failed'>().notNull().default('pending'),
    /** Tries started so far (a claim counts as a try). */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('mail_queue_due_idx').on(t.status, t.nextAttemptAt)],
);

/**
 * The optional mail kinds a shopper switched off (docs/rules/notifications.md): every kind is on
 * until a row says otherwise.
 */
export const mailOptOuts = pgTable(
  'mail_opt_outs',
  {
    userId: uuid('user_id').notNull(),
    kind: text('kind').$type<OptionalMailKind>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
