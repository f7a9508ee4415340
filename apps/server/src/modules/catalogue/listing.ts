import { asc, desc, eq } from 'drizzle-orm';
import { centsToDollars, productListingSchema, type Product, type ProductListing } from '@kujiya/shared';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import type { Executor } from '../../db/database.ts';
import { notFound } from '../../core/http-errors.ts';
import type { CatalogueDeps } from './deps.ts';
import { createListingCache, type ListingChanges } from './listing-cache.ts';
import { asRound, type Round } from './rounds.ts';
import { products, promotions, setRounds } from './tables.ts';
import { NEW_PRODUCT_WINDOW_MS, PRODUCT_NOT_FOUND } from './types.ts';
import { dropSettingsOf, promotionView, type ProductRow, type PromotionRow } from './views.ts';

type ProductRows = { product: ProductRow; round: Round; promotion: PromotionRow | null }[];

async function selectProducts(exec: Executor, where: ReturnType<typeof eq>) {
  const rows = await exec
    .select({ product: products, round: setRounds, promotion: promotions })
    .from(products)
    .innerJoin(setRounds, eq(setRounds.id, products.currentRoundId))
    .leftJoin(promotions, eq(promotions.id, products.promotionId))
    .where(where)
    .orderBy(desc(products.createdAt), asc(products.name));
  return rows.map((row) => ({ ...row, round: asRound(row.round) }));
}

function productView({ product, round, promotion }: ProductRows[number], left: number, holdTimeLeft: number): Product {
  return {
    setId: round.id,
    productId: product.id,
    name: product.name,
    description: product.description,
    image: product.image,
    token: product.tokenPrice,
    price: centsToDollars(product.priceCents),
    quantity: `${left}/${round.totalTickets}`,
    tags: product.tags,
    preorder: product.preorder,
    arrival: product.preorder ? product.arrival : null,
    doubleChance: product.doubleChance,
    lottery: { enabled: product.lotteryEnabled },
    promotion: promotionView(promotion),
    commitment: round.commitment,
    rulesHash: round.rulesHash,
    holdTimeLeft,
    createdAt: product.createdAt.toISOString(),
    ...dropSettingsOf(product, round),
  };
}

/**
 * The views, and the moment they next change by time alone (a held reservation lapsing, a buy-out
 * hold's countdown ticking): null when nothing is timed.
 */
async function productViewsUntil(d: CatalogueDeps, exec: Executor, rows: ProductRows) {
  // From the round rows already read: one small query over active reservations, no ticket counts.
  const available = await d.stock.availabilityOfRounds(
    exec,
    rows.map((r) => r.round),
  );
  const at = d.ctx.clock.now().getTime();
  let changesAt: number | null = null;
  const changeAt = (moment: number) => {
    if (moment > at && (changesAt === null || moment < changesAt)) changesAt = moment;
  };
  for (const { round } of rows) {
    const lapse = round.status === 'open' ? available.get(round.id)?.firstLapse : null;
    if (lapse) changeAt(lapse.getTime());
    const holdMs = round.holdUntil ? round.holdUntil.getTime() - at : 0;
    // holdTimeLeft is the whole seconds left, rounded up: it next drops when holdMs reaches the second below.
    if (holdMs > 0) changeAt(at + holdMs - (Math.ceil(holdMs / 1000) - 1) * 1000);
  }
  const views = rows.map((row) => {
    const left = row.round.status === 'open' ? (available.get(row.round.id)?.left ?? 0) : 0;
    return productView(row, left, d.rounds.holdSecondsLeft(row.round));
  });
  return { views, changesAt: changesAt as number | null };
}

/**
 * GET /api/ichiban-kuji-products, and when it next changes by time alone (null: never). Active
 * products only. `all`: sets with tickets left first, then newest first, then by name; the other
 * lists keep that order (`newProducts`: newest round first).
 */
async function listingUntil(
  d: CatalogueDeps,
  exec: Executor,
): Promise<{ listing: ProductListing; changesAt: number | null }> {
  const rows = await selectProducts(exec, eq(products.active, true));
  const { views, changesAt: viewsChangeAt } = await productViewsUntil(d, exec, rows);
  const openedAt = new Map(rows.map((r) => [r.product.id, r.round.openedAt.getTime()]));
  const hasLeft = (p: Product) => (p.quantity.startsWith('0/') ? 1 : 0);
  const all = [...views].sort((a, b) => hasLeft(a) - hasLeft(b));
  const cutoff = d.ctx.clock.now().getTime() - NEW_PRODUCT_WINDOW_MS;
  const newProducts = all
    .filter((p) => openedAt.get(p.productId)! > cutoff)
    .sort((a, b) => openedAt.get(b.productId)! - openedAt.get(a.productId)!);
  // A set stops being new when its window closes.
  const newEnds = newProducts.map((p) => openedAt.get(p.productId)! + NEW_PRODUCT_WINDOW_MS);
  const moments = [...newEnds, ...(viewsChangeAt === null ? [] : [viewsChangeAt])];
  return {
    listing: {
      all,
      newProducts,
      promotions: all.filter((p) => p.promotion !== null),
      chance: all.filter((p) => p.lottery.enabled),
    },
    changesAt: moments.length > 0 ? Math.min(...moments) : null,
  };
}

/** The shop's product listing and one product's public view (docs/rules/catalogue.md). */
export function createListing(d: CatalogueDeps, changes: ListingChanges) {
  const { ctx } = d;
  const listing = createListingCache({
    build: () => listingUntil(d, ctx.db),
    // Outside production a listing that drifts from its schema fails here, as the route's serializer would.
    check:
      ctx.config.env !== 'production'
        ? (listed) => {
            const checked = productListingSchema.safeParse(listed);
            if (!checked.success)
              throw new ResponseSerializationError('GET', '/api/ichiban-kuji-products', { cause: checked.error });
          }
        : undefined,
    // PGlite is one process's own database: every change to the listing passes through this instance.
    alone: ctx.database.kind === 'pglite',
    changes,
    clock: ctx.clock,
  });
  return {
    /**
     * GET /api/ichiban-kuji-products as serialized bytes with their ETag, from the per-instance
     * cache (docs/rules/catalogue.md): rebuilt after a change commits, or once it is older than
     * LISTING_MAX_AGE_MS.
     */
    listingBody: () => listing.get(),
    /** The cached listing when it is still good, else null (then `listingBody`). */
    freshListingBody: () => listing.fresh(),
    closeListing: () => changes.close(),
    /** The listing as built now (the demo data and trading read it; the route serves the cached bytes). */
    listProducts: async (): Promise<ProductListing> => (await listingUntil(d, ctx.db)).listing,
    /** One product's public view (its current round), or 404. Inactive products too, for orders. */
    async getProduct(exec: Executor, productId: string): Promise<Product> {
      const rows = await selectProducts(exec, eq(products.id, productId));
      if (rows.length === 0) throw notFound(PRODUCT_NOT_FOUND);
      return (await productViewsUntil(d, exec, rows)).views[0]!;
    },
  };
}
