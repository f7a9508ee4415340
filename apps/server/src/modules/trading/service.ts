import crypto from 'node:crypto';
import { and, desc, eq, inArray, ne, or } from 'drizzle-orm';
import {
  TRADE_CUTOFF_DAYS,
  TRADE_MESSAGES as M,
  addDays,
  singaporeDate,
  singaporeInstant,
  type CreateOfferRequest,
  type CreateTradeRequest,
  type Offer,
  type OfferedPrize,
  type ProductImagesResponse,
  type ProductsWithPrizesResponse,
  type Trade,
  type WantedPrize,
} from '@kujiya/shared';
import type { Principal } from '../../core/auth.ts';
import type { AppContext } from '../../core/context.ts';
import type { Executor, Tx } from '../../db/database.ts';
import { isUniqueViolation, withTxRetry } from '../../db/errors.ts';
import { badRequest, conflict, forbidden, notFound } from '../../core/http-errors.ts';
import { runPeriodically } from '../../core/periodic.ts';
import type { AccountsService } from '../accounts/service.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import type { InventoryService, UnitRequest } from '../inventory/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import { tradeItems, tradeOffers, trades } from './tables.ts';

type TradeRow = typeof trades.$inferSelect;
type OfferRow = typeof tradeOffers.$inferSelect;
type ItemRow = typeof tradeItems.$inferSelect;

/** Units due at or before this instant can no longer be traded (the inventory's cut-off rule). */
export function tradeCutoff(now: Date): Date {
  return singaporeInstant(addDays(singaporeDate(now), TRADE_CUTOFF_DAYS + 1));
}

/**
 * Trading (docs/rules/trading.md). Every change runs in one transaction that locks the trade row
 * first (then its offer), so accept, cancel, withdraw, reject and the expiry job are serialised per
 * trade; units move only through the inventory service's locks, so a unit is in one place at a time.
 */
