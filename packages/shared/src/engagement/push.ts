import { z } from 'zod';

/** GET /api/push/vapid-public-key: the application server key a browser subscribes with. */
export const vapidPublicKeySchema = z.object({ publicKey: z.string() });
export type VapidPublicKey = z.infer<typeof vapidPublicKeySchema>;

/** Longest endpoint URL accepted (browsers' push services stay far below it). */
export const PUSH_ENDPOINT_MAX_LENGTH = 2000;
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

const endpointSchema = z
  .url({ protocol: /^https$/, message: 'endpoint must be an https: URL' })
  .max(PUSH_ENDPOINT_MAX_LENGTH, 'endpoint is too long');

const keySchema = (name: string, max: number) =>
  z
    .string({ message: `keys.${name} is required` })
    .min(1, `keys.${name} is required`)
    .max(max, `keys.${name} is too long`)
    .regex(BASE64URL, `keys.${name} must be base64url`);

/**
 * POST /api/push/subscriptions: the browser's `PushSubscription.toJSON()` as it is. Push services
 * are always reached over https (docs/rules/notifications.md, "Push").
 */
export const pushSubscriptionSchema = z.object({
  endpoint: endpointSchema,
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: keySchema('p256dh', 200), auth: keySchema('auth', 100) }, { message: 'keys are required' }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** DELETE /api/push/subscriptions: the device's endpoint. */
export const pushUnsubscribeSchema = z.object({ endpoint: endpointSchema });

/** The answer of a subscribe or unsubscribe: whether this endpoint is now subscribed. */
export const pushSubscriptionStateSchema = z.object({ subscribed: z.boolean() });
export type PushSubscriptionState = z.infer<typeof pushSubscriptionStateSchema>;

/** What the service worker receives in a push: its notification, and the screen a tap opens. */
export const pushPayloadSchema = z.object({ title: z.string(), body: z.string(), url: z.string(), tag: z.string() });
export type PushPayload = z.infer<typeof pushPayloadSchema>;
