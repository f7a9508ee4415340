import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
    text: text('text').notNull(),
    html: text('html').notNull(),
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
