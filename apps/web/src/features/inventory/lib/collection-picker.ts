import {
  COLLECTION_WINDOW_DAYS,
  addDays,
  collectionDates,
  singaporeDate,
  weekdayOf,
  type CollectionSlot,
} from '@kujiya/shared';

export interface CalendarDay {
  /** YYYY-MM-DD, Singapore. */
  date: string;
  dayOfMonth: number;
  weekday: number;
  /** A Wednesday or Friday inside the window the server lists a slot for. */
  selectable: boolean;
}

/**
 * The picker's days: today to 14 days ahead (Singapore dates), padded back to the Sunday of the first
 * week so they sit under weekday headings. Only collection days that still have a slot can be chosen,
 * and none before the slots arrive: a day enabled while loading and disabled once they came (a
 * Wednesday evening, its slots over) would drop the keyboard focus the opening dialog put on it.
 */
export function calendarDays(now: Date, slots: readonly CollectionSlot[] | undefined): (CalendarDay | null)[] {
  const today = singaporeDate(now);
  const allowed = new Set(collectionDates(now));
  const withSlots = new Set(slots?.map((slot) => slot.date));
  const days: (CalendarDay | null)[] = Array.from({ length: weekdayOf(today) }, () => null);
  for (let i = 0; i <= COLLECTION_WINDOW_DAYS; i += 1) {
    const date = addDays(today, i);
    days.push({
      date,
      dayOfMonth: Number(date.slice(8, 10)),
      weekday: weekdayOf(date),
      selectable: allowed.has(date) && withSlots.has(date),
    });
  }
  return days;
}

/** The slots of one date, in time order. */
export function slotsOn(date: string | null, slots: readonly CollectionSlot[] | undefined): CollectionSlot[] {
  if (!date || !slots) return [];
  return slots.filter((slot) => slot.date === date).sort((a, b) => a.collectionDate.localeCompare(b.collectionDate));
}
