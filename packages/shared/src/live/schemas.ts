import { z } from 'zod';

/**
 * The live socket at /ws (docs/rules/live.md). Every message is one small JSON text frame, parsed
 * with these schemas on both sides.
 */

/** How long the banner toast stays (then fades out over LIVE_TOAST_FADE_MS). */
export const LIVE_TOAST_MS = 3_000;
export const LIVE_TOAST_FADE_MS = 300;
/** A lost socket is reopened after this long. */
export const LIVE_RECONNECT_MS = 5_000;
/**
 * The close code of a socket the server closes because the instance restarts (WebSocket's 1012
 * "Service Restart", docs/operations.md): the web app reconnects at once, to whichever instance answers.
 */
export const LIVE_CLOSE_SERVICE_RESTART = 1012;
/**
 * The close code of a signed-in socket whose session ended (logout elsewhere, "Log out" on the devices
 * page, a password reset): the socket goes, and the web app's next call finds the token refused.
 */
export const LIVE_CLOSE_SESSION_ENDED = 4001;
/** The banner name of a shopper who chose not to be shown. */
export const LIVE_ANONYMOUS_NAME = 'Someone';
/** A client frame larger than this closes the socket. */
export const LIVE_MAX_CLIENT_FRAME_BYTES = 4_096;

/** Longest name and product name a banner carries (longer ones are cut before publishing). */
export const LIVE_NAME_MAX = 100;
export const LIVE_PRODUCT_NAME_MAX = 200;

const shortText = (max: number) => z.string().max(max);

/** Server → client. */
export const liveConnectedMessageSchema = z.object({ type: z.literal('connected'), message: shortText(200) });
/**
 * A purchase banner. `count` > 1 when several shoppers' purchases were merged into one banner
 * during a burst ("3 people just bought ..."); `username` is then the anonymous name.
 */
export const livePurchaseMessageSchema = z.object({
  type: z.literal('purchase'),
  username: shortText(LIVE_NAME_MAX),
  productName: shortText(LIVE_PRODUCT_NAME_MAX),
  message: shortText(400),
  count: z.number().int().positive().optional(),
});
/** The signed-in shopper's socket is now tied to the account (answer to a valid `auth`). */
export const liveAuthenticatedMessageSchema = z.object({ type: z.literal('authenticated') });
/** The shopper has a new notification: refresh the bell. */
export const liveNotificationMessageSchema = z.object({ type: z.literal('notification') });
/** The shopper's token balance changed: refresh the balance. */
export const liveBalanceMessageSchema = z.object({ type: z.literal('balance') });

/** At most this many sets a socket watches at once (`watch`). */
export const LIVE_WATCH_MAX_SETS = 20;
/** At most one board of a set per this period to a socket (4 a second, docs/rules/drops.md "Live board"). */
export const LIVE_BOARD_INTERVAL_MS = 250;

/**
 * The live prize board of a watched set (docs/rules/drops.md, "Live board"): tickets a shopper can buy
 * (`left`, as the listing's "left/total") and each prize's remaining count.
 */
export const liveBoardMessageSchema = z.object({
  type: z.literal('board'),
  setId: z.string().max(100),
  left: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  prizes: z.array(z.object({ id: z.string().max(100), remaining: z.number().int().nonnegative() })).max(200),
});
export type LiveBoardMessage = z.infer<typeof liveBoardMessageSchema>;
/** The shopper's place in a set's waiting room changed (docs/rules/drops.md; at most one per 2 s). */
export const liveDropMessageSchema = z.object({
  type: z.literal('drop'),
  setId: z.string().max(100),
  position: z.number().int().nonnegative().nullable(),
  admitted: z.boolean(),
  estimatedWaitSeconds: z.number().int().nonnegative().nullable(),
});
export type LiveDropMessage = z.infer<typeof liveDropMessageSchema>;

export const liveServerMessageSchema = z.discriminatedUnion('type', [
  liveDropMessageSchema,
  liveConnectedMessageSchema,
  liveBoardMessageSchema,
  livePurchaseMessageSchema,
  liveAuthenticatedMessageSchema,
  liveNotificationMessageSchema,
  liveBalanceMessageSchema,
]);
export type LiveServerMessage = z.infer<typeof liveServerMessageSchema>;
export type LivePurchaseMessage = z.infer<typeof livePurchaseMessageSchema>;

/** Client → server: only the first message, the bearer token of a signed-in shopper. */
export const liveAuthMessageSchema = z.object({ type: z.literal('auth'), token: z.string().min(1).max(2_048) });
export type LiveAuthMessage = z.infer<typeof liveAuthMessageSchema>;
/** Client → server, any number of times: the sets whose live board this socket wants (replaces the last list). */
export const liveWatchMessageSchema = z.object({
  type: z.literal('watch'),
  setIds: z.array(z.uuid()).max(LIVE_WATCH_MAX_SETS),
});
export type LiveWatchMessage = z.infer<typeof liveWatchMessageSchema>;
export const liveClientMessageSchema = z.discriminatedUnion('type', [liveAuthMessageSchema, liveWatchMessageSchema]);
export type LiveClientMessage = z.infer<typeof liveClientMessageSchema>;

/** Between instances (Redis pub/sub): a paid purchase, or an event for one shopper. */
export const liveBusEventSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('purchase'),
    buyerId: z.string().max(100),
    displayName: shortText(LIVE_NAME_MAX),
    productName: shortText(LIVE_PRODUCT_NAME_MAX),
  }),
  z.object({ kind: z.literal('user'), userId: z.string().max(100), event: z.enum(['notification', 'balance']) }),
  /** A set's tickets changed: every instance sends its watchers the fresh board. */
  z.object({ kind: z.literal('board'), setId: z.string().max(100) }),
]);
export type LiveBusEvent = z.infer<typeof liveBusEventSchema>;

/** One purchase as the banner tells it. */
export function purchaseBannerText(username: string, productName: string): string {
  return `${username} just bought ${productName}!`;
}

/** Several shoppers' purchases in one banner. */
export function mergedPurchaseBannerText(buyers: number, productNames: readonly string[]): string {
  const distinct = [...new Set(productNames)];
  return distinct.length === 1
    ? `${buyers} people just bought ${distinct[0]}!`
    : `${buyers} people just bought ${distinct[distinct.length - 1]} and more!`;
}
