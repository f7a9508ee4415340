import { asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import type { Executor } from '../../db/database.ts';
import { dropRefusals } from './tables.ts';

/** Longest reason kept (error codes are far shorter); a longer one is cut. */
const REASON_MAX = 64;
/** Distinct (set, reason) pairs held between flushes; beyond it new pairs are dropped and counted. */
const MAX_PENDING_PAIRS = 10_000;

/** What orders is given to report a refused purchase: synchronous, in memory, no I/O on the buyer's path. */
export interface PurchaseRefusals {
  record(setId: string, reason: string): void;
}

/**
 * Refusal counts of this instance, added to `drop_refusals` by `flush` (one upsert per batch), so the
 * monitor sums every instance's. A failed flush keeps its counts for the next one.
 */
export function createRefusalCounts(ctx: AppContext) {
  let pending = new Map<string, { setId: string; reason: string; count: number }>();
  let overflowed = 0;

  function record(setId: string, reason: string): void {
    const cut = reason.slice(0, REASON_MAX);
    ctx.metrics.purchaseRefused(cut);
    const key = `${setId}\n${cut}`;
    const known = pending.get(key);
    if (known) known.count++;
    else if (pending.size < MAX_PENDING_PAIRS) pending.set(key, { setId, reason: cut, count: 1 });
    else overflowed++;
  }

  async function flush(): Promise<void> {
    if (overflowed > 0) {
      ctx.log.warn({ dropped: overflowed }, 'drop monitor: refusal counts dropped (too many distinct reasons)');
      overflowed = 0;
    }
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    const at = ctx.clock.now();
    // Sorted, so two instances' upserts take the rows' locks in the same order.
    const rows = [...batch.values()]
      .sort((a, b) => (a.setId + a.reason < b.setId + b.reason ? -1 : 1))
      .map((row) => ({ ...row, updatedAt: at }));
    try {
      await ctx.db
        .insert(dropRefusals)
        .values(rows)
        .onConflictDoUpdate({
          target: [dropRefusals.setId, dropRefusals.reason],
          set: { count: sql`${dropRefusals.count} + excluded.count`, updatedAt: at },
        });
    } catch (error) {
      for (const [key, row] of batch) {
        const known = pending.get(key);
        if (known) known.count += row.count;
        else pending.set(key, row);
      }
      throw error;
    }
  }

  return { record, flush };
}

/** The round's refusals by reason, most first. */
export async function refusalsOf(exec: Executor, setId: string): Promise<Array<{ reason: string; count: number }>> {
  const rows = await exec
    .select({ reason: dropRefusals.reason, count: dropRefusals.count })
    .from(dropRefusals)
    .where(eq(dropRefusals.setId, setId))
    .orderBy(asc(dropRefusals.reason));
  return rows.sort((a, b) => b.count - a.count);
}
