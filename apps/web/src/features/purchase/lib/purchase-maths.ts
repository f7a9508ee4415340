import { maximumQuantity, parseTicketCount, type Product } from '@kujiya/shared';

/** How many more tokens the shopper needs; 0 when the balance covers the cost. */
export function tokensShort(balance: number, cost: number): number {
  return Math.max(0, cost - balance);
}

/**
 * Paid tickets of a BUY OUT (docs/rules/promotions.md): the whole remaining set, reduced under Buy X Get Y to the
 * paid part (the shared `buyOutPaidCount` rule, which is also the picker's maximum).
 */
export function buyOutQuantity(product: Pick<Product, 'quantity' | 'promotion'>): number {
  return maximumQuantity(parseTicketCount(product.quantity).left, product.promotion);
}

/** A countdown as m:ss, e.g. 9:05. */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
