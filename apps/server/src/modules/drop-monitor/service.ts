import type { AppContext } from '../../core/context.ts';
import { runPeriodically } from '../../core/periodic.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import type { LiveService } from '../live/service.ts';
import type { StockService } from '../stock/service.ts';
import { dropMonitor, type RoomStats } from './monitor.ts';
import { createRefusalCounts, type PurchaseRefusals } from './refusals.ts';

export type { RoomStats } from './monitor.ts';

/** How often each instance adds its refusal counts to the shared table. */
const REFUSALS_FLUSH_MS = 1_000;

/**
 * The drop's live figures (docs/rules/drops.md, "Live board" and "Drop monitor"): it gives the live
 * layer the round boards it sends to watching sockets, counts refused purchases for the monitor, and
 * answers the owner's monitor.
 */
export function createDropMonitorService(
  ctx: AppContext,
  deps: { catalogue: CatalogueService; stock: StockService; live: LiveService; roomStats?: RoomStats },
) {
  const refusals = createRefusalCounts(ctx);
  deps.live.serveBoards(async (setId) => {
    const board = await deps.catalogue.roundBoard(setId);
    if (!board) return null;
    const prizes = board.prizes.map(({ id, remaining }) => ({ id, remaining }));
    return { setId, left: board.left, total: board.total, prizes };
  });
  let stopFlushing: (() => Promise<void>) | undefined;

  return {
    /** Given to orders: every refused purchase, by its error code. */
    purchaseRefusals: { record: refusals.record } satisfies PurchaseRefusals,
    /** Adds this instance's refusal counts to the shared table now (the timer does it every second). */
    flushRefusals: refusals.flush,
    startFlushing(): void {
      stopFlushing ??= runPeriodically('drop refusals flush', REFUSALS_FLUSH_MS, refusals.flush, ctx.log);
    },
    /** Stops the timer and writes what is left (before the database closes). */
    async close(): Promise<void> {
      await stopFlushing?.();
      stopFlushing = undefined;
      await refusals.flush().catch((error: unknown) => ctx.log.warn({ err: error }, 'drop refusals not flushed'));
    },
    dropMonitor: (setId: string) => dropMonitor({ ctx, ...deps }, setId),
  };
}
