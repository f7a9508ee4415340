import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import { favourites } from './tables.ts';

/** Favourites: the API speaks of a set (round) id, the row remembers its product. */
export function createFavouritesService(ctx: AppContext, { catalogue }: { catalogue: CatalogueService }) {
  /** `setId` is a well-formed id (the route's params schema checked it). */
  async function productOfSet(setId: string): Promise<string> {
    const { product } = await catalogue.getProductOfRound(ctx.db, setId);
    return product.id;
  }

  return {
    async isFavorite(userId: string, setId: string): Promise<boolean> {
      const productId = await productOfSet(setId);
      const [row] = await ctx.db
        .select({ productId: favourites.productId })
        .from(favourites)
        .where(and(eq(favourites.userId, userId), eq(favourites.productId, productId)));
      return Boolean(row);
    },

    /** Adds the set's product; adding twice keeps one favourite. */
    async add(userId: string, setId: string): Promise<void> {
      const productId = await productOfSet(setId);
      await ctx.db.insert(favourites).values({ userId, productId, createdAt: ctx.clock.now() }).onConflictDoNothing();
    },

    async remove(userId: string, setId: string): Promise<void> {
      const productId = await productOfSet(setId);
      await ctx.db.delete(favourites).where(and(eq(favourites.userId, userId), eq(favourites.productId, productId)));
    },

    /** The shoppers who favourited the product (a scheduled opening's reminders reach them too). */
    async userIdsOf(productId: string): Promise<string[]> {
      const rows = await ctx.db
        .select({ userId: favourites.userId })
        .from(favourites)
        .where(eq(favourites.productId, productId));
      return rows.map((r) => r.userId);
    },

    /** Every product the user favourited (for the hearts of the product list in one call). */
    async productIds(userId: string): Promise<string[]> {
      const rows = await ctx.db
        .select({ productId: favourites.productId })
        .from(favourites)
        .where(eq(favourites.userId, userId));
      return rows.map((r) => r.productId);
    },
  };
}
