import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * One row per `Idempotency-Key` a shopper sent on a money call (docs/operations.md, "Idempotent money
 * calls"). `running` until the first request's answer is stored (`done`); `committed_at` is set by the
 * work's own transaction, fenced by `owner`. Rows older than a day are purged (docs/jobs.md).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    key: text('key').notNull(),
    /** method, route pattern and a SHA-256 of the canonical params, query and body. */
    fingerprint: text('fingerprint').notNull(),
    state: text('state', { enum: ['running', 'done'] }).notNull(),
    owner: uuid('owner').notNull(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
    committedAt: timestamp('committed_at', { withTimezone: true }),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_user_key_uq').on(t.userId, t.key),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
