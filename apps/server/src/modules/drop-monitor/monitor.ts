import { DROP_MONITOR_SALES_WINDOW_SECONDS, type DropMonitor } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import { notFound } from '../../core/http-errors.ts';
import { PRODUCT_NOT_FOUND, type CatalogueService } from '../catalogue/service.ts';

import type { StockService } from '../stock/service.ts';
import { refusalsOf } from './refusals.ts';

/** The waiting room's figures of a set, or null when it has none (the room module provides it). */
export type RoomStats = (setId: string) => Promise<{ waiting: number; admitted: number } | null>;

export interface MonitorDeps {
  ctx: AppContext;
  catalogue: CatalogueService;
  stock: StockService;
  roomStats?: RoomStats;
}

/** GET /api/admin/drops/{setId}: the round's drop figures now (docs/rules/drops.md, "Drop monitor"). */
export async function dropMonitor(d: MonitorDeps, setId: string): Promise<DropMonitor> {
  const board = await d.catalogue.roundBoard(setId);
  if (!board) throw notFound(PRODUCT_NOT_FOUND);
  const now = d.ctx.clock.now();
  const since = new Date(now.getTime() - DROP_MONITOR_SALES_WINDOW_SECONDS * 1000);
  const [round, sold, refusals, room] = await Promise.all([
    d.catalogue.findRound(d.ctx.db, setId),
    d.stock.ticketsTakenSince(d.ctx.db, setId, since),
    refusalsOf(d.ctx.db, setId),
    d.roomStats ? d.roomStats(setId) : Promise.resolve(null),
  ]);
  return {
    setId,
    productId: board.productId,
    productName: board.productName,
    status: board.status,
    salesStartAt: round?.salesStartAt?.toISOString() ?? null,
    room,
    salesPerSecond: sold / DROP_MONITOR_SALES_WINDOW_SECONDS,
    left: board.left,
    total: board.total,
    prizes: board.prizes,
    refusals,
    at: now.toISOString(),
  };
}
