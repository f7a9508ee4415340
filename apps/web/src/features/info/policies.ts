/**
 * The shop policies the info pages state, kept together so the texts never disagree. The shipping fee
 * is not here: the pages use the shared rule the server charges (`shippingFeeCents`, docs/rules/fulfilment.md).
 */
export const policies = {
  contactEmail: 'hello@kujiya.sg',
  supportHours: 'Monday to Friday, 10 AM to 6 PM (Singapore time)',
  keepDays: 14,
  deliveryWorkingDays: '2 to 4 working days',
  tokenValidityMonths: 6,
  selfCollectionSlots: ['Wednesdays, 2 PM to 6 PM', 'Fridays, 6 PM to 9 PM'],
  resetLinkValidity: '1 hour',
  emailDelay: '30 seconds to 10 minutes',
  verificationCodeValidity: '15 minutes',
} as const;
