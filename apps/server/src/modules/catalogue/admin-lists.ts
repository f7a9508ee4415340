import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { ADMIN_PAGE_SIZE, type AdminPrize, type AdminSetRow } from '@kujiya/shared';
import type { Executor } from '../../db/database.ts';
import { notFound } from '../../core/http-errors.ts';
import type { CatalogueDeps } from './deps.ts';
import { asRound } from './rounds.ts';
import { prizes, products, promotions, roundPrizes, setRounds } from './tables.ts';
import { PRODUCT_NOT_FOUND } from './types.ts';
import { asCatalogueProduct, type ProductRow } from './views.ts';

type RoundRow = typeof setRounds.$inferSelect;

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

async function setRows(exec: Executor, rows: { product: ProductRow; round: RoundRow }[]) {
  const sold = await soldByRound(
    exec,
    rows.map((r) => r.round.id),
  );
  const totals = await totalSoldByProduct(
    exec,
    rows.map((r) => r.product.id),
  );
  return rows.map(({ product, round }): AdminSetRow => ({
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
  }));
}

/** GET /api/admin/sets: every product (active or not), newest first, by name or SKU. */
export async function adminSets(exec: Executor, query: { page: number; search: string }) {
  const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = query.search ? or(ilike(products.name, pattern), ilike(setRounds.sku, pattern)) : undefined;
  const [{ total }] = (await exec
    .select({ total: count() })
    .from(products)
    .innerJoin(setRounds, eq(setRounds.id, products.currentRoundId))
    .where(where)) as [{ total: number }];
  const rows = await exec
    .select({ product: products, round: setRounds })
    .from(products)
    .innerJoin(setRounds, eq(setRounds.id, products.currentRoundId))
    .where(where)
    .orderBy(desc(products.createdAt), asc(products.name))
    .limit(ADMIN_PAGE_SIZE)
    .offset((query.page - 1) * ADMIN_PAGE_SIZE);
  return { sets: await setRows(exec, rows), totalPages: Math.ceil(Number(total) / ADMIN_PAGE_SIZE) };
}

/** The admin detail's catalogue part: list row, round, prizes with this round's counts, promotion. */
export async function adminProductParts(d: CatalogueDeps, exec: Executor, productId: string) {
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
  const { left } = await d.stock.availabilityOf(exec, row.round.id);
  return {
    row: listRow!,
    product: asCatalogueProduct(row.product),
    round: asRound(row.round),
    ticketsLeft: row.round.status === 'open' ? left : 0,
    promotion: row.promotion ? { id: row.promotion.id, description: row.promotion.description } : null,
    prizes: prizeRows.map(({ prize, counts }): AdminPrize => ({
      id: prize.id,
      letter: prize.letter,
      kind: prize.kind,
      name: prize.name,
      description: prize.description,
      image: prize.image,
      type: prize.type,
      remainingQuantity: counts?.remainingQuantity ?? prize.initialQuantity,
      initialQuantity: counts?.initialQuantity ?? prize.initialQuantity,
    })),
  };
}

/** Sold and total tickets of every open round of an active product (the dashboard's sell-through). */
export async function liveSellThrough(
  exec: Executor,
): Promise<{ setId: string; productName: string; sku: string; sold: number; total: number }[]> {
  const rows = await exec
    .select({ product: products, round: setRounds })
    .from(products)
    .innerJoin(setRounds, eq(setRounds.id, products.currentRoundId))
    .where(and(eq(products.active, true), eq(setRounds.status, 'open')))
    .orderBy(asc(products.name));
  const sold = await soldByRound(
    exec,
    rows.map((r) => r.round.id),
  );
  return rows.map(({ product, round }) => ({
    setId: round.id,
    productName: product.name,
    sku: round.sku,
    sold: sold.get(round.id) ?? 0,
    total: round.totalTickets,
  }));
}
