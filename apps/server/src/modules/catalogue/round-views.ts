import { desc, eq, sql } from 'drizzle-orm';
import { isTransaction, preparedPerDatabase, type Executor, type Tx } from '../../db/database.ts';
import { notFound } from '../../core/http-errors.ts';
import { startNow } from '../../db/round-trips.ts';
import { asRound } from './rounds.ts';
import { products, promotions, setRounds } from './tables.ts';
import { PRODUCT_NOT_FOUND, type PublicRound, type RoundContext } from './types.ts';
import { asCatalogueProduct, promotionView } from './views.ts';

/** Locks a round (as lockRound) and reads its product and promotion in the same statement: what a purchase needs before drawing. */
export async function lockProductOfRound(tx: Tx, setId: string): Promise<RoundContext> {
  // Sent before this returns: a purchase batch sends its reads right behind it (db/round-trips.ts).
  const [row] = await startNow(
    tx
      .select({ product: products, promotion: promotions, round: setRounds })
      .from(setRounds)
      .innerJoin(products, eq(products.id, setRounds.productId))
      .leftJoin(promotions, eq(promotions.id, products.promotionId))
      .where(eq(setRounds.id, setId))
      // The round row only (the product stays free for the shop's other readers): its lock
      // serialises every change of the round's tickets, as `lockRound` does.
      .for('update', { of: setRounds }),
  );
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  return {
    product: asCatalogueProduct(row.product),
    promotion: promotionView(row.promotion),
    round: asRound(row.round),
  };
}

const productOfRoundQuery = (exec: Executor) =>
  exec
    .select({ product: products, promotion: promotions, round: setRounds })
    .from(setRounds)
    .innerJoin(products, eq(products.id, setRounds.productId))
    .leftJoin(promotions, eq(promotions.id, products.promotionId));

const preparedProductOfRound = preparedPerDatabase((db) =>
  productOfRoundQuery(db)
    .where(eq(setRounds.id, sql.placeholder('setId')))
    .prepare('kujiya_product_of_round'),
);

/**
 * The product a round belongs to, as the shopper sees it now, or 404. Read on every purchase, status
 * and room check of a drop: outside a transaction it runs as a named statement prepared once per
 * database (no query building or planning each time, docs/performance.md).
 */
export async function getProductOfRound(exec: Executor, setId: string): Promise<RoundContext> {
  const [row] = isTransaction(exec)
    ? await productOfRoundQuery(exec).where(eq(setRounds.id, setId))
    : await preparedProductOfRound(exec).execute({ setId });
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  return {
    product: asCatalogueProduct(row.product),
    promotion: promotionView(row.promotion),
    round: asRound(row.round),
  };
}

/** A round as a fairness page may show it: the seed only after sell-out or reload. */
export async function publicRound(exec: Executor, setId: string): Promise<PublicRound> {
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
}

/** Rounds of a product, newest first (admin, fairness history). */
export async function roundsOfProduct(exec: Executor, productId: string): Promise<string[]> {
  const rows = await exec
    .select({ id: setRounds.id })
    .from(setRounds)
    .where(eq(setRounds.productId, productId))
    .orderBy(desc(setRounds.roundNumber));
  return rows.map((r) => r.id);
}

/** True while no product exists (first start). */
export async function isEmpty(exec: Executor): Promise<boolean> {
  const [row] = await exec.select({ id: products.id }).from(products).limit(1);
  return !row;
}
