import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The idempotency claims a transaction carries (docs/operations.md, "Idempotent money calls"): while
 * a money call with an `Idempotency-Key` runs, its claim is in scope, and the outermost transaction
 * marks it committed as its last statement (`installAfterCommit`'s `beforeCommit`), so the key is
 * stored in the same transaction as the work. A batch that carries other requests' work (a round's
 * token purchases) names the claims of the entries it carried out itself (`runCarryingClaims`).
 */
export interface IdempotencyClaim {
  id: string;
  /** The random token of the request that holds the claim: the fence a taken-over claim relies on. */
  owner: string;
  /**
   * The answer, when the work itself knows it (a token purchase's order): stored with the mark in the
   * same transaction, so a retry replays it even if the instance dies before answering.
   */
  answer?: { status: number; body: string };
}

interface ClaimScope {
  claims: readonly IdempotencyClaim[];
}

const scope = new AsyncLocalStorage<ClaimScope>();

/** Runs a request's handler with its claim in scope. */
export function runWithClaim<T>(claim: IdempotencyClaim, work: () => T): T {
  return scope.run({ claims: [claim] }, work);
}

/** The claim of the request running here (read by a batch when the request joins it). */
export function currentClaim(): IdempotencyClaim | undefined {
  const claims = scope.getStore()?.claims;
  return claims?.length === 1 ? claims[0] : undefined;
}

/** The claims the current transaction must mark before it commits. */
export function claimsInScope(): readonly IdempotencyClaim[] {
  return scope.getStore()?.claims ?? [];
}

/**
 * Runs `work` with no claim, then with the claims it names by `carry` (each attempt names its own):
 * a batch that runs several requests' work marks only the ones it carried out.
 */
export function runCarryingClaims<T>(work: (carry: (claims: IdempotencyClaim[]) => void) => Promise<T>): Promise<T> {
  const store: ClaimScope = { claims: [] };
  return scope.run(store, () => work((claims) => (store.claims = claims)));
}

/** Runs `work` outside any request's claim (a batch queue, after-commit tasks): nothing it commits marks a claim. */
export function outsideClaims<T>(work: () => T): T {
  return scope.exit(work);
}
