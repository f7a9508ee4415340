import type { AppContext } from '../../core/context.ts';
import { createOutboxDelivery, retryDelay } from '../../core/outbox-delivery.ts';
import { mailQueue } from './tables.ts';
import type { DeliveryResult, MailMessage, QueuedMail } from './service.ts';

/** Tries per queued mail before it is marked failed. */
export const MAIL_MAX_ATTEMPTS = 8;
/**
 * How long a claimed mail belongs to its sender; a claim older than this (a crashed sender, a run cut
 * off by a database outage) is taken again. The run renews its batch's claims as it goes
 * (core/outbox-delivery.ts), so a mail server's slow minutes do not hand its mails to another run.
 */
export const MAIL_CLAIM_MS = 30_000;
/** Wait after the n-th failed try: 1, 2, 4 … minutes, at most an hour (about 2 hours over all tries). */
export const mailRetryDelay = retryDelay;

const outbox = createOutboxDelivery({
  table: mailQueue,
  claimMs: MAIL_CLAIM_MS,
  maxAttempts: MAIL_MAX_ATTEMPTS,
  batchSize: 20,
});

type Send = (message: MailMessage) => Promise<void>;
/** A claimed mail as it goes out (a templated one is rendered here, outside any transaction). */
type Render = (mail: QueuedMail) => Promise<MailMessage>;

async function failTry(ctx: AppContext, mail: QueuedMail, error: string): Promise<keyof DeliveryResult> {
  const failed = await outbox.markFailed(ctx, mail, error);
  if (failed.outcome === 'failed')
    ctx.log.error({ mailId: mail.id, to: mail.to, attempts: mail.attempts, error }, 'mail delivery failed for good');
  else
    ctx.log.warn(
      { mailId: mail.id, to: mail.to, attempts: mail.attempts, nextAttemptAt: failed.nextAttemptAt, error },
      'mail delivery failed; will retry',
    );
  return failed.outcome;
}

async function deliverOne(
  ctx: AppContext,
  send: Send,
  render: Render,
  mail: QueuedMail,
): Promise<keyof DeliveryResult> {
  if (outbox.pastLimit(mail)) return failTry(ctx, mail, mail.lastError ?? 'delivery interrupted');
  try {
    await send(await render(mail));
  } catch (err) {
    return failTry(ctx, mail, err instanceof Error ? err.message : String(err));
  }
  await outbox.markSent(ctx, mail);
  return 'sent';
}

/**
 * Sends every due queued mail, outside any transaction (a slow mail server holds no lock). Safe
 * to run at the same time on several instances: each mail is claimed by exactly one run. A failed
 * try is retried after `mailRetryDelay`; after MAIL_MAX_ATTEMPTS tries the mail is marked failed.
 */
export async function deliverQueued(
  ctx: AppContext,
  send: Send,
  render: Render,
  options: { batchSize?: number } = {},
): Promise<DeliveryResult> {
  const result: DeliveryResult = { sent: 0, retried: 0, failed: 0 };
  return outbox.deliverDue(ctx, result, async () => (mail) => deliverOne(ctx, send, render, mail), options.batchSize);
}
