import { selectableUnits } from '@kujiya/shared';
import type { Inventory, InventoryAction, InventoryBatch, InventoryItem, SelectedItem } from './model';

/** Key of one batch of one inventory item: the unit of a selection. */
export const batchKey = (inventoryId: string, batchId: string) => `${inventoryId}:${batchId}`;

/** Units of the batch a shopper can still act on (units in a trade or awaiting a shipment's payment are locked). */
export function selectableQuantity(batch: InventoryBatch): number {
  return selectableUnits(batch);
}

/** A whole number between 0 and `max` (NaN and negatives become 0). */
export function clampQuantity(value: number, max: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(Math.max(0, Math.trunc(value)), Math.max(0, max));
}

/**
 * The selection with `quantity` units of this batch, clamped between 0 and what the batch holds;
 * reaching 0 removes the entry, and a batch with nothing selectable is never added.
 */
export function withQuantity(
  selection: readonly SelectedItem[],
  setName: string,
  item: InventoryItem,
  batch: InventoryBatch,
  quantity: number,
): SelectedItem[] {
  const clamped = clampQuantity(quantity, selectableQuantity(batch));
  const rest = selection.filter((entry) => !(entry.inventoryId === item.id && entry.batchId === batch.batchId));
  if (clamped === 0) return rest;
  const existing = selection.findIndex((entry) => entry.inventoryId === item.id && entry.batchId === batch.batchId);
  const entry: SelectedItem = {
    inventoryId: item.id,
    batchId: batch.batchId,
    quantity: clamped,
    prizeId: item.prizeId,
    setName,
    productId: item.product._id,
    prizeName: item.prizeName,
  };
  if (existing === -1) return [...rest, entry];
  const next = [...selection];
  next[existing] = entry;
  return next;
}

export function selectedQuantity(selection: readonly SelectedItem[], inventoryId: string, batchId: string): number {
  return selection.find((entry) => entry.inventoryId === inventoryId && entry.batchId === batchId)?.quantity ?? 0;
}

export const totalSelected = (selection: readonly SelectedItem[]) =>
  selection.reduce((sum, entry) => sum + entry.quantity, 0);

/** The button labels of the four actions and the word of the floating "Confirm {action} Items" button. */
export const actionLabels: Record<InventoryAction, { button: string; confirmWord: string }> = {
  ship: { button: 'Ship Items', confirmWord: 'Ship' },
  selfCollect: { button: 'Self-Collect', confirmWord: 'Self-Collect' },
  trade: { button: 'Trade Items', confirmWord: 'Trade' },
  abandon: { button: 'Abandon Items', confirmWord: 'Abandon' },
};

/** Fills the prize and set names of selected units from the inventory where the selection lacks them. */
export function withDisplayNames(selection: readonly SelectedItem[], inventory: Inventory | undefined): SelectedItem[] {
  if (!inventory) return [...selection];
  const byBatch = new Map<string, { setName: string; item: InventoryItem }>();
  for (const [setName, items] of Object.entries(inventory)) {
    for (const item of items) for (const batch of item.batches) byBatch.set(batch.batchId, { setName, item });
  }
  return selection.map((entry) => {
    const found = byBatch.get(entry.batchId);
    if (!found) return entry;
    return {
      ...entry,
      inventoryId: entry.inventoryId || found.item.id,
      prizeId: entry.prizeId || found.item.prizeId,
      productId: entry.productId || found.item.product._id,
      prizeName: entry.prizeName || found.item.prizeName,
      setName: entry.setName || found.setName,
    };
  });
}
