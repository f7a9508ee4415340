import { describe, expect, it } from 'vitest';
import type { Promotion } from './schemas.ts';
import {
  buyOutPaidCount,
  clampQuantity,
  decrementQuantity,
  digitsOnly,
  incrementQuantity,
  isPrizeSoldOut,
  isPurchaseDisabled,
  maximumQuantity,
  minimumQuantity,
  parseTicketCount,
  prizeFullName,
  prizeRank,
  productKind,
  promotionTagText,
  sortPrizes,
  ticketBackTier,
  ticketsLeft,
  ticketsReceived,
} from './rules.ts';

const buy3get1: Promotion = { type: 'BUY_X_GET_Y_FREE', details: { requiredQuantity: 3, freeQuantity: 1 } };
const challengeA: Promotion = { type: 'CHALLENGE', details: { minimumQuantity: 5, challengeAlphabet: 'A' } };
const noLottery = { enabled: false };

describe('ticket counts', () => {
  it('reads left and total from "left/total"', () => {
    expect(parseTicketCount('12/80')).toEqual({ left: 12, total: 80 });
    expect(parseTicketCount('0/50')).toEqual({ left: 0, total: 50 });
    expect(ticketsLeft('7/10')).toBe(7);
  });

  it('treats malformed text as nothing left', () => {
    expect(parseTicketCount('lots')).toEqual({ left: 0, total: 0 });
    expect(ticketsLeft('')).toBe(0);
  });
});

describe('quantity limits', () => {
  it('has minimum 1, or minimumQuantity for a challenge', () => {
    expect(minimumQuantity(null)).toBe(1);
    expect(minimumQuantity(buy3get1)).toBe(1);
    expect(minimumQuantity(challengeA)).toBe(5);
  });

  it('allows up to tickets left, or the paid count under Buy X Get Y', () => {
    expect(maximumQuantity(40, null)).toBe(40);
    expect(maximumQuantity(40, challengeA)).toBe(40);
    expect(maximumQuantity(10, buy3get1)).toBe(8);
    expect(maximumQuantity(0, null)).toBe(0);
    expect(maximumQuantity(-2, buy3get1)).toBe(0);
  });
});

describe('buy-out paid count', () => {
  it('pays required per full group of required + free, plus the remainder capped at required', () => {
    // 10 left, groups of 4: two full groups (6 paid) and 2 left over (2 paid).
    expect(buyOutPaidCount(10, 3, 1)).toBe(8);
    // 11 left: two groups (6) and a remainder of 3 (3 paid).
    expect(buyOutPaidCount(11, 3, 1)).toBe(9);
    // 12 left: three full groups.
    expect(buyOutPaidCount(12, 3, 1)).toBe(9);
    // A remainder larger than required is capped: 9 left in groups of 7 (5+2) gives 5 + min(2,5).
    expect(buyOutPaidCount(9, 5, 2)).toBe(7);
    expect(buyOutPaidCount(6, 5, 2)).toBe(5);
    expect(buyOutPaidCount(1, 2, 1)).toBe(1);
    expect(buyOutPaidCount(0, 3, 1)).toBe(0);
  });

  it('pays exactly enough to receive every ticket left', () => {
    for (let left = 1; left <= 60; left++) {
      const paid = buyOutPaidCount(left, 3, 2);
      expect(
        ticketsReceived(paid, left, { type: 'BUY_X_GET_Y_FREE', details: { requiredQuantity: 3, freeQuantity: 2 } }),
      ).toBe(left);
      // One ticket fewer paid would no longer cover the whole set.
      if (paid > 1) {
        expect(
          ticketsReceived(paid - 1, left, {
            type: 'BUY_X_GET_Y_FREE',
            details: { requiredQuantity: 3, freeQuantity: 2 },
          }),
        ).toBeLessThan(left);
      }
    }
  });
});

describe('tickets received', () => {
  it('adds floor(paid / required) x free, capped at tickets left', () => {
    expect(ticketsReceived(3, 50, buy3get1)).toBe(4);
    expect(ticketsReceived(7, 50, buy3get1)).toBe(9);
    expect(ticketsReceived(2, 50, buy3get1)).toBe(2);
    expect(ticketsReceived(9, 10, buy3get1)).toBe(10);
  });

  it('is the paid count without Buy X Get Y', () => {
    expect(ticketsReceived(6, 50, null)).toBe(6);
    expect(ticketsReceived(6, 50, challengeA)).toBe(6);
    expect(ticketsReceived(6, 4, null)).toBe(4);
  });
});

