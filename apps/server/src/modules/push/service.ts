import type { PushKind, PushPayload, PushPreferences, PushSubscriptionInput } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { Executor } from '../../db/database.ts';
import { afterCommit } from '../../core/after-commit.ts';
import { JOB } from '../../jobs/names.ts';
import { deliverQueuedPushes, type PushDeliveryResult } from './delivery.ts';
import {
  devicesFor,
  forgetOtherSessions,
  forgetSession,
  forgetUser,
  readPreferences,
  subscribe,
  unsubscribe,
  updatePreferences,
} from './subscriptions.ts';
import { pushOutbox } from './tables.ts';
import { webPushTransport, type PushTransport } from './transport.ts';
import { vapidKeys } from './vapid.ts';

export type { PushDeliveryResult } from './delivery.ts';

/** The notification's title per kind; its body is the notice's own sentence. */
const PUSH_TITLES: Record<PushKind, string> = {
  setOpening: 'A set is opening',
  preorderArrived: 'Your pre-order arrived',
  tradeOffer: 'Trade update',
  forfeitWarning: 'Ship your prize soon',
  shipmentBooked: 'Shipment booked',
  collectionTomorrow: 'Collection tomorrow',
  parcelShipped: 'Parcel on its way',
};

/** One notice to push: its user's own notice id makes the tag, so each notice is its own notification. */
export interface PushNotice {
  kind: PushKind;
  url: string;
  message: string;
  /** Each user's notice id (the tag of their notification). */
  notices: ReadonlyArray<{ userId: string; noticeId: string }>;
}

/**
 * Web Push (docs/rules/notifications.md, "Push"): the devices shoppers subscribed, their per-kind
 * toggles, and the outbox of pushes queued in a notice's transaction and sent after commit by the
 * push-delivery job (src/jobs/), with the web-push library.
 */
export function createPushService(ctx: AppContext) {
  const vapid = vapidKeys(ctx);
  const transport: PushTransport = webPushTransport;
  return {
    /** The application server key browsers subscribe with. */
    publicKey: async (): Promise<string> => (await vapid()).publicKey,

    subscribe: (userId: string, tokenId: string | null, input: PushSubscriptionInput) =>
      subscribe(ctx, userId, tokenId, input),
    unsubscribe: (userId: string, endpoint: string) => unsubscribe(ctx, userId, endpoint),
    /** Logout of one session: its device's subscription goes. */
    forgetSession: (userId: string, tokenId: string) => forgetSession(ctx, userId, tokenId),
    /** An anonymised account's devices and toggles, in the deletion's transaction. */
    forgetUser: (tx: Executor, userId: string) => forgetUser(tx, userId),
    /** Every other session ended: only the kept session's device stays subscribed. */
    forgetOtherSessions: (userId: string, keptTokenId?: string) => forgetOtherSessions(ctx, userId, keptTokenId),

    preferences: (userId: string): Promise<PushPreferences> => readPreferences(ctx.db, userId),
    updatePreferences: (userId: string, changes: Partial<Record<PushKind, boolean>>) =>
      updatePreferences(ctx, userId, changes),

    /**
     * Queues one push per subscribed device of each user who has the kind on, in the caller's
     * transaction; the commit kicks the push-delivery job.
     */
    async enqueue(exec: Executor, notice: PushNotice): Promise<void> {
      const noticeOf = new Map(notice.notices.map((n) => [n.userId, n.noticeId]));
      const devices = await devicesFor(exec, [...noticeOf.keys()], notice.kind);
      if (devices.length === 0) return;
      const at = ctx.clock.now();
      const rows = devices.map((device) => {
        const payload: PushPayload = {
          title: PUSH_TITLES[notice.kind],
          body: notice.message,
          url: notice.url,
          tag: `${notice.kind}-${noticeOf.get(device.userId)!}`,
        };
        return { subscriptionId: device.id, payload, nextAttemptAt: at, createdAt: at };
      });
      await exec.insert(pushOutbox).values(rows);
      afterCommit(exec, () => ctx.jobs.kick(JOB.pushDelivery));
    },

    /** Sends every due queued push (the push-delivery job). */
    deliverQueued: (): Promise<PushDeliveryResult> => deliverQueuedPushes(ctx, transport, vapid),
  };
}
export type PushService = ReturnType<typeof createPushService>;
