import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import type { Executor, Tx } from '../../db/database.ts';
import { notFound } from '../../core/http-errors.ts';
import { atCommit } from '../../core/after-commit.ts';
import { prizes, roundPrizes, setRounds } from './tables.ts';

export type RoundStatus = 'open' | 'sold_out' | 'closed';

/** A round as other modules see it (with its secret seed: for server use only, never in a public answer). */
export interface Round {
  id: string;
  productId: string;
  sku: string;
  roundNumber: number;
  status: RoundStatus;
  serverSeed: string;
  commitment: string;
  seedRevealedAt: Date | null;
  totalTickets: number;
  nextNonce: number;
  holdUntil: Date | null;
  holdOrderId: string | null;
  lotteryCompleted: boolean;
  openedAt: Date;
  closedAt: Date | null;
  /** The committed rules document and its hash (docs/rules/fairness.md); null on rounds opened before them. */
  rulesDocument: string | null;
  rulesHash: string | null;
  /** The chained log's head, moved under the round lock. */
  headHash: string | null;
}
/** The stored row; the same fields as `Round` (checked below), kept inside the catalogue module. */
type RoundRow = typeof setRounds.$inferSelect;
const asRound = (row: RoundRow): Round => row;

/**
 * Round-level operations other modules need inside their own transactions (the ticket box in
 * stock, and later purchases and draws). Kept apart from the listing so stock can use them
 * without a dependency cycle.
 */
