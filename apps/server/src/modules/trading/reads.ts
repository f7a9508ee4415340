import { and, desc, eq, ne, or } from 'drizzle-orm';
import { TRADE_MESSAGES as M, type Offer, type ProductImagesResponse, type ProductsWithPrizesResponse, type Trade } from '@kujiya/shared';
import type { Principal } from '../../core/auth.ts';
import type { AppContext } from '../../core/context.ts';
import { forbidden, notFound } from '../../core/http-errors.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import { tradeOffers, trades } from './tables.ts';
import type { TradeViews } from './trade-views.ts';

/** The marketplace, a shopper's trades and history, a trade's offers, and the prize pickers' data. */
export function createTradeReads(ctx: AppContext, deps: { views: TradeViews; catalogue: CatalogueService }) {
  const { views, catalogue } = deps;

  return {
    /** Every trade a shopper created or completed (the back office's shopper page), newest first. */
    async tradesOfUser(userId: string): Promise<Trade[]> {
      const rows = await ctx.db
        .select()
        .from(trades)
        .where(or(eq(trades.userId, userId), eq(trades.partnerId, userId)))
        .orderBy(desc(trades.createdAt));
      return views.tradeViews(ctx.db, rows, userId);
    },

    /** GET /api/trade and /api/trade/active-trades: live trades of others, optionally searched. */
    async marketplace(principal: Principal, search?: string): Promise<Trade[]> {
      const rows = await ctx.db
        .select()
        .from(trades)
        .where(and(eq(trades.status, 'active'), ne(trades.userId, principal.id)))
        .orderBy(desc(trades.createdAt))
        .limit(200);
      const all = await views.tradeViews(ctx.db, rows, principal.id);
      const q = search?.trim().toLowerCase();
      if (!q) return all;
      return all.filter(
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
      return views.tradeViews(ctx.db, rows, principal.id);
    },

    /** GET /api/trade/history: completed trades the caller made or won with an offer. */
    async history(principal: Principal): Promise<Trade[]> {
      const rows = await ctx.db
        .select()
        .from(trades)
        .where(and(eq(trades.status, 'completed'), or(eq(trades.userId, principal.id), eq(trades.partnerId, principal.id))))
        .orderBy(desc(trades.endedAt));
      return views.tradeViews(ctx.db, rows, principal.id);
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
      return views.offerViews(ctx.db, offers);
    },

    /** GET /api/products-with-prizes: active sets with their prizes, for the wanted-prize picker. */
    async productsWithPrizes(): Promise<ProductsWithPrizesResponse> {
      const { all } = await catalogue.listProducts();
      const products = [];
      for (const product of all) {
        const prizes = await catalogue.prizesOfProduct(product.productId);
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
        for (const prize of await catalogue.prizesOfProduct(productId)) prizeImages[prize.id] = prize.image;
      }
      return { prizeImages };
    },
  };
}
