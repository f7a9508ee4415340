import { shopClockTime } from '@kujiya/shared';
import { HttpError } from '../../core/http-errors.ts';
import { HOUR, MINUTE } from '../../core/clock.ts';

export const NOT_ENOUGH_TICKETS = 'Not enough tickets left';
/** Open (unpaid, unexpired) card reservations a shopper may have over all rounds. */
export const MAX_OPEN_RESERVATIONS = 3;
export const TOO_MANY_RESERVATIONS =
  'You have too many unpaid reservations. Please complete or wait for them to expire.';
/**
 * Tickets a shopper may hold unpaid at once over the shop (docs/rules/security.md). A checkout that
 * would be the shopper's only one is never refused by it (an honest buyer pays one after another).
 */
export const MAX_UNPAID_TICKETS = 40;
export const tooManyUnpaidTickets = (held: number) =>
  `You already hold ${held} unpaid ${held === 1 ? 'ticket' : 'tickets'} in other checkouts. Please pay for them or let them expire first: at most ${MAX_UNPAID_TICKETS} unpaid tickets at once.`;
/** Lapses of a shopper's checkouts of one set that count towards a cool-down (docs/rules/security.md). */
export const LAPSE_WINDOW_MS = 24 * HOUR;
/** The cool-down after the n-th lapse (index n - 1; the last applies from then on), from that lapse. */
export const LAPSE_COOLDOWNS_MS = [0, 30 * MINUTE, 2 * HOUR, 24 * HOUR] as const;
export const cooldownAfter = (lapses: number): number =>
  lapses <= 0 ? 0 : LAPSE_COOLDOWNS_MS[Math.min(lapses, LAPSE_COOLDOWNS_MS.length) - 1]!;

/** The 429 of a shopper cooled down on a set: how many lapses, and when they may reserve again. */
export function cooledDown(lapses: number, until: Date, now: Date): HttpError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  const wait =
    seconds < 120 ? `${seconds} seconds` : minutes < 120 ? `${minutes} minutes` : `${Math.ceil(minutes / 60)} hours`;
  return new HttpError(
    429,
    `You let ${lapses} checkouts of this set lapse unpaid, so you can reserve its tickets again at ${shopClockTime(until)}, in ${wait}. Buying with tokens is not affected.`,
    { retryAt: until.toISOString() },
    { 'Retry-After': String(seconds) },
  );
}
