/**
 * Fulfilment rules both the server and the web need, each written once: the shipping fee, the
 * two-week clock, the trade cut-off and the self-collection slots (docs/rules/fulfilment.md).
 */

import { SG_OFFSET_MS } from '../common/singapore-time.ts';
import { DAY_MS } from '../common/time.ts';

/** One shipping bundle carries up to 2 big prizes or up to 20 small prizes. */
export const SHIPPING_BUNDLE_BIG_PRIZES = 2;
export const SHIPPING_BUNDLE_SMALL_PRIZES = 20;
/** $5 per bundle, in cents. */
export const SHIPPING_FEE_PER_BUNDLE_CENTS = 500;

/** bundles = max(ceil(big / 2), ceil(small / 20)). */
export function shippingBundles(bigPrizes: number, smallPrizes: number): number {
  return Math.max(
    Math.ceil(bigPrizes / SHIPPING_BUNDLE_BIG_PRIZES),
    Math.ceil(smallPrizes / SHIPPING_BUNDLE_SMALL_PRIZES),
    0,
  );
}

/** The shipping fee in cents: $5 x bundles. */
export function shippingFeeCents(bigPrizes: number, smallPrizes: number): number {
  return shippingBundles(bigPrizes, smallPrizes) * SHIPPING_FEE_PER_BUNDLE_CENTS;
}

/** Won items are kept at most two weeks: ship-by = order (or pre-order conversion) date + 14 days. */
export const SHIP_BY_DAYS = 14;
/** The forfeit warning (the one reminder that is also pushed to the phone) goes out this many days before ship-by. */
export const FORFEIT_WARNING_DAYS = 2;
/** Reminders go out this many days before the ship-by date. */
export const SHIP_BY_REMINDER_DAYS = [3, FORFEIT_WARNING_DAYS, 1] as const;
/** Items due within this many days (counted to Singapore midnight) cannot be traded. */
export const TRADE_CUTOFF_DAYS = 1;
/** The inventory highlights a batch due within this many days (the first reminder's). */
export const SHIP_BY_SOON_DAYS = SHIP_BY_REMINDER_DAYS[0];

/** Whether an in-stock batch is due within SHIP_BY_SOON_DAYS (a pre-order one, with no date, never is). */
export function isShipBySoon(shipByDate: Date | string | null | undefined, now: Date): boolean {
  if (!shipByDate) return false;
  return new Date(shipByDate).getTime() - now.getTime() <= SHIP_BY_SOON_DAYS * DAY_MS;
}
/** An unpaid shipment holds its units this long, then it is cancelled and they return. */
export const SHIPPING_PAYMENT_WINDOW_MS = 10 * 60 * 1000;

export function shipByDateFrom(start: Date): Date {
  return new Date(start.getTime() + SHIP_BY_DAYS * DAY_MS);
}

/** The Singapore calendar date (YYYY-MM-DD) of an instant. */
export function singaporeDate(instant: Date): string {
  return new Date(instant.getTime() + SG_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant of a Singapore wall-clock time on a Singapore date. */
export function singaporeInstant(date: string, hour = 0): Date {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) - SG_OFFSET_MS + hour * 60 * 60 * 1000);
}

/** YYYY-MM-DD plus `days` days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export const TRADE_CUTOFF_MESSAGE = 'Cannot trade items due within 1 day';
export const SHIP_PREORDER_MESSAGE = 'Cannot ship pre-order items';
export const COLLECT_PREORDER_MESSAGE = 'Cannot self-collect pre-order items';

/**
 * Tradable: a pre-order unit (no ship-by date), or an in-stock unit whose ship-by date is later than
 * Singapore midnight two days ahead (i.e. not due within the next day).
 */
export function isTradable(shipByDate: Date | string | null | undefined, now: Date): boolean {
  if (shipByDate === null || shipByDate === undefined) return true;
  const due = typeof shipByDate === 'string' ? new Date(shipByDate) : shipByDate;
  const cutoff = singaporeInstant(addDays(singaporeDate(now), TRADE_CUTOFF_DAYS + 1));
  return due.getTime() > cutoff.getTime();
}

/** Self-collection: Wednesday 2-6 PM and Friday 6-9 PM (hourly slot starts), Singapore time. */
export const COLLECTION_SLOT_HOURS: Readonly<Record<number, readonly number[]>> = {
  3: [14, 15, 16, 17, 18],
  5: [18, 19, 20, 21],
};
/** Bookable from today up to this many days ahead (Singapore dates). */
export const COLLECTION_WINDOW_DAYS = 14;
/** How many collections one slot holds unless configured otherwise. */
export const DEFAULT_COLLECTION_SLOT_CAPACITY = 10;
export const COLLECTION_SLOT_MESSAGE = 'Please select both a date and time slot';
export const INVALID_COLLECTION_SLOT_MESSAGE =
  'Please choose a Wednesday (2-6 PM) or Friday (6-9 PM) slot within the next 14 days.';

/** Day of week (0 = Sunday) of a YYYY-MM-DD date. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00.000Z`).getUTCDay();
}

/** The slot start hours (24 h, Singapore) of a date; none on days without collection. */
export function collectionSlotHours(date: string): readonly number[] {
  return COLLECTION_SLOT_HOURS[weekdayOf(date)] ?? [];
}

/** "2:00 PM" for 14. */
export function slotLabel(hour: number): string {
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${h12}:00 ${hour < 12 ? 'AM' : 'PM'}`;
}

/** The dates (YYYY-MM-DD, Singapore) from today to today + 14 that have collection slots. */
export function collectionDates(now: Date): string[] {
  const today = singaporeDate(now);
  const dates: string[] = [];
  for (let i = 0; i <= COLLECTION_WINDOW_DAYS; i += 1) {
    const date = addDays(today, i);
    if (collectionSlotHours(date).length > 0) dates.push(date);
  }
  return dates;
}

/** The bookable slot instants of one date: its slots, not yet started, inside the window. */
export function collectionSlotsFor(date: string, now: Date): Date[] {
  if (!collectionDates(now).includes(date)) return [];
  return collectionSlotHours(date)
    .map((hour) => singaporeInstant(date, hour))
    .filter((slot) => slot.getTime() > now.getTime());
}

/** True when `dateTime` is exactly the start of a bookable slot. */
export function isValidCollectionSlot(dateTime: Date | string, now: Date): boolean {
  const instant = typeof dateTime === 'string' ? new Date(dateTime) : dateTime;
  if (Number.isNaN(instant.getTime())) return false;
  return collectionSlotsFor(singaporeDate(instant), now).some((slot) => slot.getTime() === instant.getTime());
}

/**
 * Units of an inventory batch a shopper can choose for an action: not offered in a trade and not
 * held by a shipment awaiting its payment (docs/rules/fulfilment.md).
 */
export function selectableUnits(batch: { quantity: number; inTrade: number; awaitingPayment?: number }): number {
  return Math.max(0, batch.quantity - batch.inTrade - (batch.awaitingPayment ?? 0));
}
