import crypto from 'node:crypto';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { DAY_MS, canonicalBox, centsToDollars, commitmentOf, productListingSchema, rulesDocument, sha256Hex, type Prize, type Product, type ProductListing, type Promotion } from '@kujiya/shared';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import type { AppContext } from '../../core/context.ts';
import type { Executor, Tx } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../core/http-errors.ts';
import { checkInput } from '../../core/validate.ts';
import type { StockService } from '../stock/service.ts';
import type { Round, RoundsService, RoundStatus } from './rounds.ts';
import { newProductSchema, newPromotionSchema, type NewProduct, type NewPromotion } from '@kujiya/shared';
import { nextSku } from './sku.ts';
import { createListingCache } from './listing-cache.ts';
import { createCatalogueAdmin } from './admin.ts';
export { BOX_FIXED } from './admin.ts';
export { nextSku } from './sku.ts';
import { prizes, products, promotions, roundPrizes, setRounds } from './tables.ts';

/** A set is "new" while its current round opened less than this long ago (docs/catalogue.md). */
export const NEW_PRODUCT_WINDOW_MS = 30 * DAY_MS;
export const PRODUCT_NOT_FOUND = 'Product not found';
export const RELOAD_REFUSED_RESERVED = 'This round has unpaid reservations. Try Reload Set again when they are paid or expired.';
export const RELOAD_REFUSED_HOLD = 'A card buy-out holds this round. Try Reload Set again when it is paid or expired.';
/** An admin edit that would change a running round's box or prizes (docs/rules/fairness.md). */
export const PRIZES_LOCKED =
  "This set's box and prizes are fixed while its round runs. Reload the set to open a new round with the changed prizes.";

/** A product's prizes as an edit proposes them: what the round's rules document depends on. */
export type ProposedPrize =
  | { kind: 'letter'; letter: string; quantity: number }
  | { kind: 'last'; quantity?: number }
  | { kind: 'double'; quantity: number };

type ProductRow = typeof products.$inferSelect;

/** Rounds as other modules see them (their operations come with this service). */
export type { Round, RoundsService, RoundStatus };

/** A product as other modules see it (prices in cents and tokens). */
export interface CatalogueProduct {
  id: string;
  name: string;
  description: string;
  image: string;
  tokenPrice: number;
  priceCents: number;
  tags: string[];
  preorder: boolean;
  arrival: string | null;
  doubleChance: boolean;
  lotteryEnabled: boolean;
  promotionId: string | null;
  active: boolean;
  createdAt: Date;
  currentRoundId: string | null;
}
const asCatalogueProduct = (row: ProductRow): CatalogueProduct => row;

/** A round with its product and promotion, as a purchase sees it. */
export interface RoundContext {
  product: CatalogueProduct;
  promotion: Promotion | null;
  round: Round;
}
type PromotionRow = typeof promotions.$inferSelect;
type PrizeRow = typeof prizes.$inferSelect;

/** The public shape of a round, its seed only once revealed (docs/rules/fairness.md). */
export interface PublicRound {
  setId: string;
  productId: string;
  productName: string;
  sku: string;
  roundNumber: number;
  status: RoundStatus;
  commitment: string;
  serverSeed: string | null;
  totalTickets: number;
  openedAt: Date;
  closedAt: Date | null;
  /** The committed rules (docs/rules/fairness.md) and the chained log's head; null for older rounds. */
  rulesDocument: string | null;
  rulesHash: string | null;
  headHash: string | null;
}

export function promotionView(row: PromotionRow | null): Promotion | null {
  if (!row) return null;
  if (row.type === 'BUY_X_GET_Y_FREE') {
    return {
      type: 'BUY_X_GET_Y_FREE',
      details: { requiredQuantity: row.requiredQuantity!, freeQuantity: row.freeQuantity! },
    };
  }
  return {
    type: 'CHALLENGE',
    details: { minimumQuantity: row.minimumQuantity!, challengeAlphabet: row.challengeAlphabet! },
  };
}

