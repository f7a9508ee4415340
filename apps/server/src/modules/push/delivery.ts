import { eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import { createOutboxDelivery } from '../../core/outbox-delivery.ts';
import { pushOutbox, pushSubscriptions } from './tables.ts';
import type { PushTransport } from './transport.ts';
import type { VapidKeys } from './vapid.ts';

/** Tries per queued push before it is marked failed. */
export const PUSH_MAX_ATTEMPTS = 6;

const outbox = createOutboxDelivery({
  table: pushOutbox,
  // How long a claimed push belongs to its sender; an older claim (a crashed sender) is taken again.
  claimMs: 30_000, // renewed as the batch goes (core/outbox-delivery.ts): a dead run's rows are taken again in seconds
  maxAttempts: PUSH_MAX_ATTEMPTS,
  batchSize: 50,
});

export interface PushDeliveryResult {
  sent: number;
  retried: number;
  failed: number;
  /** Subscriptions the push service no longer knows (404/410), removed. */
  gone: number;
}

type QueuedPush = typeof pushOutbox.$inferSelect;
type Device = typeof pushSubscriptions.$inferSelect;

/** The devices of a claimed batch's pushes, by subscription id, read in one query. */
async function devicesOf(ctx: AppContext, pushes: QueuedPush[]): Promise<Map<string, Device>> {
  const ids = [...new Set(pushes.map((push) => push.subscriptionId))];
  const devices = await ctx.db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.id, ids));
  return new Map(devices.map((device) => [device.id, device]));
}

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
  const failed = await outbox.markFailed(ctx, push, lastError);
  if (failed.outcome === 'failed')
    ctx.log.error({ pushId: push.id, attempts: push.attempts, error: lastError }, 'push delivery failed for good');
  else
    ctx.log.warn(
      { pushId: push.id, attempts: push.attempts, nextAttemptAt: failed.nextAttemptAt, error: lastError },
      'push failed; will retry',
    );
  return failed.outcome;
}

async function deliverOne(
  ctx: AppContext,
  send: PushTransport,
  vapid: VapidKeys,
  device: Device | undefined,
  push: QueuedPush,
): Promise<keyof PushDeliveryResult> {
  if (!device) return 'gone';
  if (outbox.pastLimit(push)) return failOne(ctx, push, new Error(push.lastError ?? 'delivery interrupted'));
  try {
    await send({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, push.payload, vapid);
  } catch (error) {
    return failOne(ctx, push, error);
  }
  await outbox.markSent(ctx, push);
  return 'sent';
}

/**
 * Sends every due queued push, outside any transaction (a slow push service holds no lock). Each row
 * is claimed by exactly one run across instances; a failed try is retried with `retryDelay`.
 */
export async function deliverQueuedPushes(
  ctx: AppContext,
  send: PushTransport,
  vapid: () => Promise<VapidKeys>,
): Promise<PushDeliveryResult> {
  const result: PushDeliveryResult = { sent: 0, retried: 0, failed: 0, gone: 0 };
  return outbox.deliverDue(ctx, result, async (pushes) => {
    const keys = await vapid();
    const devices = await devicesOf(ctx, pushes);
    return async (push) => {
      const outcome = await deliverOne(ctx, send, keys, devices.get(push.subscriptionId), push);
      // A device found gone took its other queued pushes in this batch with it: they count as gone.
      if (outcome === 'gone') devices.delete(push.subscriptionId);
      return outcome;
    };
  });
}
