import { describe, expect, it } from 'vitest';
import { quotePurchase, sortPrizeRanks } from './rules.ts';

const bxgy = { type: 'BUY_X_GET_Y_FREE' as const, details: { requiredQuantity: 2, freeQuantity: 1 } };
const challenge = { type: 'CHALLENGE' as const, details: { minimumQuantity: 3, challengeAlphabet: 'A' } };

describe('quotePurchase', () => {
  it('plain sets: 1 to tickets left', () => {
    expect(quotePurchase(3, 10, null)).toEqual({ ok: true, paidTickets: 3, receivedTickets: 3, buyOut: false });
    expect(quotePurchase(10, 10, null)).toMatchObject({ ok: true, buyOut: true });
    expect(quotePurchase(11, 10, null)).toMatchObject({ ok: false, reason: 'not_enough' });
    expect(quotePurchase(1, 0, null)).toMatchObject({ ok: false, reason: 'not_enough' });
  });
  it('Buy-X-Get-Y: free tickets on top, capped at what is left; the payable maximum', () => {
    expect(quotePurchase(2, 10, bxgy)).toMatchObject({ ok: true, receivedTickets: 3 });
    expect(quotePurchase(4, 10, bxgy)).toMatchObject({ ok: true, receivedTickets: 6 });
    // 7 left: 2 + 2 + min(1, 2) = 5 payable, receiving all 7.
    expect(quotePurchase(5, 7, bxgy)).toEqual({ ok: true, paidTickets: 5, receivedTickets: 7, buyOut: true });
    expect(quotePurchase(6, 7, bxgy)).toMatchObject({ ok: false, reason: 'not_enough', maximum: 5 });
  });
  it('Challenge: at least the minimum, unless it buys out the rest', () => {
    expect(quotePurchase(2, 10, challenge)).toMatchObject({ ok: false, reason: 'below_minimum', minimum: 3 });
    expect(quotePurchase(3, 10, challenge)).toMatchObject({ ok: true });
    expect(quotePurchase(2, 2, challenge)).toMatchObject({ ok: true, buyOut: true });
  });
});

describe('sortPrizeRanks', () => {
  it('letters, then longer ranks, LAST last', () => {
    expect(sortPrizeRanks(['LAST', 'C', 'DC1', 'A', 'C'])).toEqual(['A', 'C', 'C', 'DC1', 'LAST']);
  });
});
