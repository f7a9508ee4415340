import { shopClockTime } from '@kujiya/shared';
import { MINUTE } from '../../core/clock.ts';

/** The payment purpose of token purchases. */
export const TOKEN_PURCHASE = 'token_purchase';
/** How long applying a code holds one of its uses for an unpaid payment before the hold may be reclaimed. */
export const PROMO_RESERVATION_MS = 30 * MINUTE;
export const PAYMENT_CANCELED = 'This payment was cancelled. Please start a new purchase.';
/** The answer to a once-per-shopper code held by another of the shopper's unpaid payments. */
export const promoHeldMessage = (until: Date | null) =>
  `This promo code is already applied to another of your payments. ${until ? `Complete that payment, or apply it here after ${shopClockTime(until)}, when it is released.` : 'Complete that payment, or try again in a moment.'}`;
