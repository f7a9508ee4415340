import { eq, inArray } from 'drizzle-orm';
import type { Prize } from '@kujiya/shared';
import type { Executor } from '../../db/database.ts';
import { notFound } from '../../core/http-errors.ts';
import type { RoundsService } from './rounds.ts';
import { prizes, roundPrizes, setRounds } from './tables.ts';
import { PRODUCT_NOT_FOUND, type CataloguePrize } from './types.ts';
import { asCataloguePrize, comparePrizes } from './views.ts';

/**
 * GET /api/prizes/{setId}/{productId}: the round's prizes with "remaining/initial" counts. Any
 * round of the product works (results of an old round), a pair that does not match is a 404.
 */
export async function listPrizes(
  rounds: RoundsService,
  exec: Executor,
  setId: string,
  productId: string,
): Promise<Prize[]> {
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
}

/** Prizes by id (inventory, results), without round counts. */
export async function prizesByIds(exec: Executor, ids: string[]): Promise<CataloguePrize[]> {
  if (ids.length === 0) return [];
  return (await exec.select().from(prizes).where(inArray(prizes.id, ids))).map(asCataloguePrize);
}

/**
 * `prizesOfProduct` of a round's product, by the round's id: a purchase batch sends it together with
 * its read of the round (db/round-trips.ts), before it knows the product.
 */
export async function prizesOfRound(exec: Executor, roundId: string): Promise<CataloguePrize[]> {
  const rows = await exec
    .select({ prize: prizes })
    .from(prizes)
    .innerJoin(setRounds, eq(setRounds.productId, prizes.productId))
    .where(eq(setRounds.id, roundId));
  return rows
    .map((row) => row.prize)
    .sort(comparePrizes)
    .map(asCataloguePrize);
}

/** A product's prizes in display order, retired double-chance prizes too. */
export async function prizesOfProduct(exec: Executor, productId: string): Promise<CataloguePrize[]> {
  const rows = await exec.select().from(prizes).where(eq(prizes.productId, productId));
  return rows.sort(comparePrizes).map(asCataloguePrize);
}