export function createTradingService(
  ctx: AppContext,
  deps: { inventory: InventoryService; catalogue: CatalogueService; accounts: AccountsService; notifications: NotificationsService },
) {
  const { inventory, catalogue, accounts, notifications } = deps;

  /** Runs a transaction, retrying a deadlock between settlements touching the same batches. */
  const transaction = <T>(work: (tx: Tx) => Promise<T>): Promise<T> => withTxRetry(ctx.db, work);

  const units = (items: { batchId: string; quantity: number }[]): UnitRequest[] => items.map((i) => ({ batchId: i.batchId, quantity: i.quantity }));

  async function lockTrade(tx: Tx, tradeId: string): Promise<TradeRow> {
    const [row] = await tx.select().from(trades).where(eq(trades.id, tradeId)).for('update');
    if (!row) throw notFound(M.tradeNotFound);
    return row;
  }

  async function lockOffer(tx: Tx, trade: TradeRow, offerId: string): Promise<OfferRow> {
    const [row] = await tx.select().from(tradeOffers).where(eq(tradeOffers.id, offerId)).for('update');
    if (!row || row.tradeId !== trade.id) throw notFound(M.offerNotFound);
    return row;
  }

  async function ownedActiveTrade(tx: Tx, principal: Principal, tradeId: string): Promise<TradeRow> {
    const trade = await lockTrade(tx, tradeId);
    if (trade.userId !== principal.id) throw forbidden(M.ownerOnly);
    if (trade.status !== 'active') throw conflict(M.notActive);
    return trade;
  }

  /** Records the units an inventory lock took, with their ship-by date at that moment. */
  async function recordGiven(tx: Tx, tradeId: string, offerId: string | null, taken: Awaited<ReturnType<InventoryService['lockUnits']>>, productOf: Map<string, string>) {
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

  async function productOfBatches(exec: Executor, batchIds: string[]) {
    return new Map((await inventory.batchesByIds(batchIds, exec)).map((b) => [b.id, b.productId]));
  }

  /** Ends offers (status `status`), unlocks their units and returns them. */
  async function endOffers(tx: Tx, offers: OfferRow[], status: OfferRow['status']) {
    const now = ctx.clock.now();
    for (const offer of offers) {
      await tx.update(tradeOffers).set({ status, endedAt: now }).where(eq(tradeOffers.id, offer.id));
      await inventory.releaseLocks(tx, 'trade', offer.id);
    }
  }

  async function liveOffersOf(tx: Tx, tradeId: string): Promise<OfferRow[]> {
    return tx
      .select()
      .from(tradeOffers)
      .where(and(eq(tradeOffers.tradeId, tradeId), eq(tradeOffers.status, 'active')))
      .orderBy(tradeOffers.id)
      .for('update');
  }

  // ---------- Views ----------

  async function details(exec: Executor, items: ItemRow[]) {
    const prizes = new Map((await catalogue.prizesByIds(exec, [...new Set(items.map((i) => i.prizeId))])).map((p) => [p.id, p]));
    const products = new Map<string, { name: string; arrival: string | null }>();
    for (const productId of new Set(items.map((i) => i.productId))) {
      const product = await catalogue.getProduct(exec, productId);
      products.set(productId, { name: product.name, arrival: product.preorder ? product.arrival : null });
    }
    const batchIds = items.map((i) => i.batchId).filter((id): id is string => id !== null);
    const batches = new Map((await inventory.batchesByIds(batchIds, exec)).map((b) => [b.id, b]));
    const prizeDetails = (prizeId: string) => {
      const p = prizes.get(prizeId);
      return { name: p?.name ?? 'Prize', description: p?.description ?? '', image: p?.image ?? '' };
    };
    const given = (i: ItemRow): OfferedPrize => {
      // A live batch shows its current ship-by date (a pre-order may have been converted since).
      const batch = i.batchId ? batches.get(i.batchId) : undefined;
      const shipBy = batch && batch.status === 'in_inventory' ? batch.shipByDate : i.shipByDate;
      const product = products.get(i.productId)!;
      return {
        prizeId: i.prizeId,
        productId: i.productId,
        prizeDetails: prizeDetails(i.prizeId),
        quantity: i.quantity,
        shipByDate: shipBy ? shipBy.toISOString() : null,
        estimatedArrival: shipBy ? null : product.arrival,
        setName: product.name,
      };
    };
    const wanted = (i: ItemRow): WantedPrize => ({
      prizeId: i.prizeId,
      productId: i.productId,
      prizeDetails: prizeDetails(i.prizeId),
      quantity: i.quantity,
      productDetails: { name: products.get(i.productId)!.name },
    });
    return { given, wanted };
  }

  async function offerViews(exec: Executor, offers: OfferRow[]): Promise<Offer[]> {
    if (offers.length === 0) return [];
    const items = await exec.select().from(tradeItems).where(inArray(tradeItems.offerId, offers.map((o) => o.id)));
    const { given } = await details(exec, items);
    const users = await accounts.getAccounts(exec, offers.map((o) => o.userId));
    return offers.map((o) => {
      const user = users.get(o.userId);
      return {
        _id: o.id,
        tradeId: o.tradeId,
        fromUser: { username: user?.username ?? 'unknown', profilePicture: user?.profilePicture ?? null },
        offeredPrizes: items
          .filter((i) => i.offerId === o.id)
          .map((i) => {
            const g = given(i);
            return { ...g, prizeId: { _id: i.prizeId, ...g.prizeDetails } };
          }),
        status: o.status,
        createdAt: o.createdAt.toISOString(),
      };
    });
  }

  /** Trades as `viewerId` sees them: their own live offer, and in the history their side of the swap. */
  async function tradeViews(exec: Executor, rows: TradeRow[], viewerId: string): Promise<Trade[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const items = await exec.select().from(tradeItems).where(inArray(tradeItems.tradeId, ids));
    const offers = await exec
      .select()
      .from(tradeOffers)
      .where(and(inArray(tradeOffers.tradeId, ids), or(eq(tradeOffers.status, 'active'), eq(tradeOffers.status, 'accepted'))));
    const { given, wanted } = await details(exec, items);
    const users = await accounts.getAccounts(exec, [...rows.map((r) => r.userId), ...rows.map((r) => r.partnerId).filter((x): x is string => x !== null)]);
    const mine = offers.filter((o) => o.userId === viewerId && o.status === 'active');
    const myOffers = new Map((await offerViews(exec, mine)).map((o) => [o.tradeId, o]));
    return rows.map((trade) => {
      const creator = users.get(trade.userId);
      const of = (side: ItemRow['side'], offerId: string | null = null) =>
        items.filter((i) => i.tradeId === trade.id && i.side === side && (offerId === null || i.offerId === offerId));
      let offered = of('offered').map(given);
      let received: OfferedPrize[] = [];
      let partnerUsername: string | null = null;
      if (trade.status === 'completed' && trade.acceptedOfferId) {
        const fromOffer = of('offer', trade.acceptedOfferId).map(given);
        if (trade.userId === viewerId) {
          received = fromOffer;
          partnerUsername = users.get(trade.partnerId!)?.username ?? null;
        } else {
          received = offered;
          offered = fromOffer;
          partnerUsername = creator?.username ?? null;
        }
      }
      return {
        _id: trade.id,
        createdBy: { username: creator?.username ?? 'unknown', profilePicture: creator?.profilePicture ?? null },
        createdAt: trade.createdAt.toISOString(),
        prizesOffered: offered,
        prizesWanted: of('wanted').map(wanted),
        userOffer: myOffers.get(trade.id) ?? null,
        offerCount: offers.filter((o) => o.tradeId === trade.id && o.status === 'active').length,
        completedAt: trade.status === 'completed' && trade.endedAt ? trade.endedAt.toISOString() : null,
        status: trade.status,
        prizesReceived: received,
        partnerUsername,
      };
    });
  }

  const usernameOf = async (exec: Executor, userId: string) => (await accounts.getAccounts(exec, [userId])).get(userId)?.username ?? 'a shopper';

  const service = {
    tradeCutoff,

    /** POST /api/trade/create: locks the offered units ("In Trade") and lists the wanted prizes. */
    async create(principal: Principal, input: CreateTradeRequest): Promise<{ tradeId: string }> {
      await accounts.requireSelf(principal, input.username);
      const wantedPrizes = new Map((await catalogue.prizesByIds(ctx.db, [...new Set(input.prizesWanted.map((w) => w.prizeId))])).map((p) => [p.id, p]));
      const wanted = new Map<string, { productId: string; prizeId: string; quantity: number }>();
      for (const w of input.prizesWanted) {
        const prize = wantedPrizes.get(w.prizeId);
        if (!prize || prize.productId !== w.productId) throw badRequest(M.prizeNotFound);
        const entry = wanted.get(w.prizeId) ?? { productId: w.productId, prizeId: w.prizeId, quantity: 0 };
        entry.quantity += w.quantity;
        wanted.set(w.prizeId, entry);
      }
      return transaction(async (tx) => {
        const tradeId = crypto.randomUUID();
        const now = ctx.clock.now();
        await tx.insert(trades).values({ id: tradeId, userId: principal.id, status: 'active', createdAt: now });
        const taken = await inventory.lockUnits(tx, principal.id, units(input.prizesOffered), 'trade', tradeId);
        await recordGiven(tx, tradeId, null, taken, await productOfBatches(tx, taken.map((t) => t.batchId)));
        await tx.insert(tradeItems).values(
          [...wanted.values()].map((w) => ({ id: crypto.randomUUID(), tradeId, offerId: null, side: 'wanted' as const, batchId: null, prizeId: w.prizeId, productId: w.productId, quantity: w.quantity, shipByDate: null })),
        );
        return { tradeId };
      });
    },

    /** POST /api/trade/offer/{tradeId}: one live offer per shopper per trade, never on one's own. */
    async offer(principal: Principal, tradeId: string, input: CreateOfferRequest): Promise<{ offerId: string }> {
      try {
        return await transaction(async (tx) => {
          const trade = await lockTrade(tx, tradeId);
          if (trade.status !== 'active') throw conflict(M.notActive);
          if (trade.userId === principal.id) throw forbidden(M.ownTrade);
          const [existing] = await tx
            .select()
            .from(tradeOffers)
            .where(and(eq(tradeOffers.tradeId, tradeId), eq(tradeOffers.userId, principal.id), eq(tradeOffers.status, 'active')));
          if (existing) throw forbidden(M.alreadyOffered);
          const offerId = crypto.randomUUID();
          await tx.insert(tradeOffers).values({ id: offerId, tradeId, userId: principal.id, status: 'active', createdAt: ctx.clock.now() });
          const taken = await inventory.lockUnits(tx, principal.id, units(input.offeredItems), 'trade', offerId);
          await recordGiven(tx, tradeId, offerId, taken, await productOfBatches(tx, taken.map((t) => t.batchId)));
          const from = await usernameOf(tx, principal.id);
          await notifications.notify(tx, [trade.userId], `${from} made an offer on your trade.`);
          return { offerId };
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw forbidden(M.alreadyOffered);
        throw err;
      }
    },

    /** DELETE /api/trade/{tradeId}/withdraw-offer/{offerId}: only the offerer; the units return. */
    async withdraw(principal: Principal, tradeId: string, offerId: string): Promise<void> {
      await transaction(async (tx) => {
        const trade = await lockTrade(tx, tradeId);
        const offer = await lockOffer(tx, trade, offerId);
        if (offer.userId !== principal.id) throw notFound(M.offerNotFound);
        if (offer.status !== 'active') throw conflict(M.offerNotActive);
        await endOffers(tx, [offer], 'withdrawn');
      });
    },

    /**
     * POST /api/trade/{tradeId}/accept-offer/{offerId}: one transaction. The owner's units go to the
     * offerer and the offer's units to the owner, every other offer is rejected and unlocked, and the
     * trade completes. If a side no longer holds its units, nothing moves.
     */
    async accept(principal: Principal, tradeId: string, offerId: string): Promise<void> {
      await transaction(async (tx) => {
        const trade = await ownedActiveTrade(tx, principal, tradeId);
        const offer = await lockOffer(tx, trade, offerId);
        if (offer.status !== 'active') throw conflict(M.offerNotActive);
        const others = (await liveOffersOf(tx, tradeId)).filter((o) => o.id !== offer.id);
        await inventory.transferLockedUnits(
          tx,
          [
            { refId: trade.id, toUserId: offer.userId },
            { refId: offer.id, toUserId: trade.userId },
          ],
          principal.id,
          M.unitsGone,
        );
        const now = ctx.clock.now();
        await tx.update(tradeOffers).set({ status: 'accepted', endedAt: now }).where(eq(tradeOffers.id, offer.id));
        await tx.update(trades).set({ status: 'completed', endedAt: now, acceptedOfferId: offer.id, partnerId: offer.userId }).where(eq(trades.id, trade.id));
        await endOffers(tx, others, 'rejected');
        const owner = await usernameOf(tx, trade.userId);
        const message = `${owner} accepted your trade offer. The prizes are now in your inventory.`;
        await notifications.notify(tx, [offer.userId], message, { email: { subject: 'Your trade offer was accepted' } });
        await notifications.notify(tx, others.map((o) => o.userId), `${owner} accepted another offer, so your trade offer was rejected. Your items are back in your inventory.`);
      });
    },

    /** DELETE /api/trade/{tradeId}/reject-offer/{offerId}: the owner rejects; the offer's units return. */
    async reject(principal: Principal, tradeId: string, offerId: string): Promise<void> {
      await transaction(async (tx) => {
        const trade = await ownedActiveTrade(tx, principal, tradeId);
        const offer = await lockOffer(tx, trade, offerId);
        if (offer.status !== 'active') throw conflict(M.offerNotActive);
        await endOffers(tx, [offer], 'rejected');
        const owner = await usernameOf(tx, trade.userId);
        await notifications.notify(tx, [offer.userId], `${owner} rejected your trade offer. Your items are back in your inventory.`);
      });
    },

    /** DELETE /api/trade/cancel-trade/{tradeId}: the owner cancels; every unit of it and its offers returns. */
    async cancel(principal: Principal, tradeId: string): Promise<void> {
      await transaction(async (tx) => {
        const trade = await ownedActiveTrade(tx, principal, tradeId);
        const offers = await liveOffersOf(tx, tradeId);
        await tx.update(trades).set({ status: 'cancelled', endedAt: ctx.clock.now() }).where(eq(trades.id, trade.id));
        await inventory.releaseLocks(tx, 'trade', trade.id);
        await endOffers(tx, offers, 'cancelled');
        const owner = await usernameOf(tx, trade.userId);
        await notifications.notify(tx, offers.map((o) => o.userId), `${owner} cancelled a trade you made an offer on. Your items are back in your inventory.`);
      });
    },

    /**
     * A disabled account (docs/rules/shop-ops.md), inside the caller's transaction: the shopper's open
     * trades are cancelled and their open offers withdrawn, every locked unit returns to its owner.
     */
    async endAllOf(tx: Tx, userId: string): Promise<{ trades: number; offers: number }> {
      const now = ctx.clock.now();
      const open = await tx
        .select()
        .from(trades)
        .where(and(eq(trades.userId, userId), eq(trades.status, 'active')))
        .orderBy(trades.id)
        .for('update');
      for (const trade of open) {
        const offers = await liveOffersOf(tx, trade.id);
        await tx.update(trades).set({ status: 'cancelled', endedAt: now }).where(eq(trades.id, trade.id));
        await inventory.releaseLocks(tx, 'trade', trade.id);
        await endOffers(tx, offers, 'cancelled');
        await notifications.notify(tx, offers.map((o) => o.userId), `A trade you made an offer on was cancelled. Your items are back in your inventory.`);
      }
      const mine = await tx
        .select()
        .from(tradeOffers)
        .where(and(eq(tradeOffers.userId, userId), eq(tradeOffers.status, 'active')))
        .orderBy(tradeOffers.id)
        .for('update');
      await endOffers(tx, mine, 'withdrawn');
      return { trades: open.length, offers: mine.length };
    },

    /** Every trade a shopper created or completed (the back office's shopper page), newest first. */
    async tradesOfUser(userId: string): Promise<Trade[]> {
      const rows = await ctx.db
        .select()
        .from(trades)
        .where(or(eq(trades.userId, userId), eq(trades.partnerId, userId)))
        .orderBy(desc(trades.createdAt));
      return tradeViews(ctx.db, rows, userId);
    },

    /** GET /api/trade and /api/trade/active-trades: live trades of others, optionally searched. */
    async marketplace(principal: Principal, search?: string): Promise<Trade[]> {
      const rows = await ctx.db
        .select()
        .from(trades)
        .where(and(eq(trades.status, 'active'), ne(trades.userId, principal.id)))
        .orderBy(desc(trades.createdAt))
        .limit(200);
      const views = await tradeViews(ctx.db, rows, principal.id);
      const q = search?.trim().toLowerCase();
      if (!q) return views;
      return views.filter(
        (t) =>
          t.createdBy.username.toLowerCase().includes(q) ||
          t.prizesOffered.some((p) => p.setName.toLowerCase().includes(q)) ||
          t.prizesWanted.some((p) => p.productDetails.name.toLowerCase().includes(q)),
      );
    },

    /** GET /api/trade/user-trades: the caller's live trades, newest first. */
    async userTrades(principal: Principal): Promise<Trade[]> {
      const rows = await ctx.db
        .select()
        .from(trades)
        .where(and(eq(trades.userId, principal.id), eq(trades.status, 'active')))
        .orderBy(desc(trades.createdAt));
      return tradeViews(ctx.db, rows, principal.id);
    },

    /** GET /api/trade/history: completed trades the caller made or won with an offer. */
    async history(principal: Principal): Promise<Trade[]> {
      const rows = await ctx.db
        .select()
        .from(trades)
        .where(and(eq(trades.status, 'completed'), or(eq(trades.userId, principal.id), eq(trades.partnerId, principal.id))))
        .orderBy(desc(trades.endedAt));
      return tradeViews(ctx.db, rows, principal.id);
    },

    /** GET /api/trade/{tradeId}/offers: live offers, for the owner only. */
    async offersOf(principal: Principal, tradeId: string): Promise<Offer[]> {
      const [trade] = await ctx.db.select().from(trades).where(eq(trades.id, tradeId));
      if (!trade) throw notFound(M.tradeNotFound);
      if (trade.userId !== principal.id) throw forbidden(M.ownerOnly);
      const offers = await ctx.db
        .select()
        .from(tradeOffers)
        .where(and(eq(tradeOffers.tradeId, tradeId), eq(tradeOffers.status, 'active')))
        .orderBy(tradeOffers.createdAt);
      return offerViews(ctx.db, offers);
    },

    /**
     * The expiry job: a live trade or offer holding a unit now due within a day is ended ('expired'),
     * its units unlocked and both sides notified. Rows are claimed with SKIP LOCKED, so on several
     * instances each is ended exactly once.
     */
    async expireDue(): Promise<{ trades: number; offers: number }> {
      const refs = await inventory.tradeRefsDueBy(tradeCutoff(ctx.clock.now()));
      if (refs.length === 0) return { trades: 0, offers: 0 };
      return transaction(async (tx) => {
        const dueTrades = await tx
          .select()
          .from(trades)
          .where(and(inArray(trades.id, refs), eq(trades.status, 'active')))
          .orderBy(trades.id)
          .for('update', { skipLocked: true });
        let offersEnded = 0;
        const now = ctx.clock.now();
        for (const trade of dueTrades) {
          const offers = await tx
            .select()
            .from(tradeOffers)
            .where(and(eq(tradeOffers.tradeId, trade.id), eq(tradeOffers.status, 'active')))
            .for('update');
          await tx.update(trades).set({ status: 'expired', endedAt: now }).where(eq(trades.id, trade.id));
          await inventory.releaseLocks(tx, 'trade', trade.id);
          await endOffers(tx, offers, 'expired');
          offersEnded += offers.length;
          await notifications.notify(tx, [trade.userId], 'Your trade was cancelled because its items are due to ship within 1 day. Your items are back in your inventory.');
          await notifications.notify(tx, offers.map((o) => o.userId), 'A trade you made an offer on was cancelled because its items are due to ship within 1 day. Your items are back in your inventory.');
        }
        // Offers whose own units are due; their trade row is claimed first so accept cannot run meanwhile.
        const dueOffers = await tx.select().from(tradeOffers).where(and(inArray(tradeOffers.id, refs), eq(tradeOffers.status, 'active')));
        for (const candidate of dueOffers) {
          const [trade] = await tx.select().from(trades).where(eq(trades.id, candidate.tradeId)).for('update', { skipLocked: true });
          if (!trade) continue;
          const [offer] = await tx
            .select()
            .from(tradeOffers)
            .where(and(eq(tradeOffers.id, candidate.id), eq(tradeOffers.status, 'active')))
            .for('update');
          if (!offer) continue;
          await endOffers(tx, [offer], 'expired');
          offersEnded += 1;
          await notifications.notify(tx, [offer.userId], 'Your trade offer was cancelled because its items are due to ship within 1 day. Your items are back in your inventory.');
          await notifications.notify(tx, [trade.userId], 'An offer on your trade was cancelled because its items are due to ship within 1 day.');
        }
        return { trades: dueTrades.length, offers: offersEnded };
      });
    },

    startJobs(intervalMs = 15_000): () => Promise<void> {
      return runPeriodically(
        'trade expiry job',
        intervalMs,
        async () => {
          const result = await service.expireDue();
          if (result.trades + result.offers > 0) ctx.log.info({ job: 'trade expiry', ...result }, 'trade expiry job');
        },
        ctx.log,
      );
    },

    /** GET /api/products-with-prizes: active sets with their prizes, for the wanted-prize picker. */
    async productsWithPrizes(): Promise<ProductsWithPrizesResponse> {
      const { all } = await catalogue.listProducts();
      const products = [];
      for (const product of all) {
        const prizes = await catalogue.prizesOfProduct(ctx.db, product.productId);
        products.push({
          _id: product.productId,
          name: product.name,
          image: product.image,
          preorder: product.preorder,
          arrival: product.arrival,
          prizes: prizes.map((p) => ({ _id: p.id, name: p.name, description: p.description, image: p.image, type: p.type })),
        });
      }
      return { products };
    },

    /** GET /api/products-images?productIds=: prize id to image for the given products. */
    async productImages(productIds: string[]): Promise<ProductImagesResponse> {
      const prizeImages: Record<string, string> = {};
      for (const productId of new Set(productIds)) {
        for (const prize of await catalogue.prizesOfProduct(ctx.db, productId)) prizeImages[prize.id] = prize.image;
      }
      return { prizeImages };
    },
  };
  return service;
}
export type TradingService = ReturnType<typeof createTradingService>;
