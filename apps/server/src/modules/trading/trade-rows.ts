import { and, eq } from 'drizzle-orm';
import { TRADE_MESSAGES as M } from '@kujiya/shared';
import type { Principal } from '../../core/auth.ts';
import type { AppContext } from '../../core/context.ts';
import type { Executor, Tx } from '../../db/database.ts';
import { withTxRetry } from '../../db/errors.ts';
import { conflict, forbidden, notFound } from '../../core/http-errors.ts';
import type { AccountsService } from '../accounts/service.ts';
import type { InventoryService } from '../inventory/service.ts';
import type { tradeItems } from './tables.ts';
import { tradeOffers, trades } from './tables.ts';

export type TradeRow = typeof trades.$inferSelect;
export type OfferRow = typeof tradeOffers.$inferSelect;
export type ItemRow = typeof tradeItems.$inferSelect;

export interface TradingDeps {
  inventory: InventoryService;
  accounts: AccountsService;
}

/**
 * The row locks every trading change shares (docs/rules/trading.md). Lock order: the trade, then its
 * offers by id, then the inventory's locks and batches (docs/architecture.md, "Database errors and lock order").
 */
export function createTradeRows(ctx: AppContext, deps: TradingDeps) {
  const { inventory, accounts } = deps;

  async function lockTrade(tx: Tx, tradeId: string): Promise<TradeRow> {
    const [row] = await tx.select().from(trades).where(eq(trades.id, tradeId)).for('update');
    if (!row) throw notFound(M.tradeNotFound);
    return row;
  }

  return {
    /** Runs a transaction, retrying a deadlock between settlements touching the same batches. */
    transaction: <T>(work: (tx: Tx) => Promise<T>): Promise<T> => withTxRetry(ctx.db, work),

    lockTrade,

    async lockOffer(tx: Tx, trade: TradeRow, offerId: string): Promise<OfferRow> {
      const [row] = await tx.select().from(tradeOffers).where(eq(tradeOffers.id, offerId)).for('update');
      if (!row || row.tradeId !== trade.id) throw notFound(M.offerNotFound);
      return row;
    },

    async ownedActiveTrade(tx: Tx, principal: Principal, tradeId: string): Promise<TradeRow> {
      const trade = await lockTrade(tx, tradeId);
      if (trade.userId !== principal.id) throw forbidden(M.ownerOnly);
      if (trade.status !== 'active') throw conflict(M.notActive);
      return trade;
    },

    /** The trade's live offers, locked in id order. */
    async liveOffersOf(tx: Tx, tradeId: string): Promise<OfferRow[]> {
      return tx
        .select()
        .from(tradeOffers)
        .where(and(eq(tradeOffers.tradeId, tradeId), eq(tradeOffers.status, 'active')))
        .orderBy(tradeOffers.id)
        .for('update');
    },

    /** Ends offers (status `status`), unlocks their units and returns them. */
    async endOffers(tx: Tx, offers: OfferRow[], status: OfferRow['status']): Promise<void> {
      const now = ctx.clock.now();
      for (const offer of offers) {
        await tx.update(tradeOffers).set({ status, endedAt: now }).where(eq(tradeOffers.id, offer.id));
        await inventory.releaseLocks(tx, 'trade', offer.id);
      }
    },

    async usernameOf(exec: Executor, userId: string): Promise<string> {
      return (await accounts.getAccounts(exec, [userId])).get(userId)?.username ?? 'a shopper';
    },
  };
}
export type TradeRows = ReturnType<typeof createTradeRows>;
