import { describe, expect, it } from 'vitest';
import { formatSgDate, formatSgDateTime, formatSgDay, formatSgDayShort, fromSgInputValue, toSgInputValue } from './singapore-time.ts';

describe('Singapore dates', () => {
  // 16:30 UTC on 9 Dec is 00:30 on 10 Dec in Singapore.
  const instant = '2026-12-09T16:30:00.000Z';

  it('shows every instant as its Singapore day and time, in one format', () => {
    expect(formatSgDate(instant)).toBe('10 Dec 2026');
    expect(formatSgDateTime(instant)).toBe('10 Dec 2026, 12:30 am');
    expect(formatSgDateTime('2026-12-10T07:05:00Z')).toBe('10 Dec 2026, 3:05 pm');
  });

  it('shows a Singapore calendar day as that day', () => {
    expect(formatSgDay('2026-12-10')).toBe('10 Dec 2026');
    expect(formatSgDayShort('2026-01-02')).toBe('2 Jan');
  });

  it('edits instants as Singapore wall time in datetime-local inputs, and back', () => {
    expect(toSgInputValue(instant)).toBe('2026-12-10T00:30');
    expect(fromSgInputValue('2026-12-10T00:30')).toBe(instant);
    expect(fromSgInputValue(toSgInputValue('2026-06-01T04:15:00.000Z'))).toBe('2026-06-01T04:15:00.000Z');
  });
});
