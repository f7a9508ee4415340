import { describe, expect, it } from 'vitest';
import { bonusTokens } from './schemas.ts';
import { percentOff } from '../money.ts';

describe('token rules', () => {
  it('bonus = round(tokens x pct / 100)', () => {
    expect(bonusTokens(100, 10)).toBe(10);
    expect(bonusTokens(125, 10)).toBe(13); // 12.5 rounds up
    expect(bonusTokens(550, 20)).toBe(110);
    expect(bonusTokens(7, 5)).toBe(0);
  });

  it('percent off = round((original - price) / original)', () => {
    expect(percentOff(5500, 5000)).toBe(9);
    expect(percentOff(12000, 10000)).toBe(17);
    expect(percentOff(26000, 20000)).toBe(23);
  });
});
