import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { busyGate } from './busy-gate.ts';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { AppContext } from './context.ts';
import { HOUR, MINUTE } from './clock.ts';

/**
 * An outbox table (the mail queue, the push outbox): rows inserted in a transaction and sent after
 * commit. `status` moves `pending` → `sending` (claimed; the claim lapses at `nextAttemptAt`) → `sent`,
 * back to `pending` after a failed try, and `failed` at the attempt limit.
 */
type OutboxTable = PgTable & {
  id: PgColumn;
  status: PgColumn;
  attempts: PgColumn;
  nextAttemptAt: PgColumn;
  lastError: PgColumn;
  sentAt: PgColumn;
};

/** What the delivery reads of every outbox row (the table's own row type has these and more). */
interface OutboxRow {
  id: string;
  attempts: number;
  lastError: string | null;
}

type Row<T extends OutboxTable> = T['$inferSelect'] & OutboxRow;

/** The database and clock a delivery run uses. */
type DeliveryContext = Pick<AppContext, 'db' | 'clock'> & { config?: Pick<AppContext['config'], 'env'> };

/**
 * Whether sends wait while the instance is busy. Not in the in-process test servers (NODE_ENV=test):
 * their event loop also runs the embedded database, so it nearly always looks busy.
 */
const yieldsWhenBusy = (ctx: DeliveryContext) => ctx.config !== undefined && ctx.config.env !== 'test';

/** Wait after the n-th failed try: 1, 2, 4 … minutes, at most an hour. */
export const retryDelay = (attempts: number) => Math.min(MINUTE * 2 ** Math.max(0, attempts - 1), HOUR);

export interface OutboxDeliveryOptions<T extends OutboxTable> {
  table: T;
  /**
   * How long a claimed row belongs to its sender; an older claim (a crashed sender, or one whose
   * database went away mid-batch) is taken again. Short (seconds): a run renews the claims of its
   * batch's unsent rows once half of it has passed (`renewClaims`).
   */
  claimMs: number;
  /** Tries per row before it is marked failed. */
  maxAttempts: number;
  /** Rows claimed at a time. */
  batchSize: number;
}

/** What became of a failed try: given up on at the attempt limit, or due again at `nextAttemptAt`. */
export type FailedTry = { outcome: 'failed' } | { outcome: 'retried'; nextAttemptAt: Date };

/** The generic table's update shape is not known to drizzle's types; the columns are (OutboxTable). */
const updateSet = <T extends OutboxTable>(values: Record<string, unknown>) => values as PgUpdateSetSource<T>;

/**
 * Claims up to `limit` due rows for this run in one statement. The row locks (SKIP LOCKED) make
 * concurrent runs on any number of instances take disjoint rows; the claim moves `nextAttemptAt`
 * past the claim period, so nobody else takes them while they are being sent.
 */
