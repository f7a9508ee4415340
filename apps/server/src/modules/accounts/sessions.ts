import { and, eq, isNull, lt, notExists, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import type { PresentedToken, Role, SessionState } from '../../core/auth.ts';
import { MINUTE } from '../../core/clock.ts';
import { createKeyedBatches } from '../../core/keyed-batches.ts';
import { jsonRows } from '../../core/json-rows.ts';
import { admins, revokedTokens, users } from './tables.ts';

/**
 * A revoked token's row outlives the token by this much: an instance whose clock runs a little
 * behind the purging one would otherwise accept the token again for those minutes.
 */
export const REVOCATION_KEPT_AFTER_EXPIRY_MS = 5 * MINUTE;
/** Most session checks in one query. */
export const SESSION_LOOKUP_BATCH_MAX = 500;

interface SessionKey {
  role: Role;
  accountId: string;
  tokenId: string;
}

/** Session state behind the bearer tokens: the per-request check, logout's revocation and its purge. */
type SessionsContext = Pick<AppContext, 'db' | 'clock' | 'log'>;

/**
 * The account's token version (and an admin's role), or null when the account is gone, disabled or
 * the token is revoked: one query of two primary-key reads, on every verification. Prepared once
 * (named statements): this runs on every authenticated request, so neither the query building nor the
 * database's planning is paid again each time (docs/performance.md).
 */
function preparedLookup(db: SessionsContext['db']) {
  const notRevokedPlaceholder = notExists(
    db
      .select({ one: sql`1` })
      .from(revokedTokens)
      .where(eq(revokedTokens.jti, sql.placeholder('tokenId'))),
  );
  const adminSession = db
    .select({ tokenVersion: admins.tokenVersion, adminRole: admins.role })
    .from(admins)
    .where(and(eq(admins.id, sql.placeholder('accountId')), isNull(admins.disabledAt), notRevokedPlaceholder))
    .prepare('kujiya_admin_session');
  const userSession = db
    .select({ tokenVersion: users.tokenVersion })
    .from(users)
    .where(and(eq(users.id, sql.placeholder('accountId')), isNull(users.disabledAt), notRevokedPlaceholder))
    .prepare('kujiya_user_session');
  return async ({ role, accountId, tokenId }: SessionKey): Promise<SessionState | null> => {
    const [row] = await (role === 'admin' ? adminSession : userSession).execute({ accountId, tokenId });
    return row ?? null;
  };
}

/** Several checks of one role in one query: the same conditions as the prepared statements. */
async function lookupMany(db: SessionsContext['db'], role: Role, keys: SessionKey[]): Promise<(SessionState | null)[]> {
  const asked = jsonRows(keys.map((key, i) => ({ i, id: key.accountId, jti: key.tokenId })));
  const result = (await db.execute(sql`
    select q.i, a.token_version, ${role === 'admin' ? sql`a.role` : sql`null`} as admin_role
    from json_to_recordset(${asked}) as q(i int, id uuid, jti text)
    join ${role === 'admin' ? admins : users} a on a.id = q.id and a.disabled_at is null
    where not exists (select 1 from ${revokedTokens} r where r.jti = q.jti)`)) as unknown as {
    rows: { i: number; token_version: number; admin_role: SessionState['adminRole'] | null }[];
  };
  const states: (SessionState | null)[] = keys.map(() => null);
  for (const row of result.rows) {
    states[Number(row.i)] = {
      tokenVersion: Number(row.token_version),
      ...(row.admin_role ? { adminRole: row.admin_role } : {}),
    };
  }
  return states;
}

export type Sessions = ReturnType<typeof createSessions>;

/** Session state behind the bearer tokens: the per-request check, logout's revocation and its purge. */
export function createSessions(ctx: SessionsContext) {
  const lookupOne = preparedLookup(ctx.db);

  // Every authenticated request checks its session: under a burst (a drop) the checks that arrive
  // while one is running go to the database together, one query per role instead of one per request
  // (docs/performance.md). A lone check still runs at once on its prepared statement.
  let lookupCount = 0;
  const lookups = createKeyedBatches<SessionKey, SessionState | null>({
    maxBatch: SESSION_LOOKUP_BATCH_MAX,
    memberKey: () => String(lookupCount++),
    run: async (role, keys) => {
      const states = keys.length === 1 ? [await lookupOne(keys[0]!)] : await lookupMany(ctx.db, role as Role, keys);
      return states.map((value) => ({ ok: true, value }));
    },
  });

  function currentTokenVersion(role: Role, accountId: string, tokenId: string): Promise<SessionState | null> {
    return lookups.submit(role, { role, accountId, tokenId });
  }

  /** Deletes the rows of tokens that expired (with the skew margin); returns how many. */
  async function purgeRevokedTokens(): Promise<number> {
    const cutoff = new Date(ctx.clock.now().getTime() - REVOCATION_KEPT_AFTER_EXPIRY_MS);
    const deleted = await ctx.db
      .delete(revokedTokens)
      .where(lt(revokedTokens.expiresAt, cutoff))
      .returning({ jti: revokedTokens.jti });
    return deleted.length;
  }

  return {
    currentTokenVersion,

    /** Ends this one token (logout); the account's other sessions go on. Revoking twice is harmless. */
    async revoke(token: PresentedToken): Promise<void> {
      await ctx.db
        .insert(revokedTokens)
        .values({ jti: token.tokenId, expiresAt: token.expiresAt })
        .onConflictDoNothing();
    },

    /** The hourly revoked-token-purge job (src/jobs/): deleting expired rows twice is harmless. */
    purgeRevokedTokens,
  };
}
