import crypto from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import type { Executor } from '../../db/database.ts';
import { notFound } from '../../core/http-errors.ts';
import { notifications } from './tables.ts';

export interface NotificationView {
  _id: string;
  message: string;
  createdAt: string;
  isRead: boolean;
  isRemoved: boolean;
}

const view = (row: typeof notifications.$inferSelect): NotificationView => ({
  _id: row.id,
  message: row.message,
  createdAt: row.createdAt.toISOString(),
  isRead: row.isRead,
  isRemoved: row.isRemoved,
});

/** In-app notifications. `notify` joins the caller's transaction, so a notice exists exactly when its cause does. */
export function createNotificationsService(ctx: AppContext) {
  return {
    async notify(exec: Executor, userIds: string[], message: string): Promise<void> {
      const unique = [...new Set(userIds)];
      if (unique.length === 0) return;
      const createdAt = ctx.clock.now();
      await exec.insert(notifications).values(unique.map((userId) => ({ id: crypto.randomUUID(), userId, message, createdAt })));
    },

    /** The user's notifications not removed, newest first. */
    async list(userId: string, exec: Executor = ctx.db): Promise<NotificationView[]> {
      const rows = await exec
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.isRemoved, false)))
        .orderBy(desc(notifications.createdAt), desc(notifications.id));
      return rows.map(view);
    },

    async markRead(userId: string, id: string): Promise<NotificationView> {
      const [row] = await ctx.db
        .update(notifications)
        .set({ isRead: true })
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
        .returning();
      if (!row) throw notFound('Notification not found');
      return view(row);
    },

    async markAllRead(userId: string): Promise<void> {
      await ctx.db.update(notifications).set({ isRead: true }).where(eq(notifications.userId, userId));
    },

    async remove(userId: string, id: string): Promise<NotificationView> {
      const [row] = await ctx.db
        .update(notifications)
        .set({ isRemoved: true })
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
        .returning();
      if (!row) throw notFound('Failed to remove notification');
      return view(row);
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
