import { and, asc, eq } from 'drizzle-orm';
import { drawDoubleChance, drawLottery, extendChain, prizeUnits } from '@kujiya/shared';
import type { Executor, Tx } from '../../db/database.ts';
import type { FairnessDeps } from './deps.ts';
import { fairnessPicks } from './tables.ts';

export type SellOutDomain = 'lottery' | 'double';

/** One sell-out pick: unit `prize` went to ticket `ticketIndex` of order `orderId`. */
export interface SellOutPick {
  n: number;
  ticketIndex: number;
  prize: string;
  orderId: string | null;
}

/** The round's prize quantities as published: letter prizes (the box) and double-chance prizes. */
export async function roundPrizes(d: FairnessDeps, exec: Executor, setId: string, productId: string) {
  const list = await d.catalogue.listPrizes(exec, setId, productId);
  const initial = (quantity: string) => Number(quantity.split('/')[1]);
  return {
    letters: list.filter((p) => /^[A-Z]$/.test(p.rank)).map((p) => ({ letter: p.rank, quantity: initial(p.quantity) })),
    double: list
      .filter((p) => p.doubleChance)
      .map((p) => ({ rank: p.rank, name: p.name, quantity: initial(p.quantity) })),
  };
}

export async function picksOf(exec: Executor, roundId: string, domain: SellOutDomain) {
  return exec
    .select()
    .from(fairnessPicks)
    .where(and(eq(fairnessPicks.roundId, roundId), eq(fairnessPicks.domain, domain)))
    .orderBy(asc(fairnessPicks.n));
}

const asPick = (p: SellOutPick): SellOutPick => ({
  n: p.n,
  ticketIndex: p.ticketIndex,
  prize: p.prize,
  orderId: p.orderId,
});

/**
 * Draws a sold-out round's lottery (every letter prize unit, letters in order) or double-chance
 * prizes (in prize order) among its tickets in nonce order, inside the caller's transaction, and
 * logs the picks. Exactly once: a second call returns the logged picks and draws nothing.
 */
export async function drawSellOut(
  d: FairnessDeps,
  tx: Tx,
  roundId: string,
  domain: SellOutDomain,
): Promise<SellOutPick[]> {
  const round = await d.catalogue.lockRound(tx, roundId);
  const existing = await picksOf(tx, roundId, domain);
  if (existing.length > 0) return existing.map(asPick);
  const [log, box] = [await d.stock.drawLog(tx, roundId), await d.stock.box(tx, roundId)];
  if (log.length !== box.length)
    throw new Error(`Round ${roundId} is not sold out: ${log.length}/${box.length} tickets drawn`);
  const entries = log.map((entry) => entry.ticketIndex);
  const orderOf = new Map(log.map((entry) => [entry.ticketIndex, entry.orderId]));
  const units = domain === 'lottery' ? box : prizeUnits((await roundPrizes(d, tx, roundId, round.productId)).double);
  if (units.length === 0) return [];
  const draw = domain === 'lottery' ? drawLottery : drawDoubleChance;
  const picks = draw(round.serverSeed, entries, units).map((pick) => ({
    n: pick.n,
    ticketIndex: pick.ticketIndex,
    prize: pick.unit,
    orderId: orderOf.get(pick.ticketIndex) ?? null,
  }));
  const pickedAt = d.ctx.clock.now();
  // The picks extend the chained log from the head read under the round lock (docs/rules/fairness.md).
  const chain = round.headHash
    ? extendChain(
        round.headHash,
        picks.map((pick) => ({
          domain,
          nonce: pick.n,
          clientSeed: null,
          ticketIndex: pick.ticketIndex,
          letter: pick.prize,
        })),
      )
    : null;
  await tx
    .insert(fairnessPicks)
    .values(picks.map((pick, i) => ({ roundId, domain, ...pick, pickedAt, hash: chain ? chain.hashes[i]! : null })));
  if (chain) await d.catalogue.advanceHead(tx, roundId, chain.head);
  return picks;
}
