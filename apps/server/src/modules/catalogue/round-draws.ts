import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { checkInStatement } from '../../db/round-trips.ts';
import { prizes, roundPrizes, setRounds } from './tables.ts';

export interface RecordedDraws {
  firstNonce: number;
  count: number;
  headHash: string | null;
  soldOut: boolean;
  prizeCounts?: ReadonlyMap<string, number>;
}

const letterValues = (wanted: ReadonlyArray<[string, number]>) =>
  wanted.length > 0
    ? sql.join(
        wanted.map(([letter, n]) => sql`(${letter}::text, ${n}::int)`),
        sql`, `,
      )
    : sql`(null::text, 0::int)`;

/**
 * Lowers a round's remaining prize counts by the letters drawn, in one statement. Throws (rolling
 * the caller back) rather than let a count go below 0.
 */
export async function decrementPrizes(tx: Tx, roundId: string, counts: ReadonlyMap<string, number>): Promise<void> {
  const wanted = [...counts].filter(([, count]) => count > 0);
  if (wanted.length === 0) return;
  const updated = (await tx.execute(sql`
    update ${roundPrizes} rp set remaining_quantity = rp.remaining_quantity - v.n
    from (values ${letterValues(wanted)}) as v(letter, n), ${prizes} p, ${setRounds} r
    where r.id = ${roundId} and rp.round_id = r.id and p.id = rp.prize_id and p.product_id = r.product_id
      and p.letter = v.letter and rp.remaining_quantity >= v.n
    returning rp.prize_id`)) as unknown as { rows: unknown[] };
  if (updated.rows.length !== wanted.length)
    throw new Error(`Prizes ${wanted.map(([l]) => l).join(', ')} of round ${roundId} cannot go below 0`);
}

/**
 * Records `count` draws on the locked round in one statement: the nonces move on (so tickets
 * left = totalTickets - nextNonce, a counter kept in the same transaction, never recounted), the
 * chained log's head moves to `headHash`, and a sell-out closes the round and reveals its seed.
 * `firstNonce` must be the nonce read under the lock; anything else is a bug and throws.
 */
export async function recordDraws(tx: Tx, roundId: string, input: RecordedDraws, at: Date): Promise<void> {
  const now = at.toISOString();
  const wanted = [...(input.prizeCounts ?? new Map<string, number>())].filter(([, count]) => count > 0);
  const prizesBelowZero = `Prizes ${wanted.map(([l]) => l).join(', ')} of round ${roundId} cannot go below 0`;
  // The letters drawn lower their prize counts in the same statement (never below 0). Its checks are
  // in the statement: a purchase batch sends it behind (db/round-trips.ts).
  await tx.execute(sql`
    with r as (
      update ${setRounds} set
        next_nonce = next_nonce + ${input.count},
        head_hash = coalesce(${input.headHash}::text, head_hash),
        status = case when ${input.soldOut} then 'sold_out' else status end,
        seed_revealed_at = case when ${input.soldOut} then ${now}::timestamptz else seed_revealed_at end,
        hold_until = case when ${input.soldOut} then null else hold_until end,
        hold_order_id = case when ${input.soldOut} then null else hold_order_id end
      where id = ${roundId} and next_nonce = ${input.firstNonce}
      returning id, product_id
    ),
    p as (
      update ${roundPrizes} rp set remaining_quantity = rp.remaining_quantity - v.n
      from (values ${letterValues(wanted)}) as v(letter, n), ${prizes} pz, r
      where rp.round_id = r.id and pz.id = rp.prize_id and pz.product_id = r.product_id
        and pz.letter = v.letter and rp.remaining_quantity >= v.n
      returning rp.prize_id
    )
    select ${checkInStatement(sql`(select count(*) from r) = 1`, 'Round nonce moved while locked')},
           ${checkInStatement(sql`(select count(*) from p) = ${wanted.length}`, prizesBelowZero)}`);
}

/** Gives out the round's Last Prize (final ticket taken); false when the set has none left. */
export async function awardLastPrize(tx: Tx, roundId: string): Promise<boolean> {
  const lastIds = tx
    .select({ id: prizes.id })
    .from(prizes)
    .innerJoin(setRounds, eq(setRounds.productId, prizes.productId))
    .where(and(eq(setRounds.id, roundId), eq(prizes.kind, 'last')));
  const updated = await tx
    .update(roundPrizes)
    .set({ remainingQuantity: sql`${roundPrizes.remainingQuantity} - 1` })
    .where(
      and(
        eq(roundPrizes.roundId, roundId),
        inArray(roundPrizes.prizeId, lastIds),
        gte(roundPrizes.remainingQuantity, 1),
      ),
    )
    .returning({ prizeId: roundPrizes.prizeId });
  return updated.length > 0;
}
