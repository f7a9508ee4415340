import { desc, eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { AppContext } from '../../core/context.ts';
import { mailOutbox } from './tables.ts';

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

/**
 * Sends mail: over SMTP when SMTP_URL is set, otherwise into the dev outbox table (readable through
 * GET /api/dev/outbox outside production). Callers catch failures and answer with their own text.
 */
export function createMailService(ctx: AppContext) {
  let transport: Transporter | undefined;
  const smtp = () => (transport ??= nodemailer.createTransport(ctx.config.smtpUrl));

  return {
    /** Where mails go: 'smtp' or 'outbox'. */
    mode: (ctx.config.smtpUrl ? 'smtp' : 'outbox') as 'smtp' | 'outbox',

    async send(message: MailMessage): Promise<void> {
      if (ctx.config.smtpUrl) {
        await smtp().sendMail({ from: ctx.config.mailFrom, ...message });
        return;
      }
      // Stored lowercased so the outbox can be searched by address.
      await ctx.db.insert(mailOutbox).values({ ...message, to: message.to.trim().toLowerCase(), createdAt: ctx.clock.now() });
      ctx.log.info({ to: message.to, subject: message.subject }, 'mail stored in the dev outbox');
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
}
export type MailService = ReturnType<typeof createMailService>;
