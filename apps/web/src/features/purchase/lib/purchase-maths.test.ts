import { describe, expect, it } from 'vitest';
import type { Promotion } from '@kujiya/shared';
import { formatCountdown } from '../../../lib/use-countdown';
import { buyOutQuantity, freeTicketsOf, tokensShort } from './purchase-maths';

const buy3get1: Promotion = { type: 'BUY_X_GET_Y_FREE', details: { requiredQuantity: 3, freeQuantity: 1 } };
const challenge: Promotion = { type: 'CHALLENGE', details: { minimumQuantity: 3, challengeAlphabet: 'A' } };

describe('token shortfall', () => {
  it('needs the difference when the balance is short, else nothing', () => {
    expect(tokensShort(100, 210)).toBe(110);
    expect(tokensShort(210, 210)).toBe(0);
    expect(tokensShort(550, 210)).toBe(0);
  });
});

describe('buyOutQuantity', () => {
  it('is every ticket left for a plain set or a challenge', () => {
    expect(buyOutQuantity({ quantity: '17/80', promotion: null })).toBe(17);
    expect(buyOutQuantity({ quantity: '5/20', promotion: challenge })).toBe(5);
  });
  it('is the paid part under Buy X Get Y: full groups times X, plus the remainder capped at X', () => {
    // 10 left, groups of 4: 2 full groups → 6 paid, remainder 2 → 2 paid.
    expect(buyOutQuantity({ quantity: '10/40', promotion: buy3get1 })).toBe(8);
    // 7 left: 1 group → 3, remainder 3 → capped at 3.
    expect(buyOutQuantity({ quantity: '7/40', promotion: buy3get1 })).toBe(6);
    expect(buyOutQuantity({ quantity: '4/40', promotion: buy3get1 })).toBe(3);
  });
  it('is 0 for a sold-out set', () => {
    expect(buyOutQuantity({ quantity: '0/40', promotion: null })).toBe(0);
  });
});

describe('reservation countdown', () => {
  it('shows m:ss', () => {
    expect(formatCountdown(600)).toBe('10:00');
    expect(formatCountdown(65)).toBe('1:05');
    expect(formatCountdown(0)).toBe('0:00');
  });
});

describe('freeTicketsOf', () => {
  it('names the free tickets a Buy 3 Get 1 purchase includes, a BUY OUT too', () => {
    // 10 left: a buy-out pays 3 + 3 + 2 = 8 (two full groups of 4, then 2) and gets 2 free.
    expect(buyOutQuantity({ quantity: '10/20', promotion: buy3get1 })).toBe(8);
    expect(freeTicketsOf({ quantity: '10/20', promotion: buy3get1 }, 8)).toBe(2);
    expect(freeTicketsOf({ quantity: '10/20', promotion: buy3get1 }, 2)).toBe(0);
    expect(freeTicketsOf({ quantity: '10/20', promotion: null }, 10)).toBe(0);
  });
});
