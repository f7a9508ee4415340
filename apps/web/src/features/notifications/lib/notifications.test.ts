import { describe, expect, it } from 'vitest';
import { formatSgDayMonthTime, unreadCount } from '@kujiya/shared';

describe('notification helpers', () => {
  it('shows the time in Singapore', () => {
    expect(formatSgDayMonthTime('2026-11-21T14:30:00.000Z')).toMatch(/^21 Nov, 10:30\s?pm$/i);
    expect(formatSgDayMonthTime('nonsense')).toBe('');
  });

  it('counts unread notifications, ignoring removed ones', () => {
    expect(
      unreadCount([
        { isRead: false, isRemoved: false },
        { isRead: true, isRemoved: false },
        { isRead: false, isRemoved: true },
        { isRead: false, isRemoved: false },
      ]),
    ).toBe(2);
  });
});
