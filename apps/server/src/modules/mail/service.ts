import nodemailer, { type Transporter } from 'nodemailer';
import type { AppContext } from '../../core/context.ts';
import type { Executor, Tx } from '../../db/database.ts';
import type { PersonalValues } from '../../core/personal-values.ts';
import { afterCommit } from '../../core/after-commit.ts';
import { JOB } from '../../jobs/names.ts';
import { deliverQueued } from './delivery.ts';
import { listOutbox, listQueue } from './outbox.ts';
import { forgetPersonalValues } from './personal-data.ts';
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

export { MAIL_CLAIM_MS, MAIL_MAX_ATTEMPTS, mailRetryDelay } from './delivery.ts';

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
      await exec
        .insert(mailQueue)
        .values(messages.map((m) => ({ ...m, to: m.to.trim().toLowerCase(), nextAttemptAt: at, createdAt: at })));
      afterCommit(exec, () => ctx.jobs.kick(JOB.mailDelivery));
    },

    /**
     * Sends every due queued mail, outside any transaction (a slow mail server holds no lock). Safe
     * to run at the same time on several instances: each mail is claimed by exactly one run. A failed
     * try is retried after `mailRetryDelay`; after MAIL_MAX_ATTEMPTS tries the mail is marked failed.
     */
    deliverQueued: (options: { batchSize?: number } = {}): Promise<DeliveryResult> => deliverQueued(ctx, send, options),

    /** Queued mails, oldest first (tests, operators). */
    listQueue: (options: { to?: string } = {}) => listQueue(ctx.db, options),
    /** The stored mails, newest first (dev outbox only). */
    listOutbox: (options: { to?: string; limit?: number } = {}) => listOutbox(ctx.db, options),
    /** An anonymised account's values out of every mail, its unsent mails given up (docs/rules/personal-data.md). */
    forgetPersonalValues: (tx: Tx, personal: PersonalValues) => forgetPersonalValues(tx, personal),
  };
  return service;
}
export type MailService = ReturnType<typeof createMailService>;

/** The shop's mail layout, for modules that write their own mails. */
export { renderMail } from './layout.ts';
