import { LAST_RANK, maximumQuantity, minimumQuantity, ticketsReceived } from '../catalogue/rules.ts';
import type { Promotion } from '../catalogue/schemas.ts';

/** What a purchase of `paid` tickets gets with `left` tickets left (docs/rules/promotions.md), or why it cannot. */
export type PurchaseQuote =
  | { ok: true; paidTickets: number; receivedTickets: number; buyOut: boolean }
  | { ok: false; reason: 'not_enough' | 'below_minimum'; minimum: number; maximum: number };

/**
 * Checks an order size against the round: at least 1 (or the challenge minimum), at most the
 * payable maximum (tickets left, reduced to the paid count under Buy-X-Get-Y). A buy-out (every
 * ticket left) is allowed below a challenge minimum, as nothing else could ever be bought.
 */
export function quotePurchase(paid: number, left: number, promotion: Promotion | null): PurchaseQuote {
  const minimum = minimumQuantity(promotion);
  const maximum = maximumQuantity(left, promotion);
  if (paid > maximum || maximum === 0) return { ok: false, reason: 'not_enough', minimum, maximum };
  const buyOut = paid === maximum;
  if (paid < minimum && !buyOut) return { ok: false, reason: 'below_minimum', minimum, maximum };
  return { ok: true, paidTickets: paid, receivedTickets: ticketsReceived(paid, left, promotion), buyOut };
}

/** A card order's tickets stay reserved this long while the shopper pays (docs/rules/buying.md). */
export const CARD_RESERVATION_MINUTES = 10;

/** Tokens a purchase costs: the set's token price times the paid tickets (free tickets cost nothing). */
export function tokenCost(tokenPrice: number, paidTickets: number): number {
  return tokenPrice * paidTickets;
}

/** Prize letters in order (A, B, ..., longer ranks after), the Last Prize last. */
export function sortPrizeRanks(ranks: readonly string[]): string[] {
  const key = (rank: string) => (rank === LAST_RANK ? 2 : rank.length === 1 ? 0 : 1);
  return [...ranks].sort((a, b) => key(a) - key(b) || a.localeCompare(b));
}
