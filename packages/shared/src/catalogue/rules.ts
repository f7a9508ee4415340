import type { Product, Promotion } from './schemas.ts';

/**
 * Pure catalogue rules (docs/rules/catalogue.md, promotions.md) shared by the play popup and the server:
 * ticket counts, the quantity picker's limits, promotion maths, tag texts and prize ranks.
 */

export interface TicketCount {
  left: number;
  total: number;
}

/** Reads "left/total" (docs/rules/catalogue.md). Anything malformed counts as nothing left. */
export function parseTicketCount(quantity: string): TicketCount {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(quantity);
  if (!match) return { left: 0, total: 0 };
  return { left: Number(match[1]), total: Number(match[2]) };
}

/** The tickets a shopper can still buy: the part of `quantity` before the slash. */
export function ticketsLeft(quantity: string): number {
  return parseTicketCount(quantity).left;
}

/** Default and smallest order: 1, or minimumQuantity for a CHALLENGE promotion (docs/rules/catalogue.md). */
export function minimumQuantity(promotion: Promotion | null): number {
  return promotion?.type === 'CHALLENGE' ? promotion.details.minimumQuantity : 1;
}

/**
 * Paid tickets of a buy-out under Buy {required} Get {free} (docs/rules/catalogue.md, promotions.md): every full
 * group of (required + free) left is `required` paid tickets, plus the remainder capped at `required`.
 */
export function buyOutPaidCount(left: number, required: number, free: number): number {
  if (left <= 0) return 0;
  if (required <= 0) return left;
  const groupSize = required + Math.max(0, free);
  const fullGroups = Math.floor(left / groupSize);
  return fullGroups * required + Math.min(left % groupSize, required);
}

/** The largest order the picker allows: tickets left, reduced to the paid count under Buy X Get Y. */
export function maximumQuantity(left: number, promotion: Promotion | null): number {
  if (left <= 0) return 0;
  if (promotion?.type === 'BUY_X_GET_Y_FREE') {
    return buyOutPaidCount(left, promotion.details.requiredQuantity, promotion.details.freeQuantity);
  }
  return left;
}

/** Tickets received for `paid` tickets: paid + floor(paid / required) x free, capped at tickets left. */
export function ticketsReceived(paid: number, left: number, promotion: Promotion | null): number {
  if (paid <= 0 || left <= 0) return 0;
  if (promotion?.type !== 'BUY_X_GET_Y_FREE') return Math.min(paid, left);
  const { requiredQuantity, freeQuantity } = promotion.details;
  return Math.min(left, paid + Math.floor(paid / requiredQuantity) * freeQuantity);
}

/** What the quantity input keeps while typing: digits only. */
export function digitsOnly(raw: string): string {
  return raw.replace(/\D+/g, '');
}

/**
 * The quantity after the input loses focus: its digits read as a number and clamped to [min, max].
 * Empty input becomes the minimum. When max < min (nothing buyable) the minimum is kept; the popup
 * disables buying in that case.
 */
export function clampQuantity(raw: string | number, min: number, max: number): number {
  const digits = typeof raw === 'number' ? String(Math.trunc(raw)) : digitsOnly(raw);
  const value = digits === '' || digits.startsWith('-') ? min : Number(digits);
  if (max < min) return min;
  return Math.min(Math.max(value, min), max);
}

/** The minus button: one less, never below the minimum. */
export function decrementQuantity(current: number, min: number): number {
  return Math.max(min, current - 1);
}

/** The plus button: one more, never above the maximum (and never below the minimum). */
export function incrementQuantity(current: number, min: number, max: number): number {
  return Math.max(min, Math.min(max, current + 1));
}

export type ProductKind = 'lottery' | 'promotion' | 'plain';

/** Which tag icon a card shows: lottery sets first, then promotions, else plain. */
export function productKind(product: Pick<Product, 'lottery' | 'promotion'>): ProductKind {
  if (product.lottery.enabled) return 'lottery';
  if (product.promotion) return 'promotion';
  return 'plain';
}

/** The card's tag text: 'CHANCE!', 'Buy {required} Get {free} FREE!' or 'CHALLENGE (Get {letter})!'. */
export function promotionTagText(product: Pick<Product, 'lottery' | 'promotion'>): string | null {
  if (product.lottery.enabled) return 'CHANCE!';
  const promotion = product.promotion;
  if (!promotion) return null;
  if (promotion.type === 'BUY_X_GET_Y_FREE') {
    return `Buy ${promotion.details.requiredQuantity} Get ${promotion.details.freeQuantity} FREE!`;
  }
  return `CHALLENGE (Get ${promotion.details.challengeAlphabet})!`;
}

export const LAST_PRIZE_NAME = 'Last Prize';
export const LAST_RANK = 'LAST';

/** The rank of a prize: the second word of 'Prize {letter}', or LAST for 'Last Prize'. */
export function prizeRank(name: string): string {
  const trimmed = name.trim();
  if (trimmed.toLowerCase() === LAST_PRIZE_NAME.toLowerCase()) return LAST_RANK;
  return trimmed.split(/\s+/)[1] ?? trimmed;
}

/** Letters in order (A, B, ... then longer names), Last Prize last. Returns a new array. */
export function sortPrizes<T extends { name: string }>(prizes: readonly T[]): T[] {
  const key = (prize: T) => {
    const rank = prizeRank(prize.name);
    return { last: rank === LAST_RANK ? 1 : 0, rank };
  };
  return [...prizes].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka.last !== kb.last) return ka.last - kb.last;
    if (ka.rank.length !== kb.rank.length) return ka.rank.length - kb.rank.length;
    return ka.rank.localeCompare(kb.rank);
  });
}

export type TicketBackTier = 'gold' | 'silver' | 'bronze' | 'last';

/** Ticket-back artwork by rank (docs/rules/catalogue.md): gold A-C, silver D-F, bronze otherwise; LAST its own. */
export function ticketBackTier(rank: string): TicketBackTier {
  const upper = rank.trim().toUpperCase();
  if (upper === LAST_RANK) return 'last';
  if (['A', 'B', 'C'].includes(upper)) return 'gold';
  if (['D', 'E', 'F'].includes(upper)) return 'silver';
  return 'bronze';
}

/** A prize's label: 'Prize {letter}' for letters, 'Last Prize' for the Last Prize. */
export function prizeLabel(name: string): string {
  const rank = prizeRank(name);
  return rank === LAST_RANK ? LAST_PRIZE_NAME : `Prize ${rank}`;
}

/**
 * A prize named in full, 'Prize {letter} ({description})' or 'Last Prize ({description})': the
 * full-size popup's title, and every place that tells a shopper what was won (docs/rules/buying.md).
 */
export function prizeFullName(prize: { name: string; description: string }): string {
  return `${prizeLabel(prize.name)} (${prize.description})`;
}

/** A prize is sold out when its remaining quantity (before the slash) is 0. */
export function isPrizeSoldOut(quantity: string): boolean {
  return /^\s*0+(\D|$)/.test(quantity);
}

/** BUY and BUY OUT are disabled with no tickets left, while busy, and during a buy-out hold (docs/rules/catalogue.md). */
export function isPurchaseDisabled(state: { left: number; busy: boolean; holdSecondsLeft: number }): boolean {
  return state.left <= 0 || state.busy || state.holdSecondsLeft > 0;
}
