import { maximumQuantity, parseTicketCount, ticketsReceived, type Product } from '@kujiya/shared';

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

/** Free Buy-X-Get-Y tickets a purchase of `paid` tickets includes (docs/rules/promotions.md). */
export function freeTicketsOf(product: Pick<Product, 'quantity' | 'promotion'>, paid: number): number {
  return ticketsReceived(paid, parseTicketCount(product.quantity).left, product.promotion) - paid;
}
