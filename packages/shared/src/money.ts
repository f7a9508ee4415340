/** Money is integer cents (SGD) everywhere; it is shown as dollars with two decimals. */
export function formatCents(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** A product's `price` is in dollars on the API (docs/rules/catalogue.md); it is stored and summed in cents. */
export const centsToDollars = (cents: number): number => cents / 100;
export const dollarsToCents = (dollars: number): number => Math.round(dollars * 100);

/** Percent off, rounded to a whole number: round((original - price) / original * 100). */
export function percentOff(originalCents: number, priceCents: number): number {
  if (originalCents <= 0) return 0;
  return Math.round(((originalCents - priceCents) / originalCents) * 100);
}
