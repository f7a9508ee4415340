import { describe, expect, it } from 'vitest';
import { formatExpiry, tokensWithBonus } from './format';

describe('token formatting', () => {
  it('shows expiry in Singapore time (UTC+8)', () => {
    expect(formatExpiry('2026-07-10T02:00:00.000Z')).toMatch(/10 Jul 2026, 10:00\s?am/i);
    expect(formatExpiry('2026-07-10T16:30:00.000Z')).toMatch(/11 Jul 2026, 12:30\s?am/i);
  });

  it('adds round(tokens x pct / 100) bonus tokens', () => {
    expect(tokensWithBonus(550, 10)).toEqual({ bonus: 55, total: 605 });
    expect(tokensWithBonus(125, 10)).toEqual({ bonus: 13, total: 138 });
    expect(tokensWithBonus(100, null)).toEqual({ bonus: 0, total: 100 });
  });
});
