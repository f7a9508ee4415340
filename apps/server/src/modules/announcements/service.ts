import { and, asc, desc, eq, gt, lte } from 'drizzle-orm';
import type { Announcement, AnnouncementInput } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { Principal } from '../../core/auth.ts';
import { notFound } from '../../core/http-errors.ts';
import type { AuditService } from '../audit/service.ts';
import { announcements } from './tables.ts';

type Row = typeof announcements.$inferSelect;
const toAnnouncement = (row: Row): Announcement => ({
  id: row.id,
  text: row.text,
  severity: row.severity,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt.toISOString(),
  active: row.active,
  createdAt: row.createdAt.toISOString(),
});
const values = (input: AnnouncementInput) => ({
  text: input.text,
  severity: input.severity,
  startsAt: new Date(input.startsAt),
  endsAt: new Date(input.endsAt),
  active: input.active ?? true,
});

/** Site-wide announcements (docs/rules/shop-ops.md): owners publish and schedule, the shop shows the current ones. */
export function createAnnouncementsService(ctx: AppContext, deps: { audit: AuditService }) {
  return {
    /** Active announcements whose window contains now, soonest ending first. */
    async current(): Promise<Announcement[]> {
      const now = ctx.clock.now();
      const rows = await ctx.db
        .select()
        .from(announcements)
        .where(and(eq(announcements.active, true), lte(announcements.startsAt, now), gt(announcements.endsAt, now)))
        .orderBy(asc(announcements.endsAt));
      return rows.map(toAnnouncement);
    },

    async list(): Promise<Announcement[]> {
      return (await ctx.db.select().from(announcements).orderBy(desc(announcements.startsAt))).map(toAnnouncement);
    },

    async create(admin: Principal, input: AnnouncementInput): Promise<Announcement> {
      return ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(announcements)
          .values({ ...values(input), createdAt: ctx.clock.now() })
          .returning();
        const after = toAnnouncement(row!);
        await deps.audit.record(tx, {
          admin,
          action: 'announcement.create',
          entityType: 'announcement',
          entityId: row!.id,
          before: null,
          after,
        });
        return after;
      });
    },

    async update(admin: Principal, id: string, input: AnnouncementInput): Promise<Announcement> {
      return ctx.db.transaction(async (tx) => {
        const [current] = await tx.select().from(announcements).where(eq(announcements.id, id)).for('update');
        if (!current) throw notFound('Announcement not found');
        const [row] = await tx.update(announcements).set(values(input)).where(eq(announcements.id, id)).returning();
        const after = toAnnouncement(row!);
        await deps.audit.record(tx, {
          admin,
          action: 'announcement.update',
          entityType: 'announcement',
          entityId: id,
          before: toAnnouncement(current),
          after,
        });
        return after;
      });
    },
  };
}