describe('quantity input', () => {
  it('keeps digits only while typing', () => {
    expect(digitsOnly('1a2-3.4 ')).toBe('1234');
    expect(digitsOnly('abc')).toBe('');
  });

  it('clamps on blur between min and max', () => {
    expect(clampQuantity('0', 1, 10)).toBe(1);
    expect(clampQuantity('', 1, 10)).toBe(1);
    expect(clampQuantity('999', 1, 10)).toBe(10);
    expect(clampQuantity('7', 1, 10)).toBe(7);
    expect(clampQuantity('2', 5, 10)).toBe(5);
    expect(clampQuantity('x3y', 1, 10)).toBe(3);
    expect(clampQuantity(12, 1, 8)).toBe(8);
  });

  it('keeps the minimum when nothing can be bought', () => {
    expect(clampQuantity('4', 5, 3)).toBe(5);
    expect(clampQuantity('4', 1, 0)).toBe(1);
  });

  it('stops minus at the minimum and plus at the maximum', () => {
    expect(decrementQuantity(2, 1)).toBe(1);
    expect(decrementQuantity(1, 1)).toBe(1);
    expect(decrementQuantity(5, 5)).toBe(5);
    expect(incrementQuantity(9, 1, 10)).toBe(10);
    expect(incrementQuantity(10, 1, 10)).toBe(10);
  });
});

describe('tags', () => {
  it('names the kind of set for its icon', () => {
    expect(productKind({ lottery: { enabled: true }, promotion: null })).toBe('lottery');
    expect(productKind({ lottery: noLottery, promotion: buy3get1 })).toBe('promotion');
    expect(productKind({ lottery: noLottery, promotion: null })).toBe('plain');
  });

  it('writes the shop texts', () => {
    expect(promotionTagText({ lottery: { enabled: true }, promotion: null })).toBe('CHANCE!');
    expect(promotionTagText({ lottery: noLottery, promotion: buy3get1 })).toBe('Buy 3 Get 1 FREE!');
    expect(promotionTagText({ lottery: noLottery, promotion: challengeA })).toBe('CHALLENGE (Get A)!');
    expect(promotionTagText({ lottery: noLottery, promotion: null })).toBeNull();
  });
});

describe('prizes', () => {
  it('ranks by the second word, LAST for the Last Prize', () => {
    expect(prizeRank('Prize A')).toBe('A');
    expect(prizeRank('Prize G')).toBe('G');
    expect(prizeRank('Last Prize')).toBe('LAST');
  });

  it('orders letters, then the Last Prize', () => {
    const names = ['Last Prize', 'Prize C', 'Prize A', 'Prize B'].map((name) => ({ name }));
    expect(sortPrizes(names).map((prize) => prize.name)).toEqual(['Prize A', 'Prize B', 'Prize C', 'Last Prize']);
  });

  it('picks the ticket-back tier', () => {
    expect(['A', 'B', 'C'].map(ticketBackTier)).toEqual(['gold', 'gold', 'gold']);
    expect(['D', 'E', 'F'].map(ticketBackTier)).toEqual(['silver', 'silver', 'silver']);
    expect(['G', 'H'].map(ticketBackTier)).toEqual(['bronze', 'bronze']);
    expect(ticketBackTier('LAST')).toBe('last');
  });

  it('titles the full-size popup', () => {
    expect(prizeFullName({ name: 'Prize B', description: 'Figure' })).toBe('Prize B (Figure)');
    expect(prizeFullName({ name: 'Last Prize', description: 'Big plush' })).toBe('Last Prize (Big plush)');
  });

  it('is sold out when its quantity starts with 0', () => {
    expect(isPrizeSoldOut('0/4')).toBe(true);
    expect(isPrizeSoldOut('1/4')).toBe(false);
    expect(isPrizeSoldOut('10/40')).toBe(false);
  });
});

describe('purchase buttons', () => {
  it('are disabled with nothing left, while busy or on hold', () => {
    expect(isPurchaseDisabled({ left: 3, busy: false, holdSecondsLeft: 0 })).toBe(false);
    expect(isPurchaseDisabled({ left: 0, busy: false, holdSecondsLeft: 0 })).toBe(true);
    expect(isPurchaseDisabled({ left: 3, busy: true, holdSecondsLeft: 0 })).toBe(true);
    expect(isPurchaseDisabled({ left: 3, busy: false, holdSecondsLeft: 12 })).toBe(true);
  });
});
