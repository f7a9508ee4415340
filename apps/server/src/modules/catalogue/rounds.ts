import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import type { Executor, Tx } from '../../db/database.ts';
import { notFound } from '../../core/http-errors.ts';
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
  return {
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
     * Lowers a round's remaining prize counts by the letters drawn. Throws (rolling the caller back)
     * rather than let a count go below 0.
     */
    async decrementPrizes(tx: Tx, roundId: string, counts: ReadonlyMap<string, number>): Promise<void> {
      for (const [letter, count] of counts) {
        if (count <= 0) continue;
        const prizeIds = tx
          .select({ id: prizes.id })
          .from(prizes)
          .innerJoin(setRounds, eq(setRounds.productId, prizes.productId))
          .where(and(eq(setRounds.id, roundId), eq(prizes.letter, letter)));
        const updated = await tx
          .update(roundPrizes)
          .set({ remainingQuantity: sql`${roundPrizes.remainingQuantity} - ${count}` })
          .where(
            and(
              eq(roundPrizes.roundId, roundId),
              inArray(roundPrizes.prizeId, prizeIds),
              gte(roundPrizes.remainingQuantity, count),
            ),
          )
          .returning({ prizeId: roundPrizes.prizeId });
        if (updated.length !== 1) throw new Error(`Prize ${letter} of round ${roundId} cannot go below 0`);
      }
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
    },

    /** Puts the round on a buy-out hold until `until` (docs/rules/buying.md). */
    async setHold(tx: Tx, roundId: string, until: Date, orderId: string): Promise<void> {
      await tx.update(setRounds).set({ holdUntil: until, holdOrderId: orderId }).where(eq(setRounds.id, roundId));
    },

    async clearHold(tx: Tx, roundId: string): Promise<void> {
      await tx.update(setRounds).set({ holdUntil: null, holdOrderId: null }).where(eq(setRounds.id, roundId));
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
