import { ErrorCode } from '@kujiya/shared';
import { ApiError } from '../../../lib/api-client';
import { needsLoginReminder } from '../../../components/login-reminder';

/** The fixed user-facing texts of purchase failures (docs/rules/buying.md); tests hold them word for word. */
export const TICKETS_CHANGED_MESSAGE = 'The number of tickets available has changed. Please refresh the page.';
export const TRY_AGAIN_MESSAGE = 'Please Try Again.';
export const PURCHASE_ERROR_MESSAGE = 'An error occurred during the purchase process.';
export const TICKET_CHECK_ERROR_MESSAGE = 'Error checking ticket availability';
export const RESERVATION_EXPIRED_MESSAGE = 'Your reservation has expired. Please refresh and try again.';
/** A checkout replaced by the shopper's newer one of the same set (docs/rules/buying.md). */
export const REPLACED_CHECKOUT_MESSAGE =
  'This checkout was replaced by your newer checkout of this set, so it was cancelled and can no longer be paid. Its tickets are no longer reserved.';
export const REPLACED_REFUNDED_MESSAGE =
  'This checkout was replaced by your newer checkout of this set. Its payment arrived afterwards, so no tickets were bought with it and it was refunded to your card.';

export const purchaseFailedMessage = (message: string) => `Purchase failed: ${message}`;
export const holdMessage = (seconds: number) =>
  `Buying out in progress. Please wait ${seconds} seconds and refresh your page to purchase with the updated odds.`;

const DROP_RULE_CODES = new Set<string>([
  ErrorCode.SALES_NOT_OPEN,
  ErrorCode.SHOPPER_LIMIT_REACHED,
  ErrorCode.ORDER_LIMIT_EXCEEDED,
  ErrorCode.ORDER_COOLDOWN,
]);

/** What the shopper sees after a failed purchase call. */
export type PurchaseFailure = { kind: 'hold'; seconds: number } | { kind: 'login' } | { kind: 'message'; text: string };

/** Which purchase call failed: a token purchase shows the server's reason, a card call does not. */
export type PurchasePath = 'token' | 'card';

/**
 * Maps a failed purchase call to what the shopper sees (docs/rules/buying.md): a 423 hold, NOT_ENOUGH_TICKETS, the login
 * reminder (403, or 404 USER_NOT_FOUND), a holding bound's own text (409, 429), 500 or a network
 * failure, a token purchase's own reason, and otherwise the generic text.
 */
export function purchaseFailure(error: unknown, path: PurchasePath): PurchaseFailure {
  if (!(error instanceof ApiError)) {
    // fetch rejects with a TypeError when the network fails.
    return { kind: 'message', text: error instanceof TypeError ? TRY_AGAIN_MESSAGE : PURCHASE_ERROR_MESSAGE };
  }
  const holdTimeLeft = error.body.holdTimeLeft;
  if (error.status === 423 && typeof holdTimeLeft === 'number' && holdTimeLeft > 0) {
    return { kind: 'hold', seconds: Math.ceil(holdTimeLeft) };
  }
  if (error.status === 400 && error.code === ErrorCode.NOT_ENOUGH_TICKETS) {
    return { kind: 'message', text: TICKETS_CHANGED_MESSAGE };
  }
  if (needsLoginReminder(error)) return { kind: 'login' };
  // The drop rules (docs/rules/drops.md) name the opening or the limit: shown as the server says them, on both paths.
  if (error.code && DROP_RULE_CODES.has(error.code) && error.message) return { kind: 'message', text: error.message };
  // The holding bounds (docs/rules/security.md) say what to do and when: shown as the server says them, on both paths.
  if ((error.status === 409 || error.status === 429) && error.message) return { kind: 'message', text: error.message };
  if (error.status >= 500) return { kind: 'message', text: TRY_AGAIN_MESSAGE };
  if (path === 'token' && error.message) return { kind: 'message', text: purchaseFailedMessage(error.message) };
  return { kind: 'message', text: PURCHASE_ERROR_MESSAGE };
}