export function createRoundsService(ctx: AppContext) {
  const listeners = new Set<() => void>();
  /** What the shop lists changed in this transaction: listeners hear it the moment it commits. */
  const changed = (exec: Executor) => atCommit(exec, () => listeners.forEach((listener) => listener()));

  return {
    changed,

    /** Called at every commit that changes what the catalogue listing shows (its cache listens). */
    onChanged(listener: () => void): void {
      listeners.add(listener);
    },

    /**
     * Locks the round row (SELECT ... FOR UPDATE) for the rest of the caller's transaction and
     * returns it with its secret seed. Every change of a round's tickets happens under this lock,
     * so purchases of one round are serialised on any number of server instances.
     */
    async lockRound(tx: Tx, setId: string): Promise<Round> {
      const [round] = await tx.select().from(setRounds).where(eq(setRounds.id, setId)).for('update');
      if (!round) throw notFound('Product not found');
      return asRound(round);
    },

    /** The round row (with its seed: for server use only), or null. */
    async findRound(exec: Executor, setId: string): Promise<Round | null> {
      const [round] = await exec.select().from(setRounds).where(eq(setRounds.id, setId));
      return round ? asRound(round) : null;
    },

    /** Several round rows (with seeds: server use only) in one query. */
    async findRounds(exec: Executor, ids: readonly string[]): Promise<Round[]> {
      if (ids.length === 0) return [];
      return exec.select().from(setRounds).where(inArray(setRounds.id, [...ids]));
    },

    /** Reserves `count` consecutive round-wide nonces and returns the first. */
    async allocateNonces(tx: Tx, roundId: string, count: number): Promise<number> {
      const [row] = await tx
        .update(setRounds)
        .set({ nextNonce: sql`${setRounds.nextNonce} + ${count}` })
        .where(eq(setRounds.id, roundId))
        .returning({ next: setRounds.nextNonce });
      if (!row) throw notFound('Product not found');
      return row.next - count;
    },

    /**
     * Moves the round's chained-log head to `headHash` (docs/rules/fairness.md). Only under the round
     * lock, in the transaction that wrote the entries, so the chain can never fork.
     */
    async advanceHead(tx: Tx, roundId: string, headHash: string): Promise<void> {
      await tx.update(setRounds).set({ headHash }).where(eq(setRounds.id, roundId));
    },

    /**
     * Lowers a round's remaining prize counts by the letters drawn, in one statement. Throws (rolling
     * the caller back) rather than let a count go below 0.
     */
    async decrementPrizes(tx: Tx, roundId: string, counts: ReadonlyMap<string, number>): Promise<void> {
      const wanted = [...counts].filter(([, count]) => count > 0);
      if (wanted.length === 0) return;
      const values = sql.join(
        wanted.map(([letter, count]) => sql`(${letter}::text, ${count}::int)`),
        sql`, `,
      );
      const updated = (await tx.execute(sql`
        update ${roundPrizes} rp set remaining_quantity = rp.remaining_quantity - v.n
        from (values ${values}) as v(letter, n), ${prizes} p, ${setRounds} r
        where r.id = ${roundId} and rp.round_id = r.id and p.id = rp.prize_id and p.product_id = r.product_id
          and p.letter = v.letter and rp.remaining_quantity >= v.n
        returning rp.prize_id`)) as unknown as { rows: unknown[] };
      if (updated.rows.length !== wanted.length) throw new Error(`Prizes ${wanted.map(([l]) => l).join(', ')} of round ${roundId} cannot go below 0`);
    },

    /**
     * Records `count` draws on the locked round in one statement: the nonces move on (so tickets
     * left = totalTickets - nextNonce, a counter kept in the same transaction, never recounted), the
     * chained log's head moves to `headHash`, and a sell-out closes the round and reveals its seed.
     * `firstNonce` must be the nonce read under the lock; anything else is a bug and throws.
     */
    async recordDraws(
      tx: Tx,
      roundId: string,
      input: { firstNonce: number; count: number; headHash: string | null; soldOut: boolean; prizeCounts?: ReadonlyMap<string, number> },
    ): Promise<void> {
      const now = ctx.clock.now().toISOString();
      const wanted = [...(input.prizeCounts ?? new Map<string, number>())].filter(([, count]) => count > 0);
      // The letters drawn lower their prize counts in the same statement (never below 0).
      const values = wanted.length > 0 ? sql.join(wanted.map(([letter, n]) => sql`(${letter}::text, ${n}::int)`), sql`, `) : sql`(null::text, 0::int)`;
      const result = (await tx.execute(sql`
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
          from (values ${values}) as v(letter, n), ${prizes} pz, r
          where rp.round_id = r.id and pz.id = rp.prize_id and pz.product_id = r.product_id
            and pz.letter = v.letter and rp.remaining_quantity >= v.n
          returning rp.prize_id
        )
        select (select count(*) from r)::int as rounds, (select count(*) from p)::int as prizes`)) as unknown as {
        rows: { rounds: number; prizes: number }[];
      };
      const row = result.rows[0]!;
      if (Number(row.rounds) !== 1) throw new Error('Round nonce moved while locked');
      if (Number(row.prizes) !== wanted.length) throw new Error(`Prizes ${wanted.map(([l]) => l).join(', ')} of round ${roundId} cannot go below 0`);
      changed(tx);
    },

    /** Gives out the round's Last Prize (final ticket taken); false when the set has none left. */
    async awardLastPrize(tx: Tx, roundId: string): Promise<boolean> {
      const lastIds = tx
        .select({ id: prizes.id })
        .from(prizes)
        .innerJoin(setRounds, eq(setRounds.productId, prizes.productId))
        .where(and(eq(setRounds.id, roundId), eq(prizes.kind, 'last')));
      const updated = await tx
        .update(roundPrizes)
        .set({ remainingQuantity: sql`${roundPrizes.remainingQuantity} - 1` })
        .where(
          and(eq(roundPrizes.roundId, roundId), inArray(roundPrizes.prizeId, lastIds), gte(roundPrizes.remainingQuantity, 1)),
        )
        .returning({ prizeId: roundPrizes.prizeId });
      return updated.length > 0;
    },

    /** Marks the round sold out and reveals its seed (docs/rules/fairness.md). */
    async markSoldOut(tx: Tx, roundId: string): Promise<void> {
      const now = ctx.clock.now();
      await tx
        .update(setRounds)
        .set({ status: 'sold_out', seedRevealedAt: now, holdUntil: null, holdOrderId: null })
        .where(eq(setRounds.id, roundId));
      changed(tx);
    },

    /** Puts the round on a buy-out hold until `until` (docs/rules/buying.md). */
    async setHold(tx: Tx, roundId: string, until: Date, orderId: string): Promise<void> {
      await tx.update(setRounds).set({ holdUntil: until, holdOrderId: orderId }).where(eq(setRounds.id, roundId));
      changed(tx);
    },

    async clearHold(tx: Tx, roundId: string): Promise<void> {
      await tx.update(setRounds).set({ holdUntil: null, holdOrderId: null }).where(eq(setRounds.id, roundId));
      changed(tx);
    },

    /** Seconds left of the round's hold at the clock's now, 0 when none. */
    holdSecondsLeft(round: Pick<RoundRow, 'holdUntil'>): number {
      if (!round.holdUntil) return 0;
      const ms = round.holdUntil.getTime() - ctx.clock.now().getTime();
      return ms > 0 ? Math.ceil(ms / 1000) : 0;
    },

    async markLotteryCompleted(tx: Tx, roundId: string, completed: boolean): Promise<void> {
      await tx.update(setRounds).set({ lotteryCompleted: completed }).where(eq(setRounds.id, roundId));
    },
  };
}
export type RoundsService = ReturnType<typeof createRoundsService>;
