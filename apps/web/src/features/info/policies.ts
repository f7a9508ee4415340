import { CARD_RESERVATION_MINUTES, RESET_LINK_VALIDITY, TOKEN_LOT_LIFETIME_MONTHS, VERIFICATION_CODE_VALIDITY } from '@kujiya/shared';

/**
 * The shop policies the info pages state (docs/rules/tokens.md, fulfilment.md, accounts.md). Kept
 * together so the texts never disagree with each other; the numbers the server enforces come from
 * @kujiya/shared, so a page cannot state a different rule from the one applied.
 */
export const policies = {
  contactEmail: 'hello@kujiya.sg',
  supportHours: 'Monday to Friday, 10 AM to 6 PM (Singapore time)',
  keepDays: 14,
  deliveryWorkingDays: '2 to 4 working days',
  shippingFeeDollars: 5,
  bigPrizesPerBundle: 2,
  smallPrizesPerBundle: 20,
  tokenValidityMonths: TOKEN_LOT_LIFETIME_MONTHS,
  cardReservationMinutes: CARD_RESERVATION_MINUTES,
  selfCollectionSlots: ['Wednesdays, 2 PM to 6 PM', 'Fridays, 6 PM to 9 PM'],
  resetLinkValidity: RESET_LINK_VALIDITY,
  emailDelay: '30 seconds to 10 minutes',
  verificationCodeValidity: VERIFICATION_CODE_VALIDITY,
} as const;

/** Shipping fee in dollars for a parcel: $5 per bundle of up to 2 big and 20 small prizes (docs/rules/fulfilment.md). */
export function shippingFeeDollars(bigPrizes: number, smallPrizes: number): number {
  const bundles = Math.max(
    Math.ceil(bigPrizes / policies.bigPrizesPerBundle),
    Math.ceil(smallPrizes / policies.smallPrizesPerBundle),
  );
  return bundles * policies.shippingFeeDollars;
}
