import { and, desc, eq, ne, or } from 'drizzle-orm';
import {
  TRADE_MESSAGES as M,
  type Offer,
  type ProductImagesResponse,
  type ProductsWithPrizesResponse,
  type Trade,
} from '@kujiya/shared';
import type { Principal } from '../../core/auth.ts';
import type { AppContext } from '../../core/context.ts';
import { forbidden, notFound } from '../../core/http-errors.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import { tradeOffers, trades } from './tables.ts';
import type { TradeViews } from './trade-views.ts';

/** The marketplace, a shopper's trades and history, a trade's offers, and the prize pickers' data. */
export class TradeReads {
  private readonly ctx: AppContext;
  private readonly views: TradeViews;
  private readonly catalogue: CatalogueService;

  constructor(ctx: AppContext, deps: { views: TradeViews; catalogue: CatalogueService }) {
    this.ctx = ctx;
    this.views = deps.views;
    this.catalogue = deps.catalogue;
  }

  /** Every trade a shopper created or completed (the back office's shopper page), newest first. */
  tradesOfUser = async (userId: string): Promise<Trade[]> => {
    const rows = await this.ctx.db
      .select()
      .from(trades)
      .where(or(eq(trades.userId, userId), eq(trades.partnerId, userId)))
      .orderBy(desc(trades.createdAt));
    return this.views.tradeViews(this.ctx.db, rows, userId);
  };

  /** GET /api/trade and /api/trade/active-trades: live trades of others, optionally searched. */
  marketplace = async (principal: Principal, search?: string): Promise<Trade[]> => {
    const rows = await this.ctx.db
      .select()
      .from(trades)
      .where(and(eq(trades.status, 'active'), ne(trades.userId, principal.id)))
      .orderBy(desc(trades.createdAt))
      .limit(200);
    const all = await this.views.tradeViews(this.ctx.db, rows, principal.id);
    const q = search?.trim().toLowerCase();
    if (!q) return all;
    return all.filter(
      (t) =>
        t.createdBy.username.toLowerCase().includes(q) ||
        t.prizesOffered.some((p) => p.setName.toLowerCase().includes(q)) ||
        t.prizesWanted.some((p) => p.productDetails.name.toLowerCase().includes(q)),
    );
  };

  /** GET /api/trade/user-trades: the caller's live trades, newest first. */
  userTrades = async (principal: Principal): Promise<Trade[]> => {
    const rows = await this.ctx.db
      .select()
      .from(trades)
      .where(and(eq(trades.userId, principal.id), eq(trades.status, 'active')))
      .orderBy(desc(trades.createdAt));
    return this.views.tradeViews(this.ctx.db, rows, principal.id);
  };

  /** GET /api/trade/history: completed trades the caller made or won with an offer. */
  history = async (principal: Principal): Promise<Trade[]> => {
    const rows = await this.ctx.db
      .select()
      .from(trades)
      .where(
        and(eq(trades.status, 'completed'), or(eq(trades.userId, principal.id), eq(trades.partnerId, principal.id))),
      )
      .orderBy(desc(trades.endedAt));
    return this.views.tradeViews(this.ctx.db, rows, principal.id);
  };

  /** GET /api/trade/{tradeId}/offers: live offers, for the owner only. */
  offersOf = async (principal: Principal, tradeId: string): Promise<Offer[]> => {
    const [trade] = await this.ctx.db.select().from(trades).where(eq(trades.id, tradeId));
    if (!trade) throw notFound(M.tradeNotFound);
    if (trade.userId !== principal.id) throw forbidden(M.ownerOnly);
    const offers = await this.ctx.db
      .select()
      .from(tradeOffers)
      .where(and(eq(tradeOffers.tradeId, tradeId), eq(tradeOffers.status, 'active')))
      .orderBy(tradeOffers.createdAt);
    return this.views.offerViews(this.ctx.db, offers);
  };

  /** Every offer the shopper made, with its trade and how it ended (the data export, docs/rules/personal-data.md). */
  offersByUser = async (userId: string) => {
    const offers = await this.ctx.db
      .select()
      .from(tradeOffers)
      .where(eq(tradeOffers.userId, userId))
      .orderBy(tradeOffers.createdAt);
    const views = await this.views.offerViews(this.ctx.db, offers);
    return views.map((view, i) => ({ ...view, tradeId: offers[i]!.tradeId, status: offers[i]!.status }));
  };

  /** GET /api/products-with-prizes: active sets with their prizes, for the wanted-prize picker. */
  productsWithPrizes = async (): Promise<ProductsWithPrizesResponse> => {
    const { all } = await this.catalogue.listProducts();
    const products = [];
    for (const product of all) {
      const prizes = await this.catalogue.prizesOfProduct(this.ctx.db, product.productId);
      products.push({
        _id: product.productId,
        name: product.name,
        image: product.image,
        preorder: product.preorder,
        arrival: product.arrival,
        prizes: prizes.map((p) => ({
          _id: p.id,
          name: p.name,
          description: p.description,
          image: p.image,
          type: p.type,
        })),
      });
    }
    return { products };
  };

  /** GET /api/products-images?productIds=: prize id to image for the given products. */
  productImages = async (productIds: string[]): Promise<ProductImagesResponse> => {
    const prizeImages: Record<string, string> = {};
    for (const productId of new Set(productIds)) {
      for (const prize of await this.catalogue.prizesOfProduct(this.ctx.db, productId))
        prizeImages[prize.id] = prize.image;
    }
    return { prizeImages };
  };
}
