import { describe, expect, it } from 'vitest';
import type { CollectionSlot } from '@kujiya/shared';
import { calendarDays, slotsOn } from './collection-picker';

// Monday 23 Nov 2026, 10:00 in Singapore.
const now = new Date('2026-11-23T02:00:00.000Z');
const slot = (date: string, hour: number, full = false): CollectionSlot => ({
  collectionDate: new Date(`${date}T${String(hour).padStart(2, '0')}:00:00+08:00`).toISOString(),
  date,
  time: `${hour - 12}:00 PM`,
  remaining: full ? 0 : 10,
  full,
});

describe('calendarDays', () => {
  it('offers today to 14 days ahead, only Wednesdays and Fridays selectable', () => {
    const slots = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-27', '2026-12-02', '2026-12-04', '2026-12-05'];
    const days = calendarDays(
      now,
      slots.map((date) => slot(date, 15)),
    );
    const real = days.filter((d) => d !== null);
    expect(days.slice(0, 1)).toEqual([null]); // padded back to Sunday
    expect(real[0]!.date).toBe('2026-11-23');
    expect(real.at(-1)!.date).toBe('2026-12-07');
    expect(real.filter((d) => d.selectable).map((d) => d.date)).toEqual([
      '2026-11-25',
      '2026-11-27',
      '2026-12-02',
      '2026-12-04',
    ]);
  });

  it('offers no day before the slots arrive, so the focus the dialog gave a day is not dropped', () => {
    expect(calendarDays(now, undefined).filter((d) => d?.selectable)).toEqual([]);
  });

  it('turns off a collection day the server has no slots left for', () => {
    const slots = [slot('2026-11-25', 15), slot('2026-12-04', 18)];
    expect(
      calendarDays(now, slots)
        .filter((d) => d?.selectable)
        .map((d) => d!.date),
    ).toEqual(['2026-11-25', '2026-12-04']);
  });
});

describe('slotsOn', () => {
  it('lists one date’s slots in time order, full ones included', () => {
    const slots = [slot('2026-11-25', 16, true), slot('2026-11-25', 14), slot('2026-11-27', 18)];
    expect(slotsOn('2026-11-25', slots).map((s) => [s.time, s.full])).toEqual([
      ['2:00 PM', false],
      ['4:00 PM', true],
    ]);
    expect(slotsOn(null, slots)).toEqual([]);
  });
});
