/** Money is integer cents (SGD) everywhere; it is shown as dollars with two decimals. */
export function formatCents(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** Percent off, rounded to a whole number: round((original - price) / original * 100). */
export function percentOff(originalCents: number, priceCents: number): number {
  if (originalCents <= 0) return 0;
  return Math.round(((originalCents - priceCents) / originalCents) * 100);
}
