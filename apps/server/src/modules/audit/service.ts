import { and, asc, count, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_PAGE_SIZE,
  DAY_MS,
  type AuditEntityType,
  type AuditEntry,
  type AuditLogQuery,
  type AuditLogResponse,
} from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { Principal } from '../../core/auth.ts';
import type { Executor, Tx } from '../../db/database.ts';
import { mentionsAny, scrubJson, scrubRows, type PersonalValues } from '../../core/personal-values.ts';
import { auditEntries } from './tables.ts';

type AuditRow = typeof auditEntries.$inferSelect;

const entryOf = (row: AuditRow): AuditEntry => ({
  id: row.id,
  adminId: row.adminId,
  adminName: row.adminName,
  at: row.at.toISOString(),
  action: row.action,
  entityType: row.entityType as AuditEntityType,
  entityId: row.entityId,
  before: row.before ?? null,
  after: row.after ?? null,
});

/** Singapore midnight starting the day `YYYY-MM-DD` (the shop's days are Singapore days). */
const sgDayStart = (day: string, addDays = 0) => new Date(Date.parse(`${day}T00:00:00+08:00`) + addDays * DAY_MS);

/** The filters of the shop-wide log, as conditions. */
function logFilters(query: AuditLogQuery): SQL | undefined {
  const filters: SQL[] = [];
  if (query.actor) filters.push(sql`lower(${auditEntries.adminName}) = ${query.actor.toLowerCase()}`);
  if (query.action) filters.push(eq(auditEntries.action, query.action));
  if (query.entityType) filters.push(eq(auditEntries.entityType, query.entityType));
  if (query.entityId) filters.push(eq(auditEntries.entityId, query.entityId));
  if (query.from) filters.push(gte(auditEntries.at, sgDayStart(query.from)));
  if (query.to) filters.push(lt(auditEntries.at, sgDayStart(query.to, 1)));
  return filters.length ? and(...filters) : undefined;
}

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
 * entry exists exactly when the change does. Entries are only ever appended; the one change is an
 * anonymised shopper's personal values in the records before and after (`forgetPersonalValues`).
 */
export function createAuditService(ctx: AppContext) {
  return {
    /**
     * Who did what and when stays; the personal values of an anonymised shopper inside the entries'
     * records before and after become the pseudonym (docs/rules/personal-data.md).
     */
    async forgetPersonalValues(tx: Tx, personal: PersonalValues): Promise<number> {
      const before = mentionsAny(sql`${auditEntries.before}::text`, personal);
      const after = mentionsAny(sql`${auditEntries.after}::text`, personal);
      return scrubRows(tx, {
        table: auditEntries,
        where: before && after && or(before, after),
        columns: ['before', 'after'],
        scrub: (row) => ({ before: scrubJson(row.before, personal), after: scrubJson(row.after, personal) }),
      });
    },

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
        .orderBy(asc(auditEntries.seq));
      return rows.map(entryOf);
    },

    /** The shop-wide log (GET /api/admin/audit-log): newest first, a page at a time, filtered. */
    async search(query: AuditLogQuery): Promise<AuditLogResponse> {
      const where = logFilters(query);
      const [{ total }] = (await ctx.db.select({ total: count() }).from(auditEntries).where(where)) as [
        { total: number },
      ];
      const rows = await ctx.db
        .select()
        .from(auditEntries)
        .where(where)
        .orderBy(desc(auditEntries.seq))
        .limit(ADMIN_PAGE_SIZE)
        .offset((query.page - 1) * ADMIN_PAGE_SIZE);
      const actors = await ctx.db
        .selectDistinct({ name: auditEntries.adminName })
        .from(auditEntries)
        .orderBy(asc(auditEntries.adminName));
      const actions = await ctx.db
        .selectDistinct({ action: auditEntries.action })
        .from(auditEntries)
        .orderBy(asc(auditEntries.action));
      return {
        entries: rows.map(entryOf),
        totalPages: Math.ceil(Number(total) / ADMIN_PAGE_SIZE),
        actors: actors.map((row) => row.name),
        actions: actions.map((row) => row.action),
      };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
