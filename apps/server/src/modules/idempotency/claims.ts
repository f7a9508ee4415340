import crypto from 'node:crypto';
import { and, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/database.ts';
import { checkInStatement, writeBehind } from '../../db/round-trips.ts';
import { claimsInScope, type IdempotencyClaim } from '../../core/idempotency-scope.ts';
import { idempotencyKeys as keys } from './tables.ts';

/**
 * The claim rows of idempotent money calls (docs/operations.md, "Idempotent money calls"). Every
 * statement here is short and on its own, except `markClaimsCommitted`, the work transaction's last.
 * Times are the database's (`now()`), the one clock every instance shares.
 */

/** How long a claim is its request's alone before another instance may take it over (if nothing committed). */
export const LEASE_SECONDS = 15;
/** A key older than this counts as new (and the purge job deletes it). */
export const KEY_LIFETIME = sql.raw(`interval '24 hours'`);
const leaseFromNow = sql`now() + ${sql.raw(`interval '${LEASE_SECONDS} seconds'`)}`;

export interface ClaimRequest {
  userId: string;
  key: string;
  fingerprint: string;
}

/** A claim row as a later request with the same key finds it. */
export interface FoundClaim {
  id: string;
  owner: string;
  fingerprint: string;
  state: 'running' | 'done';
  committed: boolean;
  leaseExpired: boolean;
  /** Older than the key's lifetime: the key counts as new. */
  stale: boolean;
  responseStatus: number | null;
  responseBody: string | null;
}

/** Claims the key for a new request (INSERT … ON CONFLICT DO NOTHING); null when a row already holds it. */
export async function insertClaim(db: Db, request: ClaimRequest): Promise<IdempotencyClaim | null> {
  const claim = { id: crypto.randomUUID(), owner: crypto.randomUUID() };
  const rows = await db
    .insert(keys)
    .values({ ...request, ...claim, state: 'running', leaseUntil: leaseFromNow })
    .onConflictDoNothing({ target: [keys.userId, keys.key] })
    .returning({ id: keys.id });
  return rows.length > 0 ? claim : null;
}

export async function findClaim(db: Db, userId: string, key: string): Promise<FoundClaim | undefined> {
  const [row] = await db
    .select({
      id: keys.id,
      owner: keys.owner,
      fingerprint: keys.fingerprint,
      state: keys.state,
      committed: sql<boolean>`${keys.committedAt} is not null`,
      leaseExpired: sql<boolean>`${keys.leaseUntil} < now()`,
      stale: sql<boolean>`${keys.createdAt} < now() - ${KEY_LIFETIME}`,
      responseStatus: keys.responseStatus,
      responseBody: keys.responseBody,
    })
    .from(keys)
    .where(and(eq(keys.userId, userId), eq(keys.key, key)));
  return row;
}

/** Deletes a key past its lifetime so it can be claimed afresh. */
export async function deleteStaleClaim(db: Db, id: string): Promise<void> {
  await db.delete(keys).where(and(eq(keys.id, id), lt(keys.createdAt, sql`now() - ${KEY_LIFETIME}`)));
}

/**
 * Takes over a claim whose request died before its work committed (lease expired, `committed_at`
 * null): compare-and-set on the owner, so of several retries one wins, and the dead owner's
 * transaction, should it still be alive, can no longer commit (`markClaimsCommitted`).
 */
export async function takeOverClaim(db: Db, found: FoundClaim): Promise<IdempotencyClaim | null> {
  const owner = crypto.randomUUID();
  const rows = await db
    .update(keys)
    .set({ owner, leaseUntil: leaseFromNow })
    .where(
      and(
        eq(keys.id, found.id),
        eq(keys.owner, found.owner),
        isNull(keys.committedAt),
        lt(keys.leaseUntil, sql`now()`),
      ),
    )
    .returning({ id: keys.id });
  return rows.length > 0 ? { id: found.id, owner } : null;
}

const ownedBy = (claim: IdempotencyClaim) => and(eq(keys.id, claim.id), eq(keys.owner, claim.owner));

/**
 * The work transaction's last statement: marks its claims committed, with the answers the work
 * already knows (so no window where the work is done but unanswerable), and rolls the work back when
 * one of them is no longer its owner's (taken over after its lease expired): the fence. One statement
 * with its check inside (`checkInStatement`), so on a pipelined transaction it goes out with the
 * COMMIT instead of costing two more waits under a round's lock (docs/performance.md).
 */
export async function markClaimsCommitted(tx: Tx, claims: readonly IdempotencyClaim[]): Promise<void> {
  if (claims.length === 0) return;
  await writeBehind(tx, () => tx.execute(markStatement(claims)));
}

function markStatement(claims: readonly IdempotencyClaim[]): SQL {
  const values = claims.map(
    ({ id, owner, answer }) =>
      sql`(${id}::uuid, ${owner}::uuid, ${answer?.status ?? null}::int, ${answer?.body ?? null}::text)`,
  );
  return sql`
    with marked as (
      update idempotency_keys as k
         set committed_at = coalesce(k.committed_at, now()),
             state = case when v.status is null then k.state else 'done' end,
             response_status = coalesce(v.status, k.response_status),
             response_body = coalesce(v.body, k.response_body)
        from (values ${sql.join(values, sql`, `)}) as v(id, owner, status, body)
       where k.id = v.id and k.owner = v.owner
      returning k.id)
    select ${checkInStatement(
      sql`(select count(*) from marked) = ${claims.length}`,
      'idempotency claim lost to another request; work rolled back',
    )}`;
}

/** `installAfterCommit`'s `beforeCommit`: the claims in scope of the committing transaction. */
export const markClaimsInScope = (tx: Tx): Promise<void> => markClaimsCommitted(tx, claimsInScope());

/** Stores the first request's answer: later requests with the key replay it. */
export async function storeAnswer(db: Db, claim: IdempotencyClaim, status: number, body: string): Promise<void> {
  await db.update(keys).set({ state: 'done', responseStatus: status, responseBody: body }).where(ownedBy(claim));
}

/**
 * After a 5xx: a claim whose work never committed is deleted (a retry runs the call); one whose work
 * committed stays `running` with its lease ended, so a retry answers IDEMPOTENCY_KEY_SPENT at once.
 */
export async function releaseClaim(db: Db, claim: IdempotencyClaim): Promise<void> {
  const deleted = await db
    .delete(keys)
    .where(and(ownedBy(claim), isNull(keys.committedAt)))
    .returning({ id: keys.id });
  if (deleted.length === 0)
    await db
      .update(keys)
      .set({ leaseUntil: sql`now()` })
      .where(ownedBy(claim));
}

/** Deletes the keys past their lifetime (the purge job, docs/jobs.md). */
export async function purgeExpiredKeys(exec: Executor): Promise<number> {
  const rows = await exec
    .delete(keys)
    .where(lt(keys.createdAt, sql`now() - ${KEY_LIFETIME}`))
    .returning({ id: keys.id });
  return rows.length;
}
