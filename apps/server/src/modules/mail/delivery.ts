import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import { HOUR, MINUTE } from '../../core/clock.ts';
import { mailQueue } from './tables.ts';
import type { DeliveryResult, MailMessage, QueuedMail } from './service.ts';

/** Tries per queued mail before it is marked failed. */
export const MAIL_MAX_ATTEMPTS = 8;
/** How long a claimed mail belongs to its sender; a claim older than this (a crashed sender) is taken again. */
export const MAIL_CLAIM_MS = 15 * MINUTE;
/** Wait after the n-th failed try: 1, 2, 4 … minutes, at most an hour (about 2 hours over all tries). */
export const mailRetryDelay = (attempts: number) => Math.min(MINUTE * 2 ** Math.max(0, attempts - 1), HOUR);
const CLAIM_BATCH = 20;

type Send = (message: MailMessage) => Promise<void>;
/** A claimed mail as it goes out (a templated one is rendered here, outside any transaction). */
type Render = (mail: QueuedMail) => Promise<MailMessage>;

/**
 * Claims up to `limit` due mails for this run in one statement. The row locks (SKIP LOCKED) make
 * concurrent runs on any number of instances take disjoint rows; the claim moves `nextAttemptAt`
 * past the claim period, so nobody else takes them while they are being sent.
 */
async function claimDue(ctx: AppContext, limit: number): Promise<QueuedMail[]> {
  const at = ctx.clock.now();
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
    .set({
      status: 'sending',
      attempts: sql`${mailQueue.attempts} + 1`,
      nextAttemptAt: new Date(at.getTime() + MAIL_CLAIM_MS),
    })
    .where(and(inArray(mailQueue.id, due), isDue))
    .returning();
}

/** Updates a mail only while this run's claim still holds it (same status and try number). */
const whileClaimed = (mail: QueuedMail) =>
  and(eq(mailQueue.id, mail.id), eq(mailQueue.status, 'sending'), eq(mailQueue.attempts, mail.attempts));

async function giveUp(ctx: AppContext, mail: QueuedMail, error: string): Promise<void> {
  await ctx.db.update(mailQueue).set({ status: 'failed', lastError: error }).where(whileClaimed(mail));
  ctx.log.error({ mailId: mail.id, to: mail.to, attempts: mail.attempts, error }, 'mail delivery failed for good');
}

async function deliverOne(
  ctx: AppContext,
  send: Send,
  render: Render,
  mail: QueuedMail,
): Promise<keyof DeliveryResult> {
  // Claimed again after a sender vanished mid-try on its last attempt: do not go past the limit.
  if (mail.attempts > MAIL_MAX_ATTEMPTS) {
    await giveUp(ctx, mail, mail.lastError ?? 'delivery interrupted');
    return 'failed';
  }
  try {
    await send(await render(mail));
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    if (mail.attempts >= MAIL_MAX_ATTEMPTS) {
      await giveUp(ctx, mail, error);
      return 'failed';
    }
    const nextAttemptAt = new Date(ctx.clock.now().getTime() + mailRetryDelay(mail.attempts));
    await ctx.db
      .update(mailQueue)
      .set({ status: 'pending', lastError: error, nextAttemptAt })
      .where(whileClaimed(mail));
    ctx.log.warn(
      { mailId: mail.id, to: mail.to, attempts: mail.attempts, nextAttemptAt, error },
      'mail delivery failed; will retry',
    );
    return 'retried';
  }
  await ctx.db
    .update(mailQueue)
    .set({ status: 'sent', sentAt: ctx.clock.now(), lastError: null })
    .where(whileClaimed(mail));
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
  for (;;) {
    const claimed = await claimDue(ctx, options.batchSize ?? CLAIM_BATCH);
    if (claimed.length === 0) return result;
    for (const mail of claimed) result[await deliverOne(ctx, send, render, mail)]++;
  }
}
