import type { AppContext } from '../../core/context.ts';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { purgeExpiredKeys } from './claims.ts';
import { idempotencyKeys } from './tables.ts';

/**
 * Idempotent money calls (docs/operations.md, "Idempotent money calls"): the HTTP side is
 * `makeMoneyCallsIdempotent` (./http.ts), the transaction side `markClaimsInScope` (./claims.ts);
 * the service holds the periodic purge.
 */
export function createIdempotencyService(ctx: AppContext) {
  return {
    /** Deletes keys older than 24 hours (they count as new anyway); the purge job's work. */
    purgeExpiredKeys: () => purgeExpiredKeys(ctx.db),
    /** A deleted account's stored answers (they may hold its address) go at once (docs/rules/personal-data.md). */
    async forgetUser(tx: Tx, userId: string): Promise<void> {
      await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, userId));
    },
  };
}
export type IdempotencyService = ReturnType<typeof createIdempotencyService>;
