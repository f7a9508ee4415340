import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import type { CatalogueDeps } from './deps.ts';
import { prizes, products, roundPrizes } from './tables.ts';
import { comparePrizes } from './views.ts';

/** One prize's line on a round's board: its remaining count of the initial one. */
export interface BoardPrize {
  id: string;
  name: string;
  rank: string;
  remaining: number;
  initial: number;
}

/**
 * The collection sheet of a round as it stands (docs/rules/drops.md, "Live board"): tickets a shopper
 * can buy now (`left`, as the listing counts them), the box's total and each prize's remaining count.
 */
export interface RoundBoard {
  setId: string;
  productId: string;
  productName: string;
  status: 'open' | 'sold_out' | 'closed';
  left: number;
  total: number;
  prizes: BoardPrize[];
}

/** The round's board, or null when there is no such round. */
export async function roundBoard(d: CatalogueDeps, exec: Executor, setId: string): Promise<RoundBoard | null> {
  const round = await d.rounds.findRound(exec, setId);
  if (!round) return null;
  const [[product], rows, availability] = await Promise.all([
    exec.select({ name: products.name }).from(products).where(eq(products.id, round.productId)),
    exec
      .select({ prize: prizes, counts: roundPrizes })
      .from(roundPrizes)
      .innerJoin(prizes, eq(prizes.id, roundPrizes.prizeId))
      .where(eq(roundPrizes.roundId, setId)),
    d.stock.availabilityOfRounds(exec, [round]),
  ]);
  rows.sort((a, b) => comparePrizes(a.prize, b.prize));
  return {
    setId,
    productId: round.productId,
    productName: product?.name ?? '',
    status: round.status,
    left: round.status === 'open' ? (availability.get(setId)?.left ?? 0) : 0,
    total: round.totalTickets,
    prizes: rows.map(({ prize, counts }) => ({
      id: prize.id,
      name: prize.name,
      rank: prize.letter,
      remaining: counts.remainingQuantity,
      initial: counts.initialQuantity,
    })),
  };
}
