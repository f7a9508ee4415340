import crypto from 'node:crypto';
import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { ADMIN_PAGE_SIZE, type AdminDoubleChancePrize, type AdminPrize, type AdminSetRow } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import { badRequest, conflict, notFound } from '../../core/http-errors.ts';
import type { Executor, Tx } from '../../db/database.ts';
import type { StockService } from '../stock/service.ts';
import type { RoundsService } from './rounds.ts';
import { prizes, products, promotions, roundPrizes, setRounds } from './tables.ts';

const PRODUCT_NOT_FOUND = 'Product not found';
export const SKU_TAKEN = 'This SKU is already used by another round';
export const BOX_FIXED = "A running round's quantity and sold count follow its tickets; change prize quantities with Reload Set.";

/**
 * What the back office may change on a product without touching its round's box; a field left out
 * keeps its value. Prices apply to tickets sold from now on (docs/rules/back-office.md).
 */
export interface ProductPatch {
  name?: string;
  description?: string;
  image?: string;
  tags?: string[];
  priceCents?: number;
  tokenPrice?: number;
  sku?: string;
  active?: boolean;
  arrival?: string | null;
  doubleChance?: boolean;
  promotionId?: string | null;
  lotteryEnabled?: boolean;
  lotteryCompleted?: boolean;
}

/** A prize's new description and/or image (its letter, kind and quantity stay). */
export interface PrizeTextEdit {
  id: string;
  description?: string;
  image?: string;
}

