import { useCallback, useState } from 'react';
import type { InventoryAction, InventoryBatch, InventoryItem, SelectedItem } from '../lib/model';
import { withQuantity } from '../lib/selection';

/** The chosen action and the units selected for it. Choosing an action clears the selection. */
export function useInventorySelection() {
  const [action, setAction] = useState<InventoryAction | null>(null);
  const [selection, setSelection] = useState<SelectedItem[]>([]);

  const chooseAction = useCallback((next: InventoryAction) => {
    setAction(next);
    setSelection([]);
  }, []);

  const setQuantity = useCallback((setName: string, item: InventoryItem, batch: InventoryBatch, quantity: number) => {
    setSelection((current) => withQuantity(current, setName, item, batch, quantity));
  }, []);

  const clear = useCallback(() => setSelection([]), []);

  /** Starts an action with units chosen elsewhere (an order's Self-Collect). */
  const startWith = useCallback((next: InventoryAction, items: SelectedItem[]) => {
    setAction(next);
    setSelection(items.filter((item) => item.quantity > 0));
  }, []);

  return { action, selection, chooseAction, setQuantity, clear, startWith };
}
