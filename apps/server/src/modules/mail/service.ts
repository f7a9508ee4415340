import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { AppContext } from '../../core/context.ts';
import type { Executor } from '../../db/database.ts';
import { HOUR, MINUTE } from '../../core/clock.ts';
import { afterCommit } from '../../core/after-commit.ts';
import { JOB } from '../../jobs/names.ts';
import { mailOutbox, mailQueue } from './tables.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface OutboxEntry extends MailMessage {
  id: string;
  createdAt: Date;
}

export type QueuedMail = typeof mailQueue.$inferSelect;

export interface DeliveryResult {
  sent: number;
  /** Failed tries that will be retried later. */
  retried: number;
  /** Mails given up on in this run (the attempt limit reached). */
  failed: number;
}

/** Tries per queued mail before it is marked failed. */
export const MAIL_MAX_ATTEMPTS = 8;
/** How long a claimed mail belongs to its sender; a claim older than this (a crashed sender) is taken again. */
export const MAIL_CLAIM_MS = 15 * MINUTE;
/** Wait after the n-th failed try: 1, 2, 4 … minutes, at most an hour (about 2 hours over all tries). */
export const mailRetryDelay = (attempts: number) => Math.min(MINUTE * 2 ** Math.max(0, attempts - 1), HOUR);
const CLAIM_BATCH = 20;

/**
 * Sends mail: over SMTP when SMTP_URL is set, otherwise into the dev outbox table (readable through
 * GET /api/dev/outbox outside production). `send` is immediate and throws (callers answer with their
 * own text); `enqueue` joins a transaction and the mail goes out after commit (`deliverQueued`).
 */
export function createMailService(ctx: AppContext) {
  let transport: Transporter | undefined;
  const smtp = () => (transport ??= nodemailer.createTransport(ctx.config.smtpUrl));
  const now = () => ctx.clock.now();

  async function send(message: MailMessage): Promise<void> {
    if (ctx.config.smtpUrl) {
      await smtp().sendMail({ from: ctx.config.mailFrom, ...message });
      return;
    }
    // Stored lowercased so the outbox can be searched by address.
    await ctx.db.insert(mailOutbox).values({ ...message, to: message.to.trim().toLowerCase(), createdAt: now() });
    // Never the subject or text: they carry codes and links (docs/rules/security.md).
    ctx.log.debug({ to: message.to }, 'mail stored in the dev outbox');
  }

  /**
   * Claims up to `limit` due mails for this run in one statement. The row locks (SKIP LOCKED) make
   * concurrent runs on any number of instances take disjoint rows; the claim moves `nextAttemptAt`
   * past the claim period, so nobody else takes them while they are being sent.
   */
  async function claimDue(limit: number): Promise<QueuedMail[]> {
    const at = now();
    const isDue = and(inArray(mailQueue.status, ['pending', 'sending']), lte(mailQueue.nextAttemptAt, at));
    const due = ctx.db
      .select({ id: mailQueue.id })
      .from(mailQueue)
      .where(isDue)
      .orderBy(asc(mailQueue.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    return ctx.db
      .update(mailQueue)
      .set({ status: 'sending', attempts: sql`${mailQueue.attempts} + 1`, nextAttemptAt: new Date(at.getTime() + MAIL_CLAIM_MS) })
      .where(and(inArray(mailQueue.id, due), isDue))
      .returning();
  }

  /** Updates a mail only while this run's claim still holds it (same status and try number). */
  const whileClaimed = (mail: QueuedMail) =>
    and(eq(mailQueue.id, mail.id), eq(mailQueue.status, 'sending'), eq(mailQueue.attempts, mail.attempts));

  async function giveUp(mail: QueuedMail, error: string): Promise<void> {
    await ctx.db.update(mailQueue).set({ status: 'failed', lastError: error }).where(whileClaimed(mail));
    ctx.log.error({ mailId: mail.id, to: mail.to, attempts: mail.attempts, error }, 'mail delivery failed for good');
  }

  async function deliverOne(mail: QueuedMail): Promise<keyof DeliveryResult> {
    // Claimed again after a sender vanished mid-try on its last attempt: do not go past the limit.
    if (mail.attempts > MAIL_MAX_ATTEMPTS) {
      await giveUp(mail, mail.lastError ?? 'delivery interrupted');
      return 'failed';
    }
    try {
      await send({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      if (mail.attempts >= MAIL_MAX_ATTEMPTS) {
        await giveUp(mail, error);
        return 'failed';
      }
      const nextAttemptAt = new Date(now().getTime() + mailRetryDelay(mail.attempts));
      await ctx.db.update(mailQueue).set({ status: 'pending', lastError: error, nextAttemptAt }).where(whileClaimed(mail));
      ctx.log.warn({ mailId: mail.id, to: mail.to, attempts: mail.attempts, nextAttemptAt, error }, 'mail delivery failed; will retry');
      return 'retried';
    }
    await ctx.db.update(mailQueue).set({ status: 'sent', sentAt: now(), lastError: null }).where(whileClaimed(mail));
    return 'sent';
  }

  const service = {
    /** Where mails go: 'smtp' or 'outbox'. */
    mode: (ctx.config.smtpUrl ? 'smtp' : 'outbox') as 'smtp' | 'outbox',

    send,

    /**
     * Queues mails in the caller's transaction: they exist only if it commits, and are sent after
     * the commit by `deliverQueued`: the commit kicks the mail-delivery job (src/jobs/), whose
     * schedule also sends whatever a kick missed.
     */
    async enqueue(exec: Executor, messages: MailMessage[]): Promise<void> {
      if (messages.length === 0) return;
      const at = now();
      await exec.insert(mailQueue).values(messages.map((m) => ({ ...m, to: m.to.trim().toLowerCase(), nextAttemptAt: at, createdAt: at })));
      afterCommit(exec, () => ctx.jobs.kick(JOB.mailDelivery));
    },

    /**
     * Sends every due queued mail, outside any transaction (a slow mail server holds no lock). Safe
     * to run at the same time on several instances: each mail is claimed by exactly one run. A failed
     * try is retried after `mailRetryDelay`; after MAIL_MAX_ATTEMPTS tries the mail is marked failed.
     */
    async deliverQueued(options: { batchSize?: number } = {}): Promise<DeliveryResult> {
      const result: DeliveryResult = { sent: 0, retried: 0, failed: 0 };
      for (;;) {
        const claimed = await claimDue(options.batchSize ?? CLAIM_BATCH);
        if (claimed.length === 0) return result;
        for (const mail of claimed) result[await deliverOne(mail)]++;
      }
    },

    /** Queued mails, oldest first (tests, operators). */
    async listQueue(options: { to?: string } = {}): Promise<QueuedMail[]> {
      const where = options.to ? eq(mailQueue.to, options.to.trim().toLowerCase()) : undefined;
      return ctx.db.select().from(mailQueue).where(where).orderBy(asc(mailQueue.createdAt), asc(mailQueue.id));
    },

    /** The stored mails, newest first (dev outbox only). */
    async listOutbox(options: { to?: string; limit?: number } = {}): Promise<OutboxEntry[]> {
      const where = options.to ? eq(mailOutbox.to, options.to.trim().toLowerCase()) : undefined;
      const rows = await ctx.db
        .select()
        .from(mailOutbox)
        .where(where)
        .orderBy(desc(mailOutbox.seq))
        .limit(options.limit ?? 50);
      return rows.map(({ seq: _seq, ...entry }) => entry);
    },
  };
  return service;
}
export type MailService = ReturnType<typeof createMailService>;

/** The shop's mail layout, for modules that write their own mails. */
export { renderMail } from './layout.ts';
