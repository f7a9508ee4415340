import { describe, expect, it } from 'vitest';
import {
  FINAL_PAYMENT_STATUSES,
  RESET_LINK_VALIDITY,
  VERIFICATION_CODE_VALIDITY,
  isFinalPaymentStatus,
  tokenCost,
} from './index.ts';

describe('shared policies', () => {
  it('say the lifetimes the way the mails and pages show them', () => {
    expect(VERIFICATION_CODE_VALIDITY).toBe('15 minutes');
    expect(RESET_LINK_VALIDITY).toBe('1 hour');
  });

  it('give one answer to "is this payment final": failed may still be paid by another card', () => {
    expect(FINAL_PAYMENT_STATUSES).toEqual(['succeeded', 'refunded', 'canceled']);
    expect(isFinalPaymentStatus('failed')).toBe(false);
    expect(isFinalPaymentStatus('requires_payment_method')).toBe(false);
    expect(isFinalPaymentStatus('canceled')).toBe(true);
  });

  it('cost a token purchase as price times paid tickets', () => {
    expect(tokenCost(30, 4)).toBe(120);
  });
});
