import crypto from 'node:crypto';
import {
  isOptionalMailKind,
  isPushKind,
  splitReceiptNotice,
  type FairnessReceipt,
  type Notification,
  type NotificationKind,
} from '@kujiya/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import type { Executor } from '../../db/database.ts';
import { createNotificationPersonalData } from './personal-data.ts';
import { notFound } from '../../core/http-errors.ts';
import type { AccountsService } from '../accounts/service.ts';
import type { MailDetail, MailService, OrderReceiptMailData, QueuedTemplateMail } from '../mail/service.ts';
import type { LiveService } from '../live/service.ts';
import type { PushService } from '../push/service.ts';
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
  /**
   * Also e-mail the message to each user's address, with this subject, and optionally label and value
   * rows (a booking's date and address). An optional kind's mail (OPTIONAL_MAIL_KINDS) skips the users
   * who switched it off and carries a one-click unsubscribe.
   */
  email?: { subject: string; details?: MailDetail[] };
  /** The fairness receipt the notice carries (a purchase or a win). */
  receipt?: FairnessReceipt;
  /** What the notice is about: decides the push kind and the mail preference it obeys. */
  kind?: NotificationKind;
  /** The screen the notice opens (a push's tap, a mail's button), a path such as `/inventory`. */
  url?: string;
  /** False keeps a push kind's notice off the phone (a reminder pushed at one lead only). */
  push?: boolean;
}

interface NotificationsDeps {
  accounts: AccountsService;
  mail: MailService;
  push: PushService;
  live?: LiveService;
}

/**
 * One mail per user with an account (users without one get the in-app notice only), queued by
 * template and data: it is rendered by the delivery job, never in the caller's transaction.
 */
async function queueEmails(
  deps: NotificationsDeps,
  exec: Executor,
  userIds: string[],
  message: string,
  options: NotifyOptions & { email: NonNullable<NotifyOptions['email']> },
): Promise<void> {
  const kind = isOptionalMailKind(options.kind) ? options.kind : undefined;
  const skipped = kind ? await deps.mail.optedOut(exec, userIds, kind) : new Set<string>();
  const accounts = await deps.accounts.getAccounts(
    exec,
    userIds.filter((id) => !skipped.has(id)),
  );
  const mails: QueuedTemplateMail[] = [...accounts].map(([userId, account]) => ({
    to: account.email,
    template: 'notice',
    data: {
      username: account.username,
      subject: options.email.subject,
      message,
      kind: options.kind,
      url: options.url,
      details: options.email.details,
    },
    unsubscribe: kind ? { userId, kind } : undefined,
  }));
  await deps.mail.enqueue(exec, mails);
}

/** An order receipt mail's content; the buyer's name is added here. */
export type ReceiptMail = Omit<OrderReceiptMailData, 'username'>;

/** Queues receipt mails to recipients already read: one insert (a write a purchase batch sends behind). */
export interface ReceiptMailer {
  queue(exec: Executor, receipts: ReadonlyArray<{ userId: string; receiptMail: ReceiptMail }>): Promise<void>;
}

/**
 * The receipts' recipients, read now: a purchase batch sends this read with its draw's, so queueing
 * the mails after the draw is one statement that goes out with the commit (db/round-trips.ts).
 */
async function receiptRecipients(
  deps: NotificationsDeps,
  exec: Executor,
  userIds: readonly string[],
): Promise<ReceiptMailer> {
  const accounts = userIds.length > 0 ? await deps.accounts.getAccounts(exec, [...new Set(userIds)]) : new Map();
  return {
    queue: (into, receipts) =>
      deps.mail.enqueue(
        into,
        receipts.flatMap(({ userId, receiptMail }) => {
          const account = accounts.get(userId);
          if (!account) return [];
          const data = { ...receiptMail, username: account.username };
          return [{ to: account.email, template: 'orderReceipt' as const, data }];
        }),
      ),
  };
}

/** One notice to each user (and its push and e-mail copies), in the caller's transaction. */
async function notifyUsers(
  ctx: AppContext,
  deps: NotificationsDeps,
  exec: Executor,
  userIds: string[],
  message: string,
  options: NotifyOptions,
): Promise<void> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return;
  const createdAt = ctx.clock.now();
  const receipt = options.receipt ?? null;
  const rows = unique.map((userId) => ({ id: crypto.randomUUID(), userId, message, receipt, createdAt }));
  await exec.insert(notifications).values(rows);
  // A push kind also reaches the users' subscribed devices (docs/rules/notifications.md, "Push").
  if (isPushKind(options.kind) && options.push !== false) {
    const notices = rows.map((row) => ({ userId: row.userId, noticeId: row.id }));
    await deps.push.enqueue(exec, { kind: options.kind, url: options.url ?? '/', message, notices });
  }
  if (options.email) await queueEmails(deps, exec, unique, message, { ...options, email: options.email });
  // Their open sockets refresh the bell once this is committed.
  deps.live?.userChanged(exec, unique, 'notification');
}

/**
 * In-app notifications. `notify` joins the caller's transaction, so a notice (and its e-mail copy,
 * queued in the mail outbox and sent after commit) exists exactly when its cause does.
 */
export function createNotificationsService(ctx: AppContext, deps: NotificationsDeps) {
  return {
    notify: (exec: Executor, userIds: string[], message: string, options: NotifyOptions = {}): Promise<void> =>
      notifyUsers(ctx, deps, exec, userIds, message, options),

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

    /**
     * Order receipt mails (a purchase, a lottery's result) in the caller's transaction: one row each
     * in the mail queue, rendered and sent after commit. Transactional: never skipped.
     */
    async mailReceipts(exec: Executor, receipts: ReadonlyArray<{ userId: string; receiptMail: ReceiptMail }>) {
      if (receipts.length === 0) return;
      const mailer = await receiptRecipients(
        deps,
        exec,
        receipts.map((r) => r.userId),
      );
      await mailer.queue(exec, receipts);
    },

    /** The recipients of receipt mails read ahead of queueing them (`ReceiptMailer`). */
    receiptRecipients: (exec: Executor, userIds: readonly string[]) => receiptRecipients(deps, exec, userIds),

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
