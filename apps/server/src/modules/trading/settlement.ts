import { and, eq } from 'drizzle-orm';
import { TRADE_MESSAGES as M } from '@kujiya/shared';
import type { Principal } from '../../core/auth.ts';
import type { AppContext } from '../../core/context.ts';
import type { Tx } from '../../db/database.ts';
import { conflict, notFound } from '../../core/http-errors.ts';
import type { InventoryService } from '../inventory/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import { tradeOffers, trades } from './tables.ts';
import type { TradeRow, TradeRows } from './trade-rows.ts';

interface SettlementDeps {
  rows: TradeRows;
  inventory: InventoryService;
  notifications: NotificationsService;
}

/**
 * How a trade or offer ends (docs/rules/trading.md): accepted, rejected, withdrawn or cancelled, each in
 * one transaction that locks the trade row first, then its offers, then the units.
 */
export class Settlement {
  private readonly ctx: AppContext;
  private readonly rows: SettlementDeps['rows'];
  private readonly inventory: SettlementDeps['inventory'];
  private readonly notifications: SettlementDeps['notifications'];

  constructor(ctx: AppContext, deps: SettlementDeps) {
    this.ctx = ctx;
    this.rows = deps.rows;
    this.inventory = deps.inventory;
    this.notifications = deps.notifications;
  }

  /** Cancels a locked live trade: its units and every live offer's return; returns the offerers. */
  private async cancelTrade(tx: Tx, trade: TradeRow): Promise<string[]> {
    const offers = await this.rows.liveOffersOf(tx, trade.id);
    await tx.update(trades).set({ status: 'cancelled', endedAt: this.ctx.clock.now() }).where(eq(trades.id, trade.id));
    await this.inventory.releaseLocks(tx, 'trade', trade.id);
    await this.rows.endOffers(tx, offers, 'cancelled');
    return offers.map((o) => o.userId);
  }

  /** DELETE /api/trade/{tradeId}/withdraw-offer/{offerId}: only the offerer; the units return. */
  withdraw = async (principal: Principal, tradeId: string, offerId: string): Promise<void> => {
    await this.rows.transaction(async (tx) => {
      const trade = await this.rows.lockTrade(tx, tradeId);
      const offer = await this.rows.lockOffer(tx, trade, offerId);
      if (offer.userId !== principal.id) throw notFound(M.offerNotFound);
      if (offer.status !== 'active') throw conflict(M.offerNotActive);
      await this.rows.endOffers(tx, [offer], 'withdrawn');
    });
  };

  /**
   * POST /api/trade/{tradeId}/accept-offer/{offerId}: one transaction. The owner's units go to the
   * offerer and the offer's units to the owner, every other offer is rejected and unlocked, and the
   * trade completes. If a side no longer holds its units, nothing moves.
   */
  accept = async (principal: Principal, tradeId: string, offerId: string): Promise<void> => {
    await this.rows.transaction(async (tx) => {
      const trade = await this.rows.ownedActiveTrade(tx, principal, tradeId);
      const offer = await this.rows.lockOffer(tx, trade, offerId);
      if (offer.status !== 'active') throw conflict(M.offerNotActive);
      const others = (await this.rows.liveOffersOf(tx, tradeId)).filter((o) => o.id !== offer.id);
      await this.inventory.transferLockedUnits(
        tx,
        [
          { refId: trade.id, toUserId: offer.userId },
          { refId: offer.id, toUserId: trade.userId },
        ],
        principal.id,
        M.unitsGone,
      );
      const now = this.ctx.clock.now();
      await tx.update(tradeOffers).set({ status: 'accepted', endedAt: now }).where(eq(tradeOffers.id, offer.id));
      await tx
        .update(trades)
        .set({ status: 'completed', endedAt: now, acceptedOfferId: offer.id, partnerId: offer.userId })
        .where(eq(trades.id, trade.id));
      await this.rows.endOffers(tx, others, 'rejected');
      const owner = await this.rows.usernameOf(tx, trade.userId);
      const message = `${owner} accepted your trade offer. The prizes are now in your inventory.`;
      await this.notifications.notify(tx, [offer.userId], message, {
        email: { subject: 'Your trade offer was accepted' },
        kind: 'tradeOffer',
        url: '/inventory',
      });
      // The owner's side of the completed trade: a transactional mail too.
      const partner = await this.rows.usernameOf(tx, offer.userId);
      await this.notifications.notify(
        tx,
        [trade.userId],
        `You accepted ${partner}'s offer: the trade is complete. The offered prizes are now in your inventory.`,
        { email: { subject: 'Your trade is complete' }, kind: 'tradeCompleted', url: '/trade-history' },
      );
      await this.notifications.notify(
        tx,
        others.map((o) => o.userId),
        `${owner} accepted another offer, so your trade offer was rejected. Your items are back in your inventory.`,
        { kind: 'tradeOffer', url: '/inventory' },
      );
    });
  };

  /** DELETE /api/trade/{tradeId}/reject-offer/{offerId}: the owner rejects; the offer's units return. */
  reject = async (principal: Principal, tradeId: string, offerId: string): Promise<void> => {
    await this.rows.transaction(async (tx) => {
      const trade = await this.rows.ownedActiveTrade(tx, principal, tradeId);
      const offer = await this.rows.lockOffer(tx, trade, offerId);
      if (offer.status !== 'active') throw conflict(M.offerNotActive);
      await this.rows.endOffers(tx, [offer], 'rejected');
      const owner = await this.rows.usernameOf(tx, trade.userId);
      await this.notifications.notify(
        tx,
        [offer.userId],
        `${owner} rejected your trade offer. Your items are back in your inventory.`,
        { kind: 'tradeOffer', url: '/inventory' },
      );
    });
  };

  /** DELETE /api/trade/cancel-trade/{tradeId}: the owner cancels; every unit of it and its offers returns. */
  cancel = async (principal: Principal, tradeId: string): Promise<void> => {
    await this.rows.transaction(async (tx) => {
      const trade = await this.rows.ownedActiveTrade(tx, principal, tradeId);
      const offerers = await this.cancelTrade(tx, trade);
      const owner = await this.rows.usernameOf(tx, trade.userId);
      await this.notifications.notify(
        tx,
        offerers,
        `${owner} cancelled a trade you made an offer on. Your items are back in your inventory.`,
      );
    });
  };

  /**
   * A disabled account (docs/rules/shop-ops.md), inside the caller's transaction: the shopper's open
   * trades are cancelled and their open offers withdrawn, every locked unit returns to its owner.
   */
  endAllOf = async (tx: Tx, userId: string): Promise<{ trades: number; offers: number }> => {
    const open = await tx
      .select()
      .from(trades)
      .where(and(eq(trades.userId, userId), eq(trades.status, 'active')))
      .orderBy(trades.id)
      .for('update');
    for (const trade of open) {
      const offerers = await this.cancelTrade(tx, trade);
      await this.notifications.notify(
        tx,
        offerers,
        `A trade you made an offer on was cancelled. Your items are back in your inventory.`,
      );
    }
    const mine = await tx
      .select()
      .from(tradeOffers)
      .where(and(eq(tradeOffers.userId, userId), eq(tradeOffers.status, 'active')))
      .orderBy(tradeOffers.id)
      .for('update');
    await this.rows.endOffers(tx, mine, 'withdrawn');
    return { trades: open.length, offers: mine.length };
  };
}