/** Prize display order: letters A..Z, then double-chance prizes, the Last Prize last. */
const kindOrder: Record<PrizeRow['kind'], number> = { letter: 0, double: 1, last: 2 };
function comparePrizes(a: PrizeRow, b: PrizeRow): number {
  if (a.kind !== b.kind) return kindOrder[a.kind] - kindOrder[b.kind];
  return a.kind === 'letter' ? a.letter.localeCompare(b.letter) : a.sort - b.sort;
}

/** What a round's rules document fixes about its prizes: the box, the Last Prize, the double-chance units. */
export function roundComposition(productPrizes: ReadonlyArray<Pick<PrizeRow, 'kind' | 'letter' | 'initialQuantity' | 'sort'>>) {
  const box = canonicalBox(
    productPrizes.filter((p) => p.kind === 'letter').map((p) => ({ letter: p.letter, quantity: p.initialQuantity })),
  );
  const doubleChance = productPrizes
    .filter((p) => p.kind === 'double')
    .sort((a, b) => a.sort - b.sort)
    .map((p) => ({ rank: p.letter, quantity: p.initialQuantity }));
  return { box, lastPrize: productPrizes.some((p) => p.kind === 'last'), doubleChance };
}

const randomSeed = () => crypto.randomBytes(32).toString('hex');

