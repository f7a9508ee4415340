import { accountMessages } from '../accounts/schemas.ts';
import { shopOpsMessages } from '../shop-ops/schemas.ts';
import { twoFactorMessages } from '../accounts/two-factor.ts';
import { TRADE_MESSAGES } from '../trading/schemas.ts';
import { HOLD_MESSAGE } from '../orders/schemas.ts';
import { IMAGE_TYPE_MESSAGE } from '../media/schemas.ts';
import { NO_PENDING_SHIPMENTS } from '../admin/fulfilment.ts';
import { NOT_SHIPPABLE_MESSAGE } from '../fulfilment/countries.ts';
import {
  ADDRESS_INCOMPLETE_MESSAGE,
  INVALID_ORDER_MESSAGE,
  SHIPMENT_FAILURE_MESSAGE,
  SLOT_FULL_MESSAGE,
} from '../fulfilment/schemas.ts';
import {
  COLLECT_PREORDER_MESSAGE,
  INVALID_COLLECTION_SLOT_MESSAGE,
  SHIP_PREORDER_MESSAGE,
  TRADE_CUTOFF_MESSAGE,
} from '../fulfilment/rules.ts';

import { defaultErrorCode, ErrorCode } from './error-codes.ts';
import { idempotencyMessages } from '../payments/idempotency.ts';
import { DROP_NOT_SCHEDULED_MESSAGE } from '../drop-alerts/schemas.ts';

/**
 * Specific codes of the services' fixed messages: one table, so no throw site changes when a code
 * is added (docs/rules/errors.md). Texts the services keep to themselves are written out here; a
 * test (apps/server/src/core/error-codes.test.ts) checks each of them still occurs in the server.
 */
