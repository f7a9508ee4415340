/** The inventory shapes this feature works with: the contract's, plus the page's own modes. */
export type { InventoryBatch, InventoryItem, InventoryResponse as Inventory, SelectedItem } from '@kujiya/shared';

export type InventoryAction = 'ship' | 'selfCollect' | 'trade' | 'abandon';
export type InventoryStatusFilter = 'All' | 'Instock' | 'Preorder';
