import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import type { Executor, Tx } from '../../db/database.ts';
import { notFound } from '../../core/http-errors.ts';
import { atCommit } from '../../core/after-commit.ts';
import type { RoundLedger } from '../stock/service.ts';
import { awardLastPrize, decrementPrizes, recordDraws, type RecordedDraws } from './round-draws.ts';
import type { ListingChanges } from './listing-cache.ts';
import { setRounds } from './tables.ts';

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
  /** The scheduled opening (docs/rules/drops.md): nothing sells before it; null sells at once. */
  salesStartAt: Date | null;
  /** The committed rules document and its hash (docs/rules/fairness.md); null on rounds opened before them. */
  rulesDocument: string | null;
  rulesHash: string | null;
  /** The chained log's head, moved under the round lock. */
  headHash: string | null;
}
/** The stored row; the same fields as `Round` (checked below), kept inside the catalogue module. */
type RoundRow = typeof setRounds.$inferSelect;
export const asRound = (row: RoundRow): Round => row;

async function roundsOpeningBetween(exec: Executor, from: Date, to: Date): Promise<Round[]> {
  const rows = await exec
    .select()
    .from(setRounds)
    .where(and(eq(setRounds.status, 'open'), gte(setRounds.salesStartAt, from), lte(setRounds.salesStartAt, to)));
  return rows.map(asRound);
}

/**
 * Round-level operations other modules need inside their own transactions: the round lock, the
 * draws recorded on it (stock's `RoundLedger`), holds and the lottery flag. Built before stock and
 * the catalogue facade; `listingChanges` hears of every commit that changes what the shop lists.
 */
export function createRoundsService(
  ctx: AppContext,
  deps: {
    listingChanges: Pick<ListingChanges, 'invalidate'>;
    /** A round's tickets changed (at commit): its live prize board moves (docs/rules/drops.md). */
    boardChanged?: (roundId: string) => void;
  },
) {
  /**
   * What the shop lists changed in this transaction: the listing hears it the moment it commits, and
   * so does the live board of `roundId` when the change is one round's tickets.
   */
  const changed = (exec: Executor, roundId?: string) =>
    atCommit(exec, () => {
      deps.listingChanges.invalidate();
      if (roundId) deps.boardChanged?.(roundId);
    });
  const update = async (tx: Tx, roundId: string, values: Partial<RoundRow>) => {
    await tx.update(setRounds).set(values).where(eq(setRounds.id, roundId));
  };

  const rounds = {
    changed,
    /**
     * Locks the round row (SELECT ... FOR UPDATE) for the rest of the caller's transaction and
     * returns it with its secret seed. Every change of a round's tickets happens under this lock,
     * so purchases of one round are serialised on any number of server instances.
     */
    async lockRound(tx: Tx, setId: string): Promise<Round> {
      const [round] = await ctx.metrics.timeRoundLock(() =>
        tx.select().from(setRounds).where(eq(setRounds.id, setId)).for('update'),
      );
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
      return (
        await exec
          .select()
          .from(setRounds)
          .where(inArray(setRounds.id, [...ids]))
      ).map(asRound);
    },
    /** Open rounds whose scheduled opening falls between `from` and `to` (the favourites' reminders). */
    roundsOpeningBetween,
    /** Moves the round's chained-log head (docs/rules/fairness.md): only under the round lock, with the entries. */
    advanceHead: (tx: Tx, roundId: string, headHash: string) => update(tx, roundId, { headHash }),
    decrementPrizes,
    async recordDraws(tx: Tx, roundId: string, input: RecordedDraws): Promise<void> {
      await recordDraws(tx, roundId, input, ctx.clock.now());
      changed(tx, roundId);
    },
    awardLastPrize,
    /** Puts the round on a buy-out hold until `until` (docs/rules/buying.md). */
    async setHold(tx: Tx, roundId: string, until: Date, orderId: string): Promise<void> {
      await update(tx, roundId, { holdUntil: until, holdOrderId: orderId });
      changed(tx, roundId);
    },
    async clearHold(tx: Tx, roundId: string): Promise<void> {
      await update(tx, roundId, { holdUntil: null, holdOrderId: null });
      changed(tx, roundId);
    },
    /** Seconds left of the round's hold at the clock's now, 0 when none. */
    holdSecondsLeft(round: Pick<Round, 'holdUntil'>): number {
      if (!round.holdUntil) return 0;
      const ms = round.holdUntil.getTime() - ctx.clock.now().getTime();
      return ms > 0 ? Math.ceil(ms / 1000) : 0;
    },
    markLotteryCompleted: (tx: Tx, roundId: string, completed: boolean) =>
      update(tx, roundId, { lotteryCompleted: completed }),
  };
  return rounds satisfies RoundLedger;
}
export type RoundsService = ReturnType<typeof createRoundsService>;
