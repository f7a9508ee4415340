/** The SKU of the next round (Reload Set, docs/rules/catalogue.md): numeric suffix + 1, width kept. */
export function nextSku(sku: string): string {
  const match = /^(.*?)(\d+)$/.exec(sku);
  if (!match) return `${sku}-2`;
  const [, head, digits] = match as unknown as [string, string, string];
  const next = String(Number(digits) + 1).padStart(digits.length, '0');
  return `${head}${next}`;
}
