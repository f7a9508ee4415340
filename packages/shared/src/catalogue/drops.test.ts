import { describe, expect, it } from 'vitest';
import {
  dropRulesText,
  dropSettingsUpdateSchema,
  formatOpeningCountdown,
  isSalesOpen,
  opensText,
  shopperLimitMessage,
  ticketCapOf,
} from './drops.ts';

const none = { salesStartAt: null, maxTicketsPerShopper: null, maxTicketsPerOrder: null, orderCooldownSeconds: null };

// docs/rules/drops.md: the opening and limits as both sides read them.
describe('drop rules', () => {
  it('names the opening in Singapore time and counts down to it', () => {
    expect(opensText('2026-12-07T12:00:00Z')).toBe('Opens Mon, 7 Dec 2026, 8:00 pm');
    expect(formatOpeningCountdown(3 * 86_400 + 4 * 3600 + 5 * 60 + 6)).toBe('3d 04:05:06');
    expect(formatOpeningCountdown(65)).toBe('00:01:05');
    expect(isSalesOpen(null, new Date())).toBe(true);
    expect(isSalesOpen('2026-12-07T12:00:00Z', new Date('2026-12-07T11:59:59Z'))).toBe(false);
    expect(isSalesOpen('2026-12-07T12:00:00Z', new Date('2026-12-07T12:00:00Z'))).toBe(true);
  });

  it('caps a picker at the smaller limit and says which', () => {
    expect(ticketCapOf(none)).toBeNull();
    expect(ticketCapOf({ maxTicketsPerShopper: 5, maxTicketsPerOrder: 3 })).toEqual({ cap: 3, limit: 'order' });
    expect(ticketCapOf({ maxTicketsPerShopper: 2, maxTicketsPerOrder: 3 })).toEqual({ cap: 2, limit: 'shopper' });
    expect(shopperLimitMessage(5, 5)).toBe('This set allows at most 5 tickets per shopper, and you already have 5.');
  });

  it('accepts ISO 8601 with an offset, null or nothing; refuses other text and limits under 1', () => {
    expect(dropSettingsUpdateSchema.parse({ salesStartAt: '2026-12-07T20:00:00+08:00' }).salesStartAt).toBe(
      '2026-12-07T20:00:00+08:00',
    );
    expect(dropSettingsUpdateSchema.parse({ salesStartAt: null, maxTicketsPerOrder: null })).toEqual({
      salesStartAt: null,
      maxTicketsPerOrder: null,
    });
    expect(dropSettingsUpdateSchema.safeParse({ salesStartAt: '7 Dec 8pm' }).success).toBe(false);
    expect(dropSettingsUpdateSchema.safeParse({ maxTicketsPerShopper: 0 }).success).toBe(false);
    expect(dropSettingsUpdateSchema.safeParse({ orderCooldownSeconds: 1.5 }).success).toBe(false);
  });

  it('states only the rules a set has on its terms popup', () => {
    expect(dropRulesText(none)).toEqual([]);
    const lines = dropRulesText({ ...none, salesStartAt: '2026-12-07T12:00:00Z', maxTicketsPerOrder: 3 });
    expect(lines).toEqual([
      'Sales open on Mon, 7 Dec 2026, 8:00 pm (Singapore time); no purchase is taken before then.',
      "Signed-in shoppers may join the waiting room from 30 minutes before the opening. At the opening everyone who joined is put in an order drawn from the round's committed seed, which anyone can check on the fairness page once the round ends; later arrivals join at the back. While the room is open only shoppers whose turn has come may buy, and a turn lapses 5 minutes after its last use.",
      'At most 3 tickets per order (BUY OUT included).',
    ]);
  });
});
