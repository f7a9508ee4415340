import Fuse from 'fuse.js';
import { LAST_PRIZE_NAME } from '@kujiya/shared';
import type { Inventory, InventoryBatch, InventoryItem, InventoryStatusFilter, SelectedItem } from './model';

/** Fuzzy match threshold of the inventory search (0 exact, 1 anything). */
export const INVENTORY_SEARCH_THRESHOLD = 0.4;

export interface InventorySetGroup {
  setName: string;
  arrival: string | null;
  items: InventoryItem[];
}

/** Prize cards by name, the Last Prize last. */
export function sortPrizeCards(items: readonly InventoryItem[]): InventoryItem[] {
  const last = (item: InventoryItem) => (item.prizeName === LAST_PRIZE_NAME ? 1 : 0);
  return [...items].sort(
    (a, b) => last(a) - last(b) || a.prizeName.localeCompare(b.prizeName, 'en', { numeric: true }),
  );
}

/** Batches by ship-by date, the soonest first; pre-order ones (no date yet) last. */
export function sortBatchesByShipBy(batches: readonly InventoryBatch[]): InventoryBatch[] {
  const time = (batch: InventoryBatch) => (batch.shipByDate ? new Date(batch.shipByDate).getTime() : Infinity);
  return [...batches].sort((a, b) => time(a) - time(b));
}

/** Only the batches the status filter shows, soonest ship-by first; items left with none drop out. */
function filterBatches(item: InventoryItem, status: InventoryStatusFilter): InventoryItem | null {
  const shown =
    status === 'All'
      ? item.batches
      : item.batches.filter((batch) => (status === 'Instock' ? Boolean(batch.shipByDate) : !batch.shipByDate));
  return shown.length > 0 ? { ...item, batches: sortBatchesByShipBy(shown) } : null;
}

/**
 * The inventory as the page shows it: sets grouped by name (in the answer's order), filtered by
 * status, and by a fuzzy search on the set name, the product name, the prize's name or its description.
 */
export function inventoryGroups(
  inventory: Inventory,
  query: string,
  status: InventoryStatusFilter,
): InventorySetGroup[] {
  let entries = Object.entries(inventory).flatMap(([setName, items]) =>
    items.map((item) => ({
      setName,
      productName: item.product.name,
      prizeName: item.prizeName,
      description: item.description,
      item,
    })),
  );
  const text = query.trim();
  if (text) {
    const keys = ['setName', 'productName', 'prizeName', 'description'];
    const fuse = new Fuse(entries, { keys, threshold: INVENTORY_SEARCH_THRESHOLD, ignoreLocation: true });
    const hits = new Set(fuse.search(text).map((hit) => hit.item));
    entries = entries.filter((entry) => hits.has(entry));
  }
  const groups = new Map<string, InventorySetGroup>();
  for (const { setName, item } of entries) {
    const shown = filterBatches(item, status);
    if (!shown) continue;
    const group = groups.get(setName) ?? { setName, arrival: item.arrival, items: [] };
    group.items.push(shown);
    groups.set(setName, group);
  }
  return [...groups.values()].map((group) => ({ ...group, items: sortPrizeCards(group.items) }));
}

/** Big and Small units in the selection (the shipping fee counts them separately). */
export function prizeTypeCounts(
  inventory: Inventory,
  selection: readonly SelectedItem[],
): { big: number; small: number } {
  const types = new Map(
    Object.values(inventory).flatMap((items) => items.map((item) => [item.id, item.type] as const)),
  );
  let big = 0;
  let small = 0;
  for (const entry of selection) {
    if (types.get(entry.inventoryId ?? '') === 'Big') big += entry.quantity;
    else small += entry.quantity;
  }
  return { big, small };
}
