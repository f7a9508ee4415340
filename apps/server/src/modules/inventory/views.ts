import type { inventoryBatches, inventoryLocks, inventoryMovements } from './tables.ts';

// Row types stay in this module (docs/architecture.md, "Module boundaries"); other modules get the
// plain views below.
export type BatchRow = typeof inventoryBatches.$inferSelect;
export type LockRow = typeof inventoryLocks.$inferSelect;
export type MovementRow = typeof inventoryMovements.$inferSelect;

/** How a prize was won: a drawn ticket, the Last Prize, the lottery or double chance. */
export type InventorySource = 'draw' | 'last' | 'lottery' | 'double';
export type BatchStatus = 'in_inventory' | 'shipping' | 'shipped' | 'collected' | 'forfeited' | 'abandoned' | 'traded';
export type LockKind = 'shipment' | 'collection' | 'trade';
export type MovementKind = 'abandoned' | 'shipped' | 'collected' | 'forfeited' | 'traded';

/** One batch of won units: `removed` have left, `locked` are held by a shipment, collection or trade. */
export interface InventoryBatchView {
  id: string;
  userId: string;
  prizeId: string;
  productId: string;
  roundId: string;
  orderId: string | null;
  quantity: number;
  removed: number;
  locked: number;
  shipByDate: Date | null;
  sku: string;
  source: InventorySource;
  status: BatchStatus;
  createdAt: Date;
}

/** Units of a batch held by a shipment, collection or trade (`refId`). */
export interface InventoryLockView {
  id: string;
  batchId: string;
  userId: string;
  kind: LockKind;
  refId: string;
  quantity: number;
  status: 'active' | 'released' | 'consumed';
  createdAt: Date;
  endedAt: Date | null;
}

/** Units that left a batch: who, what, when and why. */
export interface InventoryMovementView {
  id: string;
  batchId: string;
  userId: string;
  kind: MovementKind;
  quantity: number;
  refId: string | null;
  actorId: string | null;
  createdAt: Date;
}

export function batchView(row: BatchRow): InventoryBatchView {
  const {
    id,
    userId,
    prizeId,
    productId,
    roundId,
    orderId,
    quantity,
    removed,
    locked,
    shipByDate,
    sku,
    source,
    status,
    createdAt,
  } = row;
  return {
    id,
    userId,
    prizeId,
    productId,
    roundId,
    orderId,
    quantity,
    removed,
    locked,
    shipByDate,
    sku,
    source,
    status,
    createdAt,
  };
}

export function lockView(row: LockRow): InventoryLockView {
  const { id, batchId, userId, kind, refId, quantity, status, createdAt, endedAt } = row;
  return { id, batchId, userId, kind, refId, quantity, status, createdAt, endedAt };
}

export function movementView(row: MovementRow): InventoryMovementView {
  const { id, batchId, userId, kind, quantity, refId, actorId, createdAt } = row;
  return { id, batchId, userId, kind, quantity, refId, actorId, createdAt };
}