export function createCatalogueService(ctx: AppContext, deps: { rounds: RoundsService; stock: StockService }) {
  const { rounds, stock } = deps;
  const now = () => ctx.clock.now();

  /** Opens a round of a product: new secret seed, its commitment, a fresh box and prize counts. */
  async function openRound(tx: Tx, productId: string, sku: string, roundNumber: number, at: Date): Promise<string> {
    // Retired double-chance prizes stay for past rounds only (docs/rules/catalogue.md).
    const productPrizes = await tx.select().from(prizes).where(and(eq(prizes.productId, productId), eq(prizes.retired, false)));
    const letters = productPrizes
      .filter((p) => p.kind === 'letter')
      .map((p) => ({ letter: p.letter, quantity: p.initialQuantity }));
    const totalTickets = letters.reduce((sum, l) => sum + l.quantity, 0);
    const serverSeed = randomSeed();
    const id = crypto.randomUUID();
    const commitment = commitmentOf(serverSeed);
    // The committed rules (docs/rules/fairness.md): fixed for the round's life, the chain's start.
    const rules = rulesDocument({ setId: id, commitment, ...roundComposition(productPrizes) });
    const rulesHash = sha256Hex(rules);
    await tx.insert(setRounds).values({
      id,
      productId,
      sku,
      roundNumber,
      status: 'open',
      serverSeed,
      commitment,
      totalTickets,
      openedAt: at,
      rulesDocument: rules,
      rulesHash,
      headHash: rulesHash,
    });
    await tx.insert(roundPrizes).values(
      productPrizes.map((p) => ({
        roundId: id,
        prizeId: p.id,
        initialQuantity: p.initialQuantity,
        remainingQuantity: p.initialQuantity,
      })),
    );
    await stock.createBox(tx, id, letters);
    await tx.update(products).set({ currentRoundId: id }).where(eq(products.id, productId));
    return id;
  }

  /** Runs in the caller's transaction when given (so its audit entry commits with it), else in a new one. */
  function inTransaction<T>(tx: Tx | undefined, work: (tx: Tx) => Promise<T>): Promise<T> {
    return tx ? work(tx) : ctx.db.transaction(work);
  }

  /** A SKU no round uses yet, starting from `sku` and counting its suffix up. */
  async function freeSku(exec: Executor, sku: string): Promise<string> {
    let candidate = sku;
    for (;;) {
      const [taken] = await exec.select({ id: setRounds.id }).from(setRounds).where(eq(setRounds.sku, candidate));
      if (!taken) return candidate;
      candidate = nextSku(candidate);
    }
  }

  type ProductRows = { product: ProductRow; round: Round; promotion: PromotionRow | null }[];

  async function productViews(rows: ProductRows, exec: Executor): Promise<Product[]> {
    return (await productViewsUntil(rows, exec)).views;
  }

  /**
   * The views, and the moment they next change by time alone (a held reservation lapsing, a buy-out
   * hold's countdown ticking): null when nothing is timed.
   */
  async function productViewsUntil(rows: ProductRows, exec: Executor): Promise<{ views: Product[]; changesAt: number | null }> {
    // From the round rows already read: one small query over active reservations, no ticket counts.
    const available = await stock.availabilityOfRounds(
      rows.map((r) => r.round),
      exec,
    );
    const at = now().getTime();
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
    const views = rows.map(({ product, round, promotion }): Product => {
      const left = round.status === 'open' ? (available.get(round.id)?.left ?? 0) : 0;
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
        holdTimeLeft: rounds.holdSecondsLeft(round),
        createdAt: product.createdAt.toISOString(),
      };
    });
    return { views, changesAt };
  }

  /** The listing (GET /api/ichiban-kuji-products) and when it next changes by time alone (null: never). */
  async function listingUntil(exec: Executor = ctx.db): Promise<{ listing: ProductListing; changesAt: number | null }> {
    const rows = await selectProducts(exec)
      .where(eq(products.active, true))
      .orderBy(desc(products.createdAt), asc(products.name));
    const { views, changesAt: viewsChangeAt } = await productViewsUntil(rows, exec);
    const openedAt = new Map(rows.map((r) => [r.product.id, r.round.openedAt.getTime()]));
    const hasLeft = (p: Product) => (p.quantity.startsWith('0/') ? 1 : 0);
    const all = [...views].sort((a, b) => hasLeft(a) - hasLeft(b));
    const at = now().getTime();
    const cutoff = at - NEW_PRODUCT_WINDOW_MS;
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

  function selectProducts(exec: Executor) {
    return exec
      .select({ product: products, round: setRounds, promotion: promotions })
      .from(products)
      .innerJoin(setRounds, eq(setRounds.id, products.currentRoundId))
      .leftJoin(promotions, eq(promotions.id, products.promotionId));
  }

  const service = {
    ...rounds,
    ...createCatalogueAdmin(ctx, { stock, rounds }),

    /**
     * GET /api/ichiban-kuji-products as serialized bytes with their ETag, from the per-instance
     * cache (docs/rules/catalogue.md): rebuilt after a change commits, or once it is older than
     * LISTING_MAX_AGE_MS.
     */
    listingBody: () => listing.get(),
    /** The cached listing when it is still good, else null (then `listingBody`). */
    freshListingBody: () => listing.fresh(),
    closeListing: () => listing.close(),

    async createPromotion(exec: Executor, input: NewPromotion): Promise<string> {
      const data = checkInput(newPromotionSchema, input);
      const id = crypto.randomUUID();
      await exec.insert(promotions).values({ id, ...data, createdAt: now() });
      return id;
    },

    async listPromotions(exec: Executor = ctx.db) {
      return exec.select({ id: promotions.id, description: promotions.description }).from(promotions).orderBy(asc(promotions.createdAt));
    },

    /**
     * Creates a product with its prizes and opens its first round. `listedAt` (demo data only)
     * backdates the listing so the demo shop has older and newer sets.
     */
    async createProduct(input: NewProduct, options: { listedAt?: Date; tx?: Tx } = {}): Promise<{ productId: string; setId: string }> {
      const data = checkInput(newProductSchema, input);
      const at = options.listedAt ?? now();
      return inTransaction(options.tx, async (tx) => {
        if (data.promotionId) {
          const [promotion] = await tx.select({ id: promotions.id }).from(promotions).where(eq(promotions.id, data.promotionId));
          if (!promotion) throw badRequest('Promotion not found');
        }
        const productId = crypto.randomUUID();
        await tx.insert(products).values({
          id: productId,
          name: data.name,
          image: data.image,
          tokenPrice: data.tokenPrice,
          priceCents: data.priceCents,
          tags: data.tags,
          preorder: data.preorder,
          arrival: data.preorder ? data.arrival : null,
          doubleChance: data.doubleChance,
          lotteryEnabled: data.lotteryEnabled,
          promotionId: data.promotionId,
          active: data.active,
          createdAt: at,
        });
        let doubleNumber = 0;
        await tx.insert(prizes).values(
          data.prizes.map((p, sort) => {
            const letter = p.kind === 'letter' ? p.letter : p.kind === 'last' ? 'LAST' : `DC${++doubleNumber}`;
            const name =
              p.kind === 'letter' ? `Prize ${letter}` : p.kind === 'last' ? 'Last Prize' : `Double Chance ${doubleNumber}`;
            return {
              id: crypto.randomUUID(),
              productId,
              letter,
              kind: p.kind,
              name,
              description: p.description,
              image: p.image,
              type: p.type,
              itemType: p.itemType,
              initialQuantity: p.quantity,
              sort,
            };
          }),
        );
        const setId = await openRound(tx, productId, await freeSku(tx, data.sku), 1, at);
        rounds.changed(tx);
        return { productId, setId };
      });
    },

    /**
     * Reload Set (docs/rules/catalogue.md): closes the current round (revealing its seed), releases its
     * reservations and opens the next one with SKU suffix + 1, a new seed and full prize counts.
     * The promotion is removed, as the admin spec says.
     */
    async reloadSet(
      productId: string,
      options: { tx?: Tx; refuseWhileBusy?: boolean; prizesQuantities?: Record<string, number> } = {},
    ): Promise<{ setId: string; sku: string; closedSetId: string }> {
      return inTransaction(options.tx, async (tx) => {
        const [product] = await tx.select().from(products).where(eq(products.id, productId)).for('update');
        if (!product?.currentRoundId) throw notFound(PRODUCT_NOT_FOUND);
        const current = await rounds.lockRound(tx, product.currentRoundId);
        const at = now();
        // The back office never cuts off a buyer mid-payment (docs/rules/back-office.md).
        if (options.refuseWhileBusy) {
          if (rounds.holdSecondsLeft(current) > 0) throw conflict(RELOAD_REFUSED_HOLD);
          const { reserved } = await stock.availabilityOf(tx, current.id);
          if (reserved > 0) throw conflict(RELOAD_REFUSED_RESERVED);
        }
        // New letter quantities apply to the next round only; the closing round keeps its committed box.
        for (const [letter, quantity] of Object.entries(options.prizesQuantities ?? {})) {
          if (quantity < 1) throw badRequest(`Prize ${letter} needs a quantity of at least 1`);
          await tx
            .update(prizes)
            .set({ initialQuantity: quantity })
            .where(and(eq(prizes.productId, productId), eq(prizes.letter, letter)));
        }
        await tx
          .update(setRounds)
          .set({ status: 'closed', closedAt: at, seedRevealedAt: current.seedRevealedAt ?? at, holdUntil: null, holdOrderId: null })
          .where(eq(setRounds.id, current.id));
        await stock.releaseRound(tx, current.id);
        await tx.update(products).set({ promotionId: null }).where(eq(products.id, productId));
        const sku = await freeSku(tx, nextSku(current.sku));
        const setId = await openRound(tx, productId, sku, current.roundNumber + 1, at);
        rounds.changed(tx);
        return { setId, sku, closedSetId: current.id };
      });
    },

    /**
     * The guard every admin edit of a product's prizes calls first (docs/rules/fairness.md): a round's
     * box and prizes are committed in its rules document when it opens, so an edit that would change
     * the letters, their quantities, the Last Prize or the double-chance prizes of the current round
     * (open or sold out) is refused with 409; only a reload (a new round) applies it. Edits that keep
     * the composition (texts, images) pass.
     */
    async assertPrizesChangeable(productId: string, proposed: readonly ProposedPrize[], exec: Executor = ctx.db): Promise<void> {
      const [product] = await exec.select().from(products).where(eq(products.id, productId));
      if (!product?.currentRoundId) throw notFound(PRODUCT_NOT_FOUND);
      const round = await rounds.findRound(exec, product.currentRoundId);
      if (!round || round.status === 'closed') return;
      let doubleNumber = 0;
      const wanted = roundComposition(
        proposed.map((p, sort) => ({
          kind: p.kind,
          letter: p.kind === 'letter' ? p.letter : p.kind === 'last' ? 'LAST' : `DC${++doubleNumber}`,
          initialQuantity: p.quantity ?? 1,
          sort,
        })),
      );
      const current = roundComposition(
        await exec.select().from(prizes).where(and(eq(prizes.productId, productId), eq(prizes.retired, false))),
      );
      if (JSON.stringify(wanted) !== JSON.stringify(current)) throw conflict(PRIZES_LOCKED);
    },

    async setActive(productId: string, active: boolean): Promise<void> {
      const updated = await ctx.db.update(products).set({ active }).where(eq(products.id, productId)).returning({ id: products.id });
      if (updated.length === 0) throw notFound(PRODUCT_NOT_FOUND);
      rounds.changed(ctx.db);
    },

    /**
     * GET /api/ichiban-kuji-products. Active products only. `all`: sets with tickets left first, then
     * newest first, then by name; the other lists keep that order (`newProducts`: newest round first).
     */
    async listProducts(exec: Executor = ctx.db): Promise<ProductListing> {
      return (await listingUntil(exec)).listing;
    },

    /** The listing with the moment it next changes by time alone (what the listing cache keeps it until). */
    listingUntil,

    /** One product's public view (its current round), or 404. Inactive products too, for orders. */
    async getProduct(productId: string, exec: Executor = ctx.db): Promise<Product> {
      const rows = await selectProducts(exec).where(eq(products.id, productId));
      if (rows.length === 0) throw notFound(PRODUCT_NOT_FOUND);
      return (await productViews(rows, exec))[0]!;
    },

    /** Locks a round (as lockRound) and reads its product and promotion in the same statement: what a purchase needs before drawing. */
    async lockProductOfRound(tx: Tx, setId: string) {
      const [row] = await tx
        .select({ product: products, promotion: promotions, round: setRounds })
        .from(setRounds)
        .innerJoin(products, eq(products.id, setRounds.productId))
        .leftJoin(promotions, eq(promotions.id, products.promotionId))
        .where(eq(setRounds.id, setId))
        // The round row only (the product stays free for the shop's other readers): its lock
        // serialises every change of the round's tickets, as `lockRound` does.
        .for('update', { of: setRounds });
      if (!row) throw notFound(PRODUCT_NOT_FOUND);
      return { product: row.product, promotion: promotionView(row.promotion), round: row.round as Round };
    },

    /** The product a round belongs to, as the shopper sees it now, or 404. */
    async getProductOfRound(setId: string, exec: Executor = ctx.db): Promise<RoundContext> {
      // One round trip: every purchase batch reads this before taking the round's lock.
      const [row] = await exec
        .select({ product: products, promotion: promotions, round: setRounds })
        .from(setRounds)
        .innerJoin(products, eq(products.id, setRounds.productId))
        .leftJoin(promotions, eq(promotions.id, products.promotionId))
        .where(eq(setRounds.id, setId));
      if (!row) throw notFound(PRODUCT_NOT_FOUND);
      return { product: asCatalogueProduct(row.product), promotion: promotionView(row.promotion), round: row.round as Round };
    },

    /**
     * GET /api/prizes/{setId}/{productId}: the round's prizes with "remaining/initial" counts. Any
     * round of the product works (results of an old round), a pair that does not match is a 404.
     */
    async listPrizes(setId: string, productId: string, exec: Executor = ctx.db): Promise<Prize[]> {
      const round = await rounds.findRound(exec, setId);
      if (!round || round.productId !== productId) throw notFound(PRODUCT_NOT_FOUND);
      const rows = await exec
        .select({ prize: prizes, counts: roundPrizes })
        .from(roundPrizes)
        .innerJoin(prizes, eq(prizes.id, roundPrizes.prizeId))
        .where(eq(roundPrizes.roundId, setId));
      rows.sort((a, b) => comparePrizes(a.prize, b.prize));
      return rows.map(({ prize, counts }) => ({
        id: prize.id,
        name: prize.name,
        rank: prize.letter,
        image: prize.image,
        description: prize.description,
        quantity: `${counts.remainingQuantity}/${counts.initialQuantity}`,
        type: prize.type,
        doubleChance: prize.kind === 'double',
      }));
    },

    /** Prizes of a product by id (inventory, results), without round counts. */
    async prizesByIds(ids: string[], exec: Executor = ctx.db): Promise<PrizeRow[]> {
      if (ids.length === 0) return [];
      return exec.select().from(prizes).where(inArray(prizes.id, ids));
    },

    async prizesOfProduct(productId: string, exec: Executor = ctx.db): Promise<PrizeRow[]> {
      const rows = await exec.select().from(prizes).where(eq(prizes.productId, productId));
      return rows.sort(comparePrizes);
    },

    /** A round as a fairness page may show it: the seed only after sell-out or reload. */
    async publicRound(setId: string, exec: Executor = ctx.db): Promise<PublicRound> {
      const [row] = await exec
        .select({ round: setRounds, productName: products.name })
        .from(setRounds)
        .innerJoin(products, eq(products.id, setRounds.productId))
        .where(eq(setRounds.id, setId));
      if (!row) throw notFound(PRODUCT_NOT_FOUND);
      const { round } = row;
      return {
        setId: round.id,
        productId: round.productId,
        productName: row.productName,
        sku: round.sku,
        roundNumber: round.roundNumber,
        status: round.status,
        commitment: round.commitment,
        serverSeed: round.seedRevealedAt ? round.serverSeed : null,
        totalTickets: round.totalTickets,
        openedAt: round.openedAt,
        closedAt: round.closedAt,
        rulesDocument: round.rulesDocument,
        rulesHash: round.rulesHash,
        headHash: round.headHash,
      };
    },

    /** Rounds of a product, newest first (admin, fairness history). */
    async roundsOfProduct(productId: string, exec: Executor = ctx.db) {
      const rows = await exec
        .select({ id: setRounds.id })
        .from(setRounds)
        .where(and(eq(setRounds.productId, productId)))
        .orderBy(desc(setRounds.roundNumber));
      return rows.map((r) => r.id);
    },

    /** True while no product exists (first start). */
    async isEmpty(exec: Executor = ctx.db): Promise<boolean> {
      const [row] = await exec.select({ id: products.id }).from(products).limit(1);
      return !row;
    },
  };
  const checkContract = ctx.config.env !== 'production';
  const listing = createListingCache({
    // Outside production a listing that drifts from its schema fails here, as the route's serializer would.
    build: () => service.listingUntil(),
    check: checkContract
      ? (listed) => {
          const checked = productListingSchema.safeParse(listed);
          if (!checked.success) throw new ResponseSerializationError('GET', '/api/ichiban-kuji-products', { cause: checked.error });
        }
      : undefined,
    // PGlite is one process's own database: every change to the listing passes through this instance.
    alone: ctx.database.kind === 'pglite',
    clock: ctx.clock,
    redisUrl: ctx.config.redisUrl,
    log: ctx.log,
  });
  rounds.onChanged(() => listing.invalidate());
  return service;
}
export type CatalogueService = ReturnType<typeof createCatalogueService>;
