import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatCvc, formatExpiry, isCardComplete } from './card-input';

describe('card inputs', () => {
  it('groups card digits by four and drops anything else', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4000-0000 0000 0002')).toBe('4000 0000 0000 0002');
    expect(formatCardNumber('42a4')).toBe('424');
    expect(formatCardNumber('4'.repeat(25)).replace(/ /g, '')).toHaveLength(19);
  });

  it('writes the expiry as MM / YY', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('4')).toBe('04 / '); // typing 4 means April
    expect(formatExpiry('12')).toBe('12 / ');
    expect(formatExpiry('1234')).toBe('12 / 34');
    expect(formatExpiry('12/345')).toBe('12 / 34');
    expect(formatExpiry('12 /', '12 / ')).toBe('12');
  });

  it('keeps 3-4 digit CVCs and knows when the card is complete', () => {
    expect(formatCvc('12a345')).toBe('1234');
    expect(isCardComplete({ cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' })).toBe(true);
    expect(isCardComplete({ cardNumber: '4242 4242 4242 4242', expiry: '12 / 3', cvc: '123' })).toBe(false);
    expect(isCardComplete({ cardNumber: '4242', expiry: '12 / 34', cvc: '123' })).toBe(false);
  });
});
