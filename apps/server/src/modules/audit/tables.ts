import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The back office's audit log: one row per admin change, written in the same transaction as the change.
 * Append-only: no code path updates or deletes a row (docs/rules/records.md).
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order: entries of one instant still list in the order they were made. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    adminId: uuid('admin_id').notNull(),
    adminName: text('admin_name').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_entries_entity_idx').on(t.entityType, t.entityId, t.seq),
    // The shop-wide log, newest first (docs/rules/back-office.md).
    index('audit_entries_seq_idx').on(t.seq),
  ],
);
