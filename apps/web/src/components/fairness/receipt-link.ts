import type { FairnessReceipt } from '@kujiya/shared';

/** The fairness page address that checks this receipt against the round's published log. */
export function receiptVerifyPath(receipt: FairnessReceipt): string {
  return `/fairness/${encodeURIComponent(receipt.setId)}?receipt=${encodeURIComponent(JSON.stringify(receipt))}`;
}

/** "3 draws" / "1 draw" (tickets and any lottery or double-chance picks). */
export const entriesText = (count: number) => `${count} ${count === 1 ? 'draw' : 'draws'}`;
