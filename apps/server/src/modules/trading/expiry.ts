import { and, eq, inArray } from 'drizzle-orm';
import { TRADE_CUTOFF_DAYS, addDays, singaporeDate, singaporeInstant } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { Tx } from '../../db/database.ts';
import type { InventoryService } from '../inventory/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import { tradeOffers, trades } from './tables.ts';
import type { TradeRows } from './trade-rows.ts';

const BACK = 'Your items are back in your inventory.';

/** Units due at or before this instant can no longer be traded (the inventory's cut-off rule). */
function tradeCutoff(now: Date): Date {
  return singaporeInstant(addDays(singaporeDate(now), TRADE_CUTOFF_DAYS + 1));
}

/**
 * The expiry job (docs/rules/trading.md): a live trade or offer holding a unit now due within a day is
 * ended ('expired'), its units unlocked and both sides notified. Rows are claimed with SKIP LOCKED, so
 * on several instances each is ended exactly once.
 */
export class TradeExpiry {
  private readonly ctx: AppContext;
  private readonly rows: TradeRows;
  private readonly inventory: InventoryService;
  private readonly notifications: NotificationsService;

  constructor(
    ctx: AppContext,
    deps: { rows: TradeRows; inventory: InventoryService; notifications: NotificationsService },
  ) {
    this.ctx = ctx;
    this.rows = deps.rows;
    this.inventory = deps.inventory;
    this.notifications = deps.notifications;
  }

  /** Due trades: each with its live offers; returns the trades and offers ended. */
  private async expireTrades(tx: Tx, refs: string[]) {
    const dueTrades = await tx
      .select()
      .from(trades)
      .where(and(inArray(trades.id, refs), eq(trades.status, 'active')))
      .orderBy(trades.id)
      .for('update', { skipLocked: true });
    let offersEnded = 0;
    const now = this.ctx.clock.now();
    for (const trade of dueTrades) {
      const offers = await tx
        .select()
        .from(tradeOffers)
        .where(and(eq(tradeOffers.tradeId, trade.id), eq(tradeOffers.status, 'active')))
        .for('update');
      await tx.update(trades).set({ status: 'expired', endedAt: now }).where(eq(trades.id, trade.id));
      await this.inventory.releaseLocks(tx, 'trade', trade.id);
      await this.rows.endOffers(tx, offers, 'expired');
      offersEnded += offers.length;
      await this.notifications.notify(
        tx,
        [trade.userId],
        `Your trade was cancelled because its items are due to ship within 1 day. ${BACK}`,
      );
      await this.notifications.notify(
        tx,
        offers.map((o) => o.userId),
        `A trade you made an offer on was cancelled because its items are due to ship within 1 day. ${BACK}`,
      );
    }
    return { trades: dueTrades.length, offers: offersEnded };
  }

  /** Offers whose own units are due; their trade row is claimed first so accept cannot run meanwhile. */
  private async expireOffers(tx: Tx, refs: string[]): Promise<number> {
    let ended = 0;
    const dueOffers = await tx
      .select()
      .from(tradeOffers)
      .where(and(inArray(tradeOffers.id, refs), eq(tradeOffers.status, 'active')));
    for (const candidate of dueOffers) {
      const [trade] = await tx
        .select()
        .from(trades)
        .where(eq(trades.id, candidate.tradeId))
        .for('update', { skipLocked: true });
      if (!trade) continue;
      const [offer] = await tx
        .select()
        .from(tradeOffers)
        .where(and(eq(tradeOffers.id, candidate.id), eq(tradeOffers.status, 'active')))
        .for('update');
      if (!offer) continue;
      await this.rows.endOffers(tx, [offer], 'expired');
      ended += 1;
      await this.notifications.notify(
        tx,
        [offer.userId],
        `Your trade offer was cancelled because its items are due to ship within 1 day. ${BACK}`,
      );
      await this.notifications.notify(
        tx,
        [trade.userId],
        'An offer on your trade was cancelled because its items are due to ship within 1 day.',
      );
    }
    return ended;
  }

  expireDue = async (): Promise<{ trades: number; offers: number }> => {
    const refs = await this.inventory.tradeRefsDueBy(tradeCutoff(this.ctx.clock.now()));
    if (refs.length === 0) return { trades: 0, offers: 0 };
    return this.rows.transaction(async (tx) => {
      const ended = await this.expireTrades(tx, refs);
      return { trades: ended.trades, offers: ended.offers + (await this.expireOffers(tx, refs)) };
    });
  };
}
