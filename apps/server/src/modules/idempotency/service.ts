import type { AppContext } from '../../core/context.ts';
import { purgeExpiredKeys } from './claims.ts';

/**
 * Idempotent money calls (docs/operations.md, "Idempotent money calls"): the HTTP side is
 * `makeMoneyCallsIdempotent` (./http.ts), the transaction side `markClaimsInScope` (./claims.ts);
 * the service holds the periodic purge.
 */
export function createIdempotencyService(ctx: AppContext) {
  return {
    /** Deletes keys older than 24 hours (they count as new anyway); the purge job's work. */
    purgeExpiredKeys: () => purgeExpiredKeys(ctx.db),
  };
}
export type IdempotencyService = ReturnType<typeof createIdempotencyService>;
