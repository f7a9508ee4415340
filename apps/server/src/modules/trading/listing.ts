import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { TRADE_MESSAGES as M, type CreateOfferRequest, type CreateTradeRequest } from '@kujiya/shared';
import type { Principal } from '../../core/auth.ts';
import type { AppContext } from '../../core/context.ts';
import type { Tx } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { badRequest, conflict, forbidden } from '../../core/http-errors.ts';
import type { AccountsService } from '../accounts/service.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import type { InventoryService, TakenUnits, UnitRequest } from '../inventory/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import { tradeItems, tradeOffers, trades } from './tables.ts';
import type { TradeRows } from './trade-rows.ts';

interface ListingDeps {
  rows: TradeRows;
  inventory: InventoryService;
  catalogue: CatalogueService;
  accounts: AccountsService;
  notifications: NotificationsService;
}

const units = (items: { batchId: string; quantity: number }[]): UnitRequest[] =>
  items.map((i) => ({ batchId: i.batchId, quantity: i.quantity }));

/** Posting a trade and offering on one (docs/rules/trading.md): the given units are locked ("In Trade"). */
export class Listing {
  private readonly ctx: AppContext;
  private readonly rows: ListingDeps['rows'];
  private readonly inventory: ListingDeps['inventory'];
  private readonly catalogue: ListingDeps['catalogue'];
  private readonly accounts: ListingDeps['accounts'];
  private readonly notifications: ListingDeps['notifications'];

  constructor(ctx: AppContext, deps: ListingDeps) {
    this.ctx = ctx;
    this.rows = deps.rows;
    this.inventory = deps.inventory;
    this.catalogue = deps.catalogue;
    this.accounts = deps.accounts;
    this.notifications = deps.notifications;
  }

  /** Records the units an inventory lock took, with their ship-by date at that moment. */
  private async recordGiven(tx: Tx, tradeId: string, offerId: string | null, taken: TakenUnits[]) {
    const productOf = new Map(
      (
        await this.inventory.batchesByIds(
          tx,
          taken.map((t) => t.batchId),
        )
      ).map((b) => [b.id, b.productId]),
    );
    await tx.insert(tradeItems).values(
      taken.map((t) => ({
        id: crypto.randomUUID(),
        tradeId,
        offerId,
        side: offerId ? ('offer' as const) : ('offered' as const),
        batchId: t.batchId,
        prizeId: t.prizeId,
        productId: productOf.get(t.batchId)!,
        quantity: t.quantity,
        shipByDate: t.shipByDate,
      })),
    );
  }

  /** The wanted prizes, each checked against its set and summed per prize. */
  private async wantedOf(input: CreateTradeRequest) {
    const wantedPrizes = new Map(
      (await this.catalogue.prizesByIds(this.ctx.db, [...new Set(input.prizesWanted.map((w) => w.prizeId))])).map(
        (p) => [p.id, p],
      ),
    );
    const wanted = new Map<string, { productId: string; prizeId: string; quantity: number }>();
    for (const w of input.prizesWanted) {
      const prize = wantedPrizes.get(w.prizeId);
      if (!prize || prize.productId !== w.productId) throw badRequest(M.prizeNotFound);
      const entry = wanted.get(w.prizeId) ?? { productId: w.productId, prizeId: w.prizeId, quantity: 0 };
      entry.quantity += w.quantity;
      wanted.set(w.prizeId, entry);
    }
    return [...wanted.values()];
  }

  /** POST /api/trade/create: locks the offered units ("In Trade") and lists the wanted prizes. */
  create = async (principal: Principal, input: CreateTradeRequest): Promise<{ tradeId: string }> => {
    await this.accounts.requireSelf(principal, input.username);
    const wanted = await this.wantedOf(input);
    return this.rows.transaction(async (tx) => {
      const tradeId = crypto.randomUUID();
      const now = this.ctx.clock.now();
      await tx.insert(trades).values({ id: tradeId, userId: principal.id, status: 'active', createdAt: now });
      const taken = await this.inventory.lockUnits(tx, principal.id, units(input.prizesOffered), 'trade', tradeId);
      await this.recordGiven(tx, tradeId, null, taken);
      await tx.insert(tradeItems).values(
        wanted.map((w) => ({
          id: crypto.randomUUID(),
          tradeId,
          offerId: null,
          side: 'wanted' as const,
          batchId: null,
          prizeId: w.prizeId,
          productId: w.productId,
          quantity: w.quantity,
          shipByDate: null,
        })),
      );
      return { tradeId };
    });
  };

  /** POST /api/trade/offer/{tradeId}: one live offer per shopper per trade, never on one's own. */
  offer = async (principal: Principal, tradeId: string, input: CreateOfferRequest): Promise<{ offerId: string }> => {
    try {
      return await this.rows.transaction(async (tx) => {
        const trade = await this.rows.lockTrade(tx, tradeId);
        if (trade.status !== 'active') throw conflict(M.notActive);
        if (trade.userId === principal.id) throw forbidden(M.ownTrade);
        const [existing] = await tx
          .select()
          .from(tradeOffers)
          .where(
            and(
              eq(tradeOffers.tradeId, tradeId),
              eq(tradeOffers.userId, principal.id),
              eq(tradeOffers.status, 'active'),
            ),
          );
        if (existing) throw forbidden(M.alreadyOffered);
        const offerId = crypto.randomUUID();
        await tx
          .insert(tradeOffers)
          .values({ id: offerId, tradeId, userId: principal.id, status: 'active', createdAt: this.ctx.clock.now() });
        const taken = await this.inventory.lockUnits(tx, principal.id, units(input.offeredItems), 'trade', offerId);
        await this.recordGiven(tx, tradeId, offerId, taken);
        const from = await this.rows.usernameOf(tx, principal.id);
        await this.notifications.notify(tx, [trade.userId], `${from} made an offer on your trade.`, {
          kind: 'tradeOffer',
          url: '/manage-trades',
        });
        return { offerId };
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw forbidden(M.alreadyOffered);
      throw err;
    }
  };
}
