import nodemailer, { type Transporter } from 'nodemailer';
import type { MailPreferences, OptionalMailKind } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { Executor, Tx } from '../../db/database.ts';
import type { PersonalValues } from '../../core/personal-values.ts';
import { afterCommit } from '../../core/after-commit.ts';
import { JOB } from '../../jobs/names.ts';
import { deliverQueued } from './delivery.ts';
import { listOutbox, listQueue } from './outbox.ts';
import { optedOut, readPreferences, writePreferences } from './preferences.ts';
import { renderQueued } from './rendering.ts';
import { forgetPersonalValues } from './personal-data.ts';
import { mailOutbox, mailQueue } from './tables.ts';
import { subjectOf, type TemplateMail } from './templates/kinds.ts';
import { createUnsubscribeTokens, unsubscribeCalls, type UnsubscribeTarget } from './unsubscribe.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, such as an optional mail's List-Unsubscribe. */
  headers?: Record<string, string>;
}

/** A mail queued by template name and data: rendered by the delivery job, outside any transaction. */
export type QueuedTemplateMail = TemplateMail & {
  to: string;
  /** An optional mail's recipient and kind: the mail carries a one-click unsubscribe for them. */
  unsubscribe?: UnsubscribeTarget;
};

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
export type { OrderReceiptMailData, MailDetail } from './templates/kinds.ts';

const isTemplated = (mail: MailMessage | QueuedTemplateMail): mail is QueuedTemplateMail => 'template' in mail;

/** A queue row of a mail: rendered ones keep their parts, templated ones their name and data. */
function queueRow(mail: MailMessage | QueuedTemplateMail, at: Date) {
  const base = { to: mail.to.trim().toLowerCase(), nextAttemptAt: at, createdAt: at };
  if (!isTemplated(mail)) return { ...base, subject: mail.subject, text: mail.text, html: mail.html };
  return {
    ...base,
    subject: subjectOf(mail),
    template: mail.template,
    data: mail.data,
    unsubscribeUserId: mail.unsubscribe?.userId ?? null,
    unsubscribeKind: mail.unsubscribe?.kind ?? null,
  };
}

/**
 * Sends mail: over SMTP when SMTP_URL is set, otherwise into the dev outbox table (readable through
 * GET /api/dev/outbox outside production). `send` is immediate and throws (callers answer with their
 * own text); `enqueue` joins a transaction and the mail goes out after commit (`deliverQueued`).
 */
export function createMailService(ctx: AppContext) {
  let transport: Transporter | undefined;
  const smtp = () => (transport ??= nodemailer.createTransport(ctx.config.smtpUrl));
  const now = () => ctx.clock.now();
  const tokens = createUnsubscribeTokens(ctx);

  async function send(message: MailMessage): Promise<void> {
    if (ctx.config.smtpUrl) {
      await smtp().sendMail({ from: ctx.config.mailFrom, ...message });
      return;
    }
    // Stored lowercased so the outbox can be searched by address.
    const { headers, ...parts } = message;
    await ctx.db
      .insert(mailOutbox)
      .values({ ...parts, headers: headers ?? null, to: message.to.trim().toLowerCase(), createdAt: now() });
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
     * schedule also sends whatever a kick missed. A templated mail costs one row here: it is
     * rendered by the delivery job (a sell-out mails every buyer under the round lock).
     */
    async enqueue(exec: Executor, messages: ReadonlyArray<MailMessage | QueuedTemplateMail>): Promise<void> {
      if (messages.length === 0) return;
      const at = now();
      await exec.insert(mailQueue).values(messages.map((m) => queueRow(m, at)));
      afterCommit(exec, () => ctx.jobs.kick(JOB.mailDelivery));
    },

    /**
     * Sends every due queued mail, outside any transaction (a slow mail server holds no lock). Safe
     * to run at the same time on several instances: each mail is claimed by exactly one run. A failed
     * try is retried after `mailRetryDelay`; after MAIL_MAX_ATTEMPTS tries the mail is marked failed.
     */
    deliverQueued: (options: { batchSize?: number } = {}): Promise<DeliveryResult> =>
      deliverQueued(ctx, send, (mail) => renderQueued(ctx, tokens, mail), options),

    /** GET /api/mail/preferences: every optional kind on unless switched off. */
    preferences: (userId: string): Promise<MailPreferences> => readPreferences(ctx.db, userId),

    /** PUT /api/mail/preferences: switches the kinds given; answers every kind's setting. */
    async updatePreferences(userId: string, changes: Partial<Record<OptionalMailKind, boolean>>) {
      await writePreferences(ctx.db, userId, changes, now());
      return readPreferences(ctx.db, userId);
    },

    /** The users among `userIds` who switched an optional kind off (notify skips their mail). */
    optedOut: (exec: Executor, userIds: readonly string[], kind: OptionalMailKind) => optedOut(exec, userIds, kind),

    ...unsubscribeCalls(ctx, tokens),

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

/** The shop's mail frame, for modules that write their own mails (templates/render.ts). */
export { loadMailRenderer, renderMail } from './rendering.ts';
