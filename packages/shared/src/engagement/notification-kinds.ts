import { z } from 'zod';

/**
 * What a notice is about, for the channels a shopper can switch per kind (docs/rules/notifications.md).
 * Push: one toggle per kind, every kind on once a device is subscribed.
 */
export const PUSH_KINDS = [
  'setOpening',
  'preorderArrived',
  'tradeOffer',
  'forfeitWarning',
  'shipmentBooked',
  'collectionTomorrow',
  'parcelShipped',
] as const;
export type PushKind = (typeof PUSH_KINDS)[number];
export const isPushKind = (kind: unknown): kind is PushKind => (PUSH_KINDS as readonly unknown[]).includes(kind);

/**
 * E-mails a shopper may switch off (each carries a one-click unsubscribe). Every other mail is
 * transactional (codes, links, receipts, bookings, trades, sign-in alerts) and always sent.
 */
export const OPTIONAL_MAIL_KINDS = ['setOpening', 'preorderArrived', 'forfeitWarning', 'parcelShipped'] as const;
export type OptionalMailKind = (typeof OPTIONAL_MAIL_KINDS)[number];
export const isOptionalMailKind = (kind: unknown): kind is OptionalMailKind =>
  (OPTIONAL_MAIL_KINDS as readonly unknown[]).includes(kind);

/** Every kind a notice may carry: a push kind, or one that is only ever in-app and mailed. */
export type NotificationKind = PushKind | 'tradeCompleted' | 'collectionBooked' | 'orderReceipt' | 'other';

const toggles = <K extends string>(kinds: readonly K[]) =>
  z.object(Object.fromEntries(kinds.map((kind) => [kind, z.boolean()])) as Record<K, z.ZodBoolean>);

/** GET/PUT /api/push/preferences: `{preferences: {kind: on}}`; a PUT may send some kinds only. */
export const pushPreferencesSchema = z.object({ preferences: toggles(PUSH_KINDS) });
export type PushPreferences = z.infer<typeof pushPreferencesSchema>;
export const pushPreferencesUpdateSchema = z.object({ preferences: toggles(PUSH_KINDS).partial() });

/** GET/PUT /api/mail/preferences: the optional mail kinds, the same shape. */
export const mailPreferencesSchema = z.object({ preferences: toggles(OPTIONAL_MAIL_KINDS) });
export type MailPreferences = z.infer<typeof mailPreferencesSchema>;
export const mailPreferencesUpdateSchema = z.object({ preferences: toggles(OPTIONAL_MAIL_KINDS).partial() });