async function claimDue<T extends OutboxTable>(
  ctx: DeliveryContext,
  { table, claimMs }: Pick<OutboxDeliveryOptions<T>, 'table' | 'claimMs'>,
  limit: number,
): Promise<Row<T>[]> {
  const at = ctx.clock.now();
  const isDue = and(inArray(table.status, ['pending', 'sending']), lte(table.nextAttemptAt, at));
  const due = ctx.db
    .select({ id: table.id })
    .from(table as PgTable) // drizzle cannot tell a generic table from a subquery without `returning`
    .where(isDue)
    .orderBy(asc(table.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await ctx.db
    .update(table)
    .set(
      updateSet<T>({
        status: 'sending',
        attempts: sql`${table.attempts} + 1`,
        nextAttemptAt: new Date(at.getTime() + claimMs),
      }),
    )
    // `= any(array(…))`, not `in (…)`: PostgreSQL may run an IN subquery again as rows change, and the
    // second run skips the rows this statement just locked and takes more: the batch would not hold.
    .where(and(sql`${table.id} = any(array(${due}))`, isDue))
    .returning();
  return claimed as Row<T>[];
}

/** Updates a row only while this run's claim still holds it (same status and try number). */
const claimHeld = (table: OutboxTable, row: OutboxRow) =>
  and(eq(table.id, row.id), eq(table.status, 'sending'), eq(table.attempts, row.attempts));

/**
 * Moves the claim of a batch's unsent rows another `claimMs` ahead; answers the rows still this
 * run's (a row whose claim lapsed meanwhile, while the instance was busy, may be another run's now:
 * it is not sent twice).
 */
async function renewClaimsOf<T extends OutboxTable>(
  options: OutboxDeliveryOptions<T>,
  ctx: DeliveryContext,
  rows: Row<T>[],
): Promise<Row<T>[]> {
  if (rows.length === 0) return rows;
  const { table } = options;
  const renewed = await ctx.db
    .update(table)
    .set(updateSet<T>({ nextAttemptAt: new Date(ctx.clock.now().getTime() + options.claimMs) }))
    .where(or(...rows.map((row) => claimHeld(table, row))))
    .returning({ id: table.id });
  const kept = new Set(renewed.map((row) => (row as { id: string }).id));
  return rows.filter((row) => kept.has(row.id));
}

/**
 * The claim-and-send loop of an outbox table. The caller sends one row at a time and settles it with
 * `markSent` or `markFailed`; each settles the row only while this run's claim still holds it.
 */
export function createOutboxDelivery<T extends OutboxTable>(options: OutboxDeliveryOptions<T>) {
  const { table, maxAttempts } = options;
  const set = updateSet<T>;

  const whileClaimed = (row: OutboxRow) => claimHeld(table, row);
  const renewClaims = (ctx: DeliveryContext, rows: Row<T>[]) => renewClaimsOf(options, ctx, rows);

  return {
    /** Claimed again after a sender vanished mid-try on its last attempt: it must not go past the limit. */
    pastLimit: (row: OutboxRow) => row.attempts > maxAttempts,

    async markSent(ctx: DeliveryContext, row: OutboxRow): Promise<void> {
      await ctx.db
        .update(table)
        .set(set({ status: 'sent', sentAt: ctx.clock.now(), lastError: null }))
        .where(whileClaimed(row));
    },

    /** A failed try: marked failed at the attempt limit, else due again after `retryDelay`. */
    async markFailed(ctx: DeliveryContext, row: OutboxRow, lastError: string): Promise<FailedTry> {
      if (row.attempts >= maxAttempts) {
        await ctx.db
          .update(table)
          .set(set({ status: 'failed', lastError }))
          .where(whileClaimed(row));
        return { outcome: 'failed' };
      }
      const nextAttemptAt = new Date(ctx.clock.now().getTime() + retryDelay(row.attempts));
      await ctx.db
        .update(table)
        .set(set({ status: 'pending', lastError, nextAttemptAt }))
        .where(whileClaimed(row));
      return { outcome: 'retried', nextAttemptAt };
    },

    /**
     * Sends every due row, a claimed batch at a time, until none is due, and counts each row's outcome
     * into `tally`. `senderFor` reads what a batch needs once and answers the sender of its rows,
     * which go one after another.
     */
    async deliverDue<K extends string>(
      ctx: DeliveryContext,
      tally: Record<K, number>,
      senderFor: (rows: Row<T>[]) => Promise<(row: Row<T>) => Promise<K>>,
      batchSize = options.batchSize,
    ): Promise<Record<K, number>> {
      for (;;) {
        // Shutting down: no new batch (others keep coming while other instances sell); the rest stays
        // due for the instances that stay, and the drain is not held past its deadline.
        if (yieldsWhenBusy(ctx) && busyGate.isClosed()) return tally;
        let unsent = await claimDue(ctx, options, batchSize);
        if (unsent.length === 0) return tally;
        let renewAt = ctx.clock.now().getTime() + options.claimMs / 2;
        const sendOne = await senderFor(unsent);
        while (unsent.length > 0) {
          // Buyers first: on a busy instance each send waits a moment (core/busy-gate.ts).
          if (yieldsWhenBusy(ctx)) await busyGate.whenNotBusy();
          if (ctx.clock.now().getTime() >= renewAt) {
            unsent = await renewClaims(ctx, unsent);
            renewAt = ctx.clock.now().getTime() + options.claimMs / 2;
            if (unsent.length === 0) break;
          }
          const [row, ...rest] = unsent;
          unsent = rest;
          tally[await sendOne(row!)]++;
        }
      }
    },
  };
}