export const errorCodeOfMessage: Readonly<Record<string, ErrorCode>> = {
  [accountMessages.loginFirst]: ErrorCode.LOGIN_REQUIRED,
  'Admin authentication required': ErrorCode.ADMIN_LOGIN_REQUIRED,
  [accountMessages.invalidLogin]: ErrorCode.INVALID_LOGIN,
  [shopOpsMessages.accountDisabled]: ErrorCode.ACCOUNT_DISABLED,
  [shopOpsMessages.ownerOnly]: ErrorCode.OWNER_ONLY,
  [accountMessages.usernameTaken]: ErrorCode.USERNAME_TAKEN,
  [accountMessages.emailTaken]: ErrorCode.EMAIL_TAKEN,
  [shopOpsMessages.adminTaken]: ErrorCode.ADMIN_TAKEN,
  [shopOpsMessages.adminEmailTaken]: ErrorCode.ADMIN_EMAIL_TAKEN,
  [accountMessages.userNotFound]: ErrorCode.USER_NOT_FOUND,
  [accountMessages.emailNotVerified]: ErrorCode.EMAIL_NOT_VERIFIED,
  [accountMessages.codeIncorrect]: ErrorCode.VERIFICATION_CODE_INCORRECT,
  [accountMessages.resetLinkInvalid]: ErrorCode.RESET_LINK_INVALID,
  [shopOpsMessages.inviteInvalid]: ErrorCode.INVITE_INVALID,
  [shopOpsMessages.wrongPassword]: ErrorCode.WRONG_PASSWORD,
  [twoFactorMessages.codeRequired]: ErrorCode.TWO_FACTOR_REQUIRED,
  [twoFactorMessages.invalidCode]: ErrorCode.TWO_FACTOR_INVALID,
  [twoFactorMessages.passkeyFailed]: ErrorCode.TWO_FACTOR_INVALID,
  [twoFactorMessages.enrolmentRequired]: ErrorCode.TWO_FACTOR_ENROLMENT_REQUIRED,
  [twoFactorMessages.passkeyNotFound]: ErrorCode.PASSKEY_NOT_FOUND,
  [idempotencyMessages.invalid]: ErrorCode.IDEMPOTENCY_KEY_INVALID,
  [idempotencyMessages.mismatch]: ErrorCode.IDEMPOTENCY_KEY_MISMATCH,
  [idempotencyMessages.inUse]: ErrorCode.IDEMPOTENCY_KEY_IN_USE,
  [idempotencyMessages.spent]: ErrorCode.IDEMPOTENCY_KEY_SPENT,
  'Product not found': ErrorCode.PRODUCT_NOT_FOUND,
  'Order not found': ErrorCode.ORDER_NOT_FOUND,
  [INVALID_ORDER_MESSAGE]: ErrorCode.ORDER_NOT_FOUND,
  'Not enough tickets left': ErrorCode.NOT_ENOUGH_TICKETS,
  [HOLD_MESSAGE]: ErrorCode.ROUND_ON_HOLD,
  'You have too many unpaid reservations. Please complete or wait for them to expire.': ErrorCode.TOO_MANY_RESERVATIONS,
  'Not enough tokens': ErrorCode.INSUFFICIENT_TOKENS,
  [DROP_NOT_SCHEDULED_MESSAGE]: ErrorCode.DROP_NOT_SCHEDULED,
  'Invalid promo code': ErrorCode.PROMO_CODE_INVALID,
  'This promo code has expired.': ErrorCode.PROMO_CODE_UNAVAILABLE,
  'This promo code is not active yet.': ErrorCode.PROMO_CODE_UNAVAILABLE,
  'This promo code has reached its usage limit.': ErrorCode.PROMO_CODE_UNAVAILABLE,
  'You have already used this promo code.': ErrorCode.PROMO_CODE_UNAVAILABLE,
  'A promo code has already been applied to this payment.': ErrorCode.PROMO_CODE_UNAVAILABLE,
  [shopOpsMessages.promoInactive]: ErrorCode.PROMO_CODE_UNAVAILABLE,
  [shopOpsMessages.promoCodeTaken]: ErrorCode.PROMO_CODE_TAKEN,
  'Payment not found': ErrorCode.PAYMENT_NOT_FOUND,
  'No such payment_intent.': ErrorCode.PAYMENT_NOT_FOUND,
  'This payment was cancelled. Please start a new purchase.': ErrorCode.PAYMENT_CANCELED,
  'This PaymentIntent has been canceled.': ErrorCode.PAYMENT_CANCELED,
  'This payment is already complete.': ErrorCode.PAYMENT_ALREADY_COMPLETE,
  'Your card number is invalid.': ErrorCode.CARD_INVALID,
  "Your card's security code is invalid.": ErrorCode.CARD_INVALID,
  "Your card's expiration year is in the past.": ErrorCode.CARD_INVALID,
  "Your card's expiration date is invalid.": ErrorCode.CARD_INVALID,
  'Invalid webhook signature': ErrorCode.WEBHOOK_SIGNATURE_INVALID,
  'Item not found in your inventory': ErrorCode.ITEM_NOT_FOUND,
  [TRADE_MESSAGES.unitsGone]: ErrorCode.ITEMS_UNAVAILABLE,
  [ADDRESS_INCOMPLETE_MESSAGE]: ErrorCode.ADDRESS_INCOMPLETE,
  [SHIPMENT_FAILURE_MESSAGE]: ErrorCode.ADDRESS_INCOMPLETE,
  [NOT_SHIPPABLE_MESSAGE]: ErrorCode.NOT_SHIPPABLE,
  [SHIP_PREORDER_MESSAGE]: ErrorCode.PREORDER_NOT_ALLOWED,
  [COLLECT_PREORDER_MESSAGE]: ErrorCode.PREORDER_NOT_ALLOWED,
  'Shipment not found': ErrorCode.SHIPMENT_NOT_FOUND,
  [NO_PENDING_SHIPMENTS]: ErrorCode.SHIPMENT_NOT_FOUND,
  'Self-collection not found': ErrorCode.COLLECTION_NOT_FOUND,
  [INVALID_COLLECTION_SLOT_MESSAGE]: ErrorCode.COLLECTION_SLOT_INVALID,
  [SLOT_FULL_MESSAGE]: ErrorCode.COLLECTION_SLOT_FULL,
  [TRADE_MESSAGES.tradeNotFound]: ErrorCode.TRADE_NOT_FOUND,
  [TRADE_MESSAGES.offerNotFound]: ErrorCode.OFFER_NOT_FOUND,
  [TRADE_MESSAGES.notActive]: ErrorCode.TRADE_NOT_ACTIVE,
  [TRADE_MESSAGES.offerNotActive]: ErrorCode.OFFER_NOT_ACTIVE,
  [TRADE_CUTOFF_MESSAGE]: ErrorCode.TRADE_CUTOFF,
  'This SKU is already used by another round': ErrorCode.SKU_TAKEN,
  "This set's box and prizes are fixed while its round runs. Reload the set to open a new round with the changed prizes.":
    ErrorCode.ROUND_FIXED,
  "A running round's quantity and sold count follow its tickets; change prize quantities with Reload Set.":
    ErrorCode.ROUND_FIXED,
  'This round has unpaid reservations. Try Reload Set again when they are paid or expired.': ErrorCode.RELOAD_REFUSED,
  'A card buy-out holds this round. Try Reload Set again when it is paid or expired.': ErrorCode.RELOAD_REFUSED,
  'Image not found': ErrorCode.IMAGE_NOT_FOUND,
  'Image not found: upload it first': ErrorCode.IMAGE_NOT_FOUND,
  'Unsupported image type': ErrorCode.UNSUPPORTED_IMAGE_TYPE,
  [IMAGE_TYPE_MESSAGE]: ErrorCode.UNSUPPORTED_IMAGE_TYPE,
};

/** Messages built from a template (a number or a name inside), recognised by their fixed part. */
const errorCodeOfMessagePattern: ReadonlyArray<readonly [RegExp, ErrorCode]> = [
  [/^Not enough tokens: /, ErrorCode.INSUFFICIENT_TOKENS],
  [/^You already hold \d+ unpaid tickets? in other checkouts\./, ErrorCode.TOO_MANY_RESERVATIONS],
  [/^You must buy at least \d+ tickets for this set\.$/, ErrorCode.MINIMUM_TICKETS],
  [/^This promo code is already applied to another of your payments\./, ErrorCode.PROMO_CODE_UNAVAILABLE],
  [/^No such payment_intent: /, ErrorCode.PAYMENT_NOT_FOUND],
  [/^Only \d+ of .+ can be used$/, ErrorCode.ITEMS_UNAVAILABLE],
  [/ must not contain (control|invisible or text-direction) characters\.$/, ErrorCode.UNSAFE_CHARACTERS],
  [/^Too many attempts\. Please try again in /, ErrorCode.RATE_LIMITED],
];

/**
 * The code of an error answer: the explicit one when the thrower names it, else the message's own
 * code from the tables above, else the status's default.
 */
export function errorCodeFor(status: number, message: string): ErrorCode {
  const exact = errorCodeOfMessage[message];
  if (exact) return exact;
  const pattern = errorCodeOfMessagePattern.find(([test]) => test.test(message));
  return pattern ? pattern[1] : defaultErrorCode(status);
}
