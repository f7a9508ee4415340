import { and, asc, eq } from 'drizzle-orm';
import type { AuditEntityType, AuditEntry } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { Principal } from '../../core/auth.ts';
import type { Executor } from '../../db/database.ts';
import { auditEntries } from './tables.ts';

/** One admin change to record: who, what, on which record, and the record before and after. */
export interface AuditRecord {
  admin: Pick<Principal, 'id' | 'username'>;
  action: string;
  entityType: AuditEntityType;
  entityId: string;
  before?: unknown;
  after?: unknown;
}

/**
 * The audit log (docs/rules/back-office.md). `record` takes the caller's open transaction, so the
 * entry exists exactly when the change does. Entries are only ever appended.
 */
export function createAuditService(ctx: AppContext) {
  return {
    async record(tx: Executor, entry: AuditRecord): Promise<void> {
      await tx.insert(auditEntries).values({
        adminId: entry.admin.id,
        adminName: entry.admin.username,
        at: ctx.clock.now(),
        action: entry.action,
        entityType: entry.entityType,
        entityId: entry.entityId,
        // JSON round-trip: dates become ISO text, undefined fields drop out.
        before: entry.before === undefined ? null : JSON.parse(JSON.stringify(entry.before)),
        after: entry.after === undefined ? null : JSON.parse(JSON.stringify(entry.after)),
      });
    },

    /** Every entry about one record, oldest first. */
    async list(entityType: AuditEntityType, entityId: string): Promise<AuditEntry[]> {
      const rows = await ctx.db
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.entityType, entityType), eq(auditEntries.entityId, entityId)))
        .orderBy(asc(auditEntries.at), asc(auditEntries.id));
      return rows.map((row) => ({
        id: row.id,
        adminId: row.adminId,
        adminName: row.adminName,
        at: row.at.toISOString(),
        action: row.action,
        entityType: row.entityType as AuditEntityType,
        entityId: row.entityId,
        before: row.before ?? null,
        after: row.after ?? null,
      }));
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
