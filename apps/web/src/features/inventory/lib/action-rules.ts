import { COLLECT_PREORDER_MESSAGE, SHIP_PREORDER_MESSAGE, TRADE_CUTOFF_MESSAGE, isTradable } from '@kujiya/shared';
import type { InventoryAction, InventoryBatch } from './model';

/**
 * Why this batch cannot take part in the action, or null when it can: pre-order units cannot be
 * shipped or collected (not in the warehouse yet); in-stock units due before Singapore midnight two
 * days ahead cannot be traded (the shared rule; see docs/rules/fulfilment.md).
 */
export function batchBlockReason(action: InventoryAction | null, batch: InventoryBatch, now: Date): string | null {
  const preorder = !batch.shipByDate;
  if (action === 'ship' && preorder) return SHIP_PREORDER_MESSAGE;
  if (action === 'selfCollect' && preorder) return COLLECT_PREORDER_MESSAGE;
  if (action === 'trade' && !isTradable(batch.shipByDate, now)) return TRADE_CUTOFF_MESSAGE;
  return null;
}
