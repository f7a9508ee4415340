import {
  CARD_RESERVATION_MINUTES,
  RESET_LINK_VALIDITY,
  SHIP_BY_DAYS,
  TOKEN_LOT_LIFETIME_MONTHS,
  VERIFICATION_CODE_VALIDITY,
} from '@kujiya/shared';

/**
 * The shop policies the info pages state, kept together so the texts never disagree. The shipping fee
 * is not here: the pages use the shared rule the server charges (`shippingFeeCents`, docs/rules/fulfilment.md).
 */
export const policies = {
  contactEmail: 'hello@kujiya.sg',
  supportHours: 'Monday to Friday, 10 AM to 6 PM (Singapore time)',
  keepDays: SHIP_BY_DAYS,
  deliveryWorkingDays: '2 to 4 working days',
  tokenValidityMonths: TOKEN_LOT_LIFETIME_MONTHS,
  cardReservationMinutes: CARD_RESERVATION_MINUTES,
  selfCollectionSlots: ['Wednesdays, 2 PM to 6 PM', 'Fridays, 6 PM to 9 PM'],
  resetLinkValidity: RESET_LINK_VALIDITY,
  emailDelay: '30 seconds to 10 minutes',
  verificationCodeValidity: VERIFICATION_CODE_VALIDITY,
} as const;
