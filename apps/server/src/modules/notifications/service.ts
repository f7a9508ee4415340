import crypto from 'node:crypto';
import { splitReceiptNotice, type FairnessReceipt, type Notification, type NotificationKind } from '@kujiya/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import type { Executor } from '../../db/database.ts';
import { createNotificationPersonalData } from './personal-data.ts';
import { notFound } from '../../core/http-errors.ts';
import type { AccountsService } from '../accounts/service.ts';
import type { MailService } from '../mail/service.ts';
import { renderMail } from '../mail/service.ts';
import type { LiveService } from '../live/service.ts';
import { notifications } from './tables.ts';
import { insertJsonRows } from '../../core/json-rows.ts';

export type NotificationView = Notification;

/**
 * A notification as the bell shows it: a sentence, and the receipt apart. A notice stored before the
 * receipt had its own column ends with "Fairness receipt: {json}": it reads as its sentence too.
 */
function view(row: typeof notifications.$inferSelect): NotificationView {
  const legacy = row.receipt ? null : splitReceiptNotice(row.message);
  return {
    _id: row.id,
    message: legacy?.text ?? row.message,
    createdAt: row.createdAt.toISOString(),
    isRead: row.isRead,
    isRemoved: row.isRemoved,
    receipt: row.receipt ?? legacy?.receipt ?? null,
  };
}

export interface NotifyOptions {
  /** Also e-mail the message to each user's address, with this subject. */
  email?: { subject: string };
  /** The fairness receipt the notice carries (a purchase or a win). */
  receipt?: FairnessReceipt;
  /** What the notice is about: decides the push kind and the mail preference it obeys. */
  kind?: NotificationKind;
  /** The screen the notice opens (a push's tap, a mail's button), a path such as `/inventory`. */
  url?: string;
}

interface NotificationsDeps {
  accounts: AccountsService;
  mail: MailService;
  live?: LiveService;
}

/** One mail per user with an account; users without one (no address) get the in-app notice only. */
async function queueEmails(
  ctx: AppContext,
  deps: NotificationsDeps,
  exec: Executor,
  userIds: string[],
  message: string,
  subject: string,
): Promise<void> {
  const accounts = await deps.accounts.getAccounts(exec, userIds);
  const mails = [...accounts.values()].map((account) => ({
    to: account.email,
    subject,
    ...renderMail({
      title: subject,
      intro: [`Hi ${account.username},`, message],
      action: { label: 'Open Kujiya', url: ctx.config.publicUrl },
      outro: ['You can also find this message under the bell on Kujiya.'],
    }),
  }));
  await deps.mail.enqueue(exec, mails);
}

/**
 * In-app notifications. `notify` joins the caller's transaction, so a notice (and its e-mail copy,
 * queued in the mail outbox and sent after commit) exists exactly when its cause does.
 */
export function createNotificationsService(ctx: AppContext, deps: NotificationsDeps) {
  return {
    async notify(exec: Executor, userIds: string[], message: string, options: NotifyOptions = {}): Promise<void> {
      const unique = [...new Set(userIds)];
      if (unique.length === 0) return;
      const createdAt = ctx.clock.now();
      const receipt = options.receipt ?? null;
      await exec
        .insert(notifications)
        .values(unique.map((userId) => ({ id: crypto.randomUUID(), userId, message, receipt, createdAt })));
      if (options.email) await queueEmails(ctx, deps, exec, unique, message, options.email.subject);
      // Their open sockets refresh the bell once this is committed.
      deps.live?.userChanged(exec, unique, 'notification');
    },

    /** A different in-app message for each user (a batch of purchases' notices), in one statement. */
    async notifyEach(
      exec: Executor,
      items: ReadonlyArray<{ userId: string; message: string; receipt?: FairnessReceipt }>,
    ): Promise<void> {
      if (items.length === 0) return;
      const createdAt = ctx.clock.now();
      // One JSON parameter for them all (a purchase batch notifies a hundred buyers under the round lock).
      const rows = items.map(({ userId, message, receipt }) => ({
        id: crypto.randomUUID(),
        userId,
        message,
        receipt: receipt ?? null,
        createdAt,
      }));
      await exec.execute(insertJsonRows(notifications, rows));
      deps.live?.userChanged(exec, [...new Set(items.map((item) => item.userId))], 'notification');
    },

    /** The user's notifications not removed, newest first. */
    async list(userId: string): Promise<NotificationView[]> {
      const rows = await ctx.db
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

    ...createNotificationPersonalData(ctx, view),
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
