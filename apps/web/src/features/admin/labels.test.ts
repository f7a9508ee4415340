import { describe, expect, it } from 'vitest';
import { labelOf, sgd, tokensText } from './labels';

describe('back office labels', () => {
  it('gives every code a human label, and words for an unknown one', () => {
    expect(labelOf('sold_out')).toBe('Sold out');
    expect(labelOf('refund_pending')).toBe('Refund pending');
    expect(labelOf('charge.refunded')).toBe('Refunded');
    expect(labelOf('spend')).toBe('Spent');
    expect(labelOf('some_new.code')).toBe('Some new code');
  });

  it('shows money and tokens', () => {
    expect(sgd(3750)).toBe('S$37.50');
    expect(tokensText(-36)).toBe('-36 tokens');
    expect(tokensText(1)).toBe('1 token');
  });
});
