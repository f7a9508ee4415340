import webpush from 'web-push';
import type { PushPayload } from '@kujiya/shared';
import type { VapidKeys } from './vapid.ts';

export interface DeviceAddress {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Sends one push; throws on failure (a push service's refusal carries its `statusCode`). */
export type PushTransport = (device: DeviceAddress, payload: PushPayload, vapid: VapidKeys) => Promise<void>;

/** How long a push service keeps a push for an offline device: a day (a later notice says more). */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** A push service that does not answer in this long is tried again later. */
const PUSH_TIMEOUT_MS = 10_000;

/** The real sender: the `web-push` library (VAPID-signed, aes128gcm-encrypted). */
export const webPushTransport: PushTransport = async (device, payload, vapid) => {
  await webpush.sendNotification(device, JSON.stringify(payload), {
    vapidDetails: vapid,
    TTL: PUSH_TTL_SECONDS,
    timeout: PUSH_TIMEOUT_MS,
    contentEncoding: 'aes128gcm',
  });
};