/** The back office's view of the catalogue: paged lists, the detail and plain edits (docs/rules/back-office.md). */
export function createCatalogueAdmin(ctx: AppContext, deps: { stock: StockService; rounds: RoundsService }) {
  /** Letter tickets sold per round: initial minus remaining of the round's letter prizes. */
  async function soldByRound(exec: Executor, roundIds: string[]): Promise<Map<string, number>> {
    if (roundIds.length === 0) return new Map();
    const rows = await exec
      .select({
        roundId: roundPrizes.roundId,
        sold: sql<number>`coalesce(sum(${roundPrizes.initialQuantity} - ${roundPrizes.remainingQuantity}), 0)::int`,
      })
      .from(roundPrizes)
      .innerJoin(prizes, eq(prizes.id, roundPrizes.prizeId))
      .where(and(inArray(roundPrizes.roundId, roundIds), eq(prizes.kind, 'letter')))
      .groupBy(roundPrizes.roundId);
    return new Map(rows.map((r) => [r.roundId, Number(r.sold)]));
  }

  async function totalSoldByProduct(exec: Executor, productIds: string[]): Promise<Map<string, number>> {
    if (productIds.length === 0) return new Map();
    const rows = await exec
      .select({
        productId: setRounds.productId,
        sold: sql<number>`coalesce(sum(${roundPrizes.initialQuantity} - ${roundPrizes.remainingQuantity}), 0)::int`,
      })
      .from(roundPrizes)
      .innerJoin(setRounds, eq(setRounds.id, roundPrizes.roundId))
      .innerJoin(prizes, eq(prizes.id, roundPrizes.prizeId))
      .where(and(inArray(setRounds.productId, productIds), eq(prizes.kind, 'letter')))
      .groupBy(setRounds.productId);
    return new Map(rows.map((r) => [r.productId, Number(r.sold)]));
  }

  async function setRows(exec: Executor, rows: { product: typeof products.$inferSelect; round: typeof setRounds.$inferSelect }[]) {
    const sold = await soldByRound(exec, rows.map((r) => r.round.id));
    const totals = await totalSoldByProduct(exec, rows.map((r) => r.product.id));
    return rows.map(
      ({ product, round }): AdminSetRow => ({
        id: product.id,
        setId: round.id,
        productName: product.name,
        productSku: round.sku,
        productQuantity: round.totalTickets,
        sold: sold.get(round.id) ?? 0,
        active: product.active,
        preorder: product.preorder,
        arrival: product.arrival,
        totalSold: totals.get(product.id) ?? 0,
      }),
    );
  }

  return {
    /** GET /api/admin/sets: every product (active or not), newest first, by name or SKU. */
    async adminSets(query: { page: number; search: string }): Promise<{ sets: AdminSetRow[]; totalPages: number }> {
      const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const where = query.search ? or(ilike(products.name, pattern), ilike(setRounds.sku, pattern)) : undefined;
      const [{ total }] = (await ctx.db
        .select({ total: count() })
        .from(products)
        .innerJoin(setRounds, eq(setRounds.id, products.currentRoundId))
        .where(where)) as [{ total: number }];
      const rows = await ctx.db
        .select({ product: products, round: setRounds })
        .from(products)
        .innerJoin(setRounds, eq(setRounds.id, products.currentRoundId))
        .where(where)
        .orderBy(desc(products.createdAt), asc(products.name))
        .limit(ADMIN_PAGE_SIZE)
        .offset((query.page - 1) * ADMIN_PAGE_SIZE);
      return { sets: await setRows(ctx.db, rows), totalPages: Math.ceil(Number(total) / ADMIN_PAGE_SIZE) };
    },

    /** The admin detail's catalogue part: list row, round, prizes with this round's counts, promotion. */
    async adminProductParts(productId: string, exec: Executor = ctx.db) {
      const [row] = await exec
        .select({ product: products, round: setRounds, promotion: promotions })
        .from(products)
        .innerJoin(setRounds, eq(setRounds.id, products.currentRoundId))
        .leftJoin(promotions, eq(promotions.id, products.promotionId))
        .where(eq(products.id, productId));
      if (!row) throw notFound(PRODUCT_NOT_FOUND);
      const [listRow] = await setRows(exec, [row]);
      const prizeRows = await exec
        .select({ prize: prizes, counts: roundPrizes })
        .from(prizes)
        .leftJoin(roundPrizes, and(eq(roundPrizes.prizeId, prizes.id), eq(roundPrizes.roundId, row.round.id)))
        .where(and(eq(prizes.productId, productId), eq(prizes.retired, false)))
        .orderBy(asc(prizes.sort));
      const { left } = await deps.stock.availabilityOf(exec, row.round.id);
      return {
        row: listRow!,
        product: row.product,
        round: row.round,
        ticketsLeft: row.round.status === 'open' ? left : 0,
        promotion: row.promotion ? { id: row.promotion.id, description: row.promotion.description } : null,
        prizes: prizeRows.map(
          ({ prize, counts }): AdminPrize => ({
            id: prize.id,
            letter: prize.letter,
            kind: prize.kind,
            name: prize.name,
            description: prize.description,
            image: prize.image,
            type: prize.type,
            remainingQuantity: counts?.remainingQuantity ?? prize.initialQuantity,
            initialQuantity: counts?.initialQuantity ?? prize.initialQuantity,
          }),
        ),
      };
    },

    /** Plain edits of a product and its current round: only the fields the patch carries change. */
    async updateProduct(tx: Tx, productId: string, patch: ProductPatch): Promise<void> {
      // The shop's cached listing is dropped when this commits (docs/rules/catalogue.md).
      deps.rounds.changed(tx);
      const [product] = await tx.select().from(products).where(eq(products.id, productId)).for('update');
      if (!product?.currentRoundId) throw notFound(PRODUCT_NOT_FOUND);
      if (patch.promotionId) {
        const [promotion] = await tx.select({ id: promotions.id }).from(promotions).where(eq(promotions.id, patch.promotionId));
        if (!promotion) throw badRequest('Promotion not found');
      }
      const round = await deps.rounds.lockRound(tx, product.currentRoundId);
      if (patch.sku !== undefined && patch.sku !== round.sku) {
        const [taken] = await tx.select({ id: setRounds.id }).from(setRounds).where(eq(setRounds.sku, patch.sku));
        if (taken) throw conflict(SKU_TAKEN);
      }
      const productChanges = Object.fromEntries(
        Object.entries({
          name: patch.name,
          description: patch.description,
          image: patch.image,
          tags: patch.tags,
          priceCents: patch.priceCents,
          tokenPrice: patch.tokenPrice,
          active: patch.active,
          // Arrival belongs to pre-orders only.
          arrival: product.preorder ? patch.arrival : undefined,
          doubleChance: patch.doubleChance,
          promotionId: patch.promotionId,
          lotteryEnabled: patch.lotteryEnabled,
        }).filter(([, value]) => value !== undefined),
      );
      if (Object.keys(productChanges).length > 0) await tx.update(products).set(productChanges).where(eq(products.id, productId));
      const roundChanges = Object.fromEntries(
        Object.entries({ sku: patch.sku, lotteryCompleted: patch.lotteryCompleted }).filter(([, value]) => value !== undefined),
      );
      if (Object.keys(roundChanges).length > 0) await tx.update(setRounds).set(roundChanges).where(eq(setRounds.id, round.id));
    },

    /**
     * Prize descriptions and images (docs/rules/back-office.md): texts and artwork, which the round's
     * committed rules document does not hold, so they change at once, mid-round too.
     */
    async editPrizes(tx: Tx, productId: string, edits: readonly PrizeTextEdit[]): Promise<void> {
      if (edits.length === 0) return;
      deps.rounds.changed(tx);
      const own = new Set((await tx.select({ id: prizes.id }).from(prizes).where(eq(prizes.productId, productId))).map((p) => p.id));
      for (const edit of edits) {
        if (!own.has(edit.id)) throw badRequest('Prize not found');
        const changes = Object.fromEntries(Object.entries({ description: edit.description, image: edit.image }).filter(([, v]) => v !== undefined));
        if (Object.keys(changes).length > 0) await tx.update(prizes).set(changes).where(eq(prizes.id, edit.id));
      }
    },

    /**
     * Replaces the product's double-chance prizes (docs/rules/catalogue.md): listed ids are updated,
     * rows without id are added as the next DCn, the others are retired (kept for past rounds). The
     * current round keeps its own counts; the caller runs the prize guard or reloads.
     */
    async setDoubleChancePrizes(tx: Tx, productId: string, wanted: readonly AdminDoubleChancePrize[]): Promise<void> {
      deps.rounds.changed(tx);
      const [product] = await tx.select().from(products).where(eq(products.id, productId)).for('update');
      if (!product) throw notFound(PRODUCT_NOT_FOUND);
      const all = await tx.select().from(prizes).where(eq(prizes.productId, productId));
      const doubles = all.filter((p) => p.kind === 'double');
      const byId = new Map(doubles.map((p) => [p.id, p]));
      for (const prize of wanted) {
        if (prize.id && !byId.has(prize.id)) throw badRequest('Double-chance prize not found');
      }
      if (new Set(wanted.filter((p) => p.id).map((p) => p.id)).size !== wanted.filter((p) => p.id).length) {
        throw badRequest('Double-chance prize listed twice');
      }
      const kept = new Set(wanted.map((p) => p.id).filter(Boolean));
      for (const prize of doubles) {
        if (!kept.has(prize.id) && !prize.retired) await tx.update(prizes).set({ retired: true }).where(eq(prizes.id, prize.id));
      }
      let nextNumber = Math.max(0, ...doubles.map((p) => Number(p.letter.slice(2)) || 0));
      let nextSort = Math.max(0, ...all.map((p) => p.sort));
      for (const prize of wanted) {
        const description = prize.description || prize.name;
        if (prize.id) {
          await tx
            .update(prizes)
            .set({ name: prize.name, description, initialQuantity: prize.quantity, retired: false, sort: ++nextSort })
            .where(eq(prizes.id, prize.id));
        } else {
          await tx.insert(prizes).values({
            id: crypto.randomUUID(),
            productId,
            letter: `DC${++nextNumber}`,
            kind: 'double',
            name: prize.name,
            description,
            image: product.image,
            type: 'Big',
            initialQuantity: prize.quantity,
            sort: ++nextSort,
          });
        }
      }
    },

    /** Sold and total tickets of every open round of an active product (the dashboard's sell-through). */
    async liveSellThrough(): Promise<{ setId: string; productName: string; sku: string; sold: number; total: number }[]> {
      const rows = await ctx.db
        .select({ product: products, round: setRounds })
        .from(products)
        .innerJoin(setRounds, eq(setRounds.id, products.currentRoundId))
        .where(and(eq(products.active, true), eq(setRounds.status, 'open')))
        .orderBy(asc(products.name));
      const sold = await soldByRound(ctx.db, rows.map((r) => r.round.id));
      return rows.map(({ product, round }) => ({
        setId: round.id,
        productName: product.name,
        sku: round.sku,
        sold: sold.get(round.id) ?? 0,
        total: round.totalTickets,
      }));
    },

    /** Pre-order or in stock; returns whether it was a pre-order before. */
    async setPreorder(tx: Tx, productId: string, preorder: boolean): Promise<{ wasPreorder: boolean; name: string }> {
      deps.rounds.changed(tx);
      const [product] = await tx.select().from(products).where(eq(products.id, productId)).for('update');
      if (!product) throw notFound(PRODUCT_NOT_FOUND);
      await tx.update(products).set({ preorder }).where(eq(products.id, productId));
      return { wasPreorder: product.preorder, name: product.name };
    },
  };
}
