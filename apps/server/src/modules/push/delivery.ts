import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import { HOUR, MINUTE } from '../../core/clock.ts';
import { pushOutbox, pushSubscriptions } from './tables.ts';
import type { PushTransport } from './transport.ts';
import type { VapidKeys } from './vapid.ts';

/** Tries per queued push before it is marked failed. */
export const PUSH_MAX_ATTEMPTS = 6;
/** How long a claimed push belongs to its sender; an older claim (a crashed sender) is taken again. */
const PUSH_CLAIM_MS = 5 * MINUTE;
/** Wait after the n-th failed try: 1, 2, 4 … minutes, at most an hour. */
export const pushRetryDelay = (attempts: number) => Math.min(MINUTE * 2 ** Math.max(0, attempts - 1), HOUR);
const CLAIM_BATCH = 50;

export interface PushDeliveryResult {
  sent: number;
  retried: number;
  failed: number;
  /** Subscriptions the push service no longer knows (404/410), removed. */
  gone: number;
}

type QueuedPush = typeof pushOutbox.$inferSelect;

/** Claims due pushes for this run (SKIP LOCKED: concurrent runs on any instance take disjoint rows). */
async function claimDue(ctx: AppContext, limit: number): Promise<QueuedPush[]> {
  const at = ctx.clock.now();
  const isDue = and(inArray(pushOutbox.status, ['pending', 'sending']), lte(pushOutbox.nextAttemptAt, at));
  const due = ctx.db
    .select({ id: pushOutbox.id })
    .from(pushOutbox)
    .where(isDue)
    .orderBy(asc(pushOutbox.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return ctx.db
    .update(pushOutbox)
    .set({
      status: 'sending',
      attempts: sql`${pushOutbox.attempts} + 1`,
      nextAttemptAt: new Date(at.getTime() + PUSH_CLAIM_MS),
    })
    .where(and(inArray(pushOutbox.id, due), isDue))
    .returning();
}

const whileClaimed = (push: QueuedPush) =>
  and(eq(pushOutbox.id, push.id), eq(pushOutbox.status, 'sending'), eq(pushOutbox.attempts, push.attempts));

/** The push service's answer code of a failed send, when it gave one. */
const statusOf = (error: unknown): number | undefined =>
  typeof error === 'object' && error !== null && 'statusCode' in error && typeof error.statusCode === 'number'
    ? error.statusCode
    : undefined;

async function failOne(ctx: AppContext, push: QueuedPush, error: unknown): Promise<keyof PushDeliveryResult> {
  const status = statusOf(error);
  if (status === 404 || status === 410) {
    // The browser dropped the subscription: forget the device (its queued pushes go with it).
    await ctx.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, push.subscriptionId));
    ctx.log.info({ subscriptionId: push.subscriptionId, status }, 'push subscription gone; removed');
    return 'gone';
  }
  const message = error instanceof Error ? error.message : String(error);
  const lastError = status ? `${status} ${message}` : message;
  if (push.attempts >= PUSH_MAX_ATTEMPTS) {
    await ctx.db.update(pushOutbox).set({ status: 'failed', lastError }).where(whileClaimed(push));
    ctx.log.error({ pushId: push.id, attempts: push.attempts, error: lastError }, 'push delivery failed for good');
    return 'failed';
  }
  const nextAttemptAt = new Date(ctx.clock.now().getTime() + pushRetryDelay(push.attempts));
  await ctx.db.update(pushOutbox).set({ status: 'pending', lastError, nextAttemptAt }).where(whileClaimed(push));
  ctx.log.warn(
    { pushId: push.id, attempts: push.attempts, nextAttemptAt, error: lastError },
    'push failed; will retry',
  );
  return 'retried';
}

async function deliverOne(
  ctx: AppContext,
  send: PushTransport,
  vapid: VapidKeys,
  push: QueuedPush,
): Promise<keyof PushDeliveryResult> {
  const [device] = await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, push.subscriptionId));
  if (!device) return 'gone';
  if (push.attempts > PUSH_MAX_ATTEMPTS) return failOne(ctx, push, new Error(push.lastError ?? 'delivery interrupted'));
  try {
    await send({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, push.payload, vapid);
  } catch (error) {
    return failOne(ctx, push, error);
  }
  await ctx.db
    .update(pushOutbox)
    .set({ status: 'sent', sentAt: ctx.clock.now(), lastError: null })
    .where(whileClaimed(push));
  return 'sent';
}

/**
 * Sends every due queued push, outside any transaction (a slow push service holds no lock). Each row
 * is claimed by exactly one run across instances; a failed try is retried with `pushRetryDelay`.
 */
export async function deliverQueuedPushes(
  ctx: AppContext,
  send: PushTransport,
  vapid: () => Promise<VapidKeys>,
): Promise<PushDeliveryResult> {
  const result: PushDeliveryResult = { sent: 0, retried: 0, failed: 0, gone: 0 };
  for (;;) {
    const claimed = await claimDue(ctx, CLAIM_BATCH);
    if (claimed.length === 0) return result;
    const keys = await vapid();
    for (const push of claimed) result[await deliverOne(ctx, send, keys, push)]++;
  }
}
