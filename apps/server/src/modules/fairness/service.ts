import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { compareLogOrder, type FairnessReceipt, type FairnessReceiptEntry } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { Executor, Tx } from '../../db/database.ts';
import type { BuyerNameLookup, FairnessDeps } from './deps.ts';
import { exportRound, publicRound } from './round-record.ts';
import { drawSellOut, picksOf, type SellOutDomain, type SellOutPick } from './sell-out.ts';
import { fairnessPicks } from './tables.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import type { StockService } from '../stock/service.ts';

export type { BuyerNameLookup } from './deps.ts';
export type { SellOutDomain, SellOutPick } from './sell-out.ts';

/**
 * A paid order's receipt (docs/rules/fairness.md): its round, its entries in the chained log
 * (tickets, and lottery or double-chance picks it won) in log order, and the head right after the
 * last of them. Null for an order with no chained entries (not drawn yet, or an older round).
 */
async function receiptForOrder(d: FairnessDeps, exec: Executor, orderId: string): Promise<FairnessReceipt | null> {
  const tickets = await d.stock.chainEntriesOfOrder(exec, orderId);
  const picks = await exec
    .select({
      roundId: fairnessPicks.roundId,
      domain: fairnessPicks.domain,
      nonce: fairnessPicks.n,
      hash: fairnessPicks.hash,
    })
    .from(fairnessPicks)
    .where(and(eq(fairnessPicks.orderId, orderId), isNotNull(fairnessPicks.hash)));
  const all = [...tickets.map((t) => ({ ...t, domain: 'ticket' as const })), ...picks];
  const setId = all[0]?.roundId;
  if (!setId || all.some((e) => e.hash === null || e.roundId !== setId)) return null;
  const entries: FairnessReceiptEntry[] = all
    .map((e) => ({ domain: e.domain, nonce: e.nonce, hash: e.hash! }))
    .sort(compareLogOrder);
  return { setId, entries, headHash: entries.at(-1)!.hash };
}

/**
 * The public, verifiable side of the draw (docs/rules/fairness.md): the fairness JSON of a round, and the
 * sell-out picks (lottery, double chance) drawn once and logged.
 */
export function createFairnessService(
  ctx: AppContext,
  deps: { catalogue: CatalogueService; stock: StockService; buyerNames: BuyerNameLookup },
) {
  const d: FairnessDeps = { ctx, ...deps };
  return {
    drawSellOut: (tx: Tx, roundId: string, domain: SellOutDomain) => drawSellOut(d, tx, roundId, domain),
    /** The sell-out picks of a round already drawn, per domain in pick order. */
    async sellOutPicks(roundId: string, domain: SellOutDomain): Promise<SellOutPick[]> {
      const rows = await picksOf(ctx.db, roundId, domain);
      return rows.map((p) => ({ n: p.n, ticketIndex: p.ticketIndex, prize: p.prize, orderId: p.orderId }));
    },
    publicRound: (setId: string) => publicRound(d, setId),
    /** The sell-out picks an order won (lottery and double chance), in draw order. */
    async picksOfOrder(orderId: string): Promise<{ domain: SellOutDomain; n: number; prize: string }[]> {
      return ctx.db
        .select({ domain: fairnessPicks.domain, n: fairnessPicks.n, prize: fairnessPicks.prize })
        .from(fairnessPicks)
        .where(eq(fairnessPicks.orderId, orderId))
        .orderBy(asc(fairnessPicks.domain), asc(fairnessPicks.n));
    },
    /** Runs in the caller's transaction (e.g. the purchase that drew the tickets) or on `ctx.db`. */
    receiptForOrder: (exec: Executor, orderId: string) => receiptForOrder(d, exec, orderId),
    exportRound: (setId: string) => exportRound(d, setId),
  };
}
export type FairnessService = ReturnType<typeof createFairnessService>;
