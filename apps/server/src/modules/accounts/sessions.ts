import { and, eq, inArray, isNotNull, isNull, lt, ne, notExists, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import type { PresentedToken, Role, SessionState, SignedSession } from '../../core/auth.ts';
import type { Executor } from '../../db/database.ts';
import { MINUTE } from '../../core/clock.ts';
import { createKeyedBatches } from '../../core/keyed-batches.ts';
import { jsonRows } from '../../core/json-rows.ts';
import { admins, revokedTokens, userSessions, users } from './tables.ts';

/**
 * A revoked admin token's row outlives the token by this much: an instance whose clock runs a little
 * behind the purging one would otherwise accept the token again for those minutes.
 */
export const REVOCATION_KEPT_AFTER_EXPIRY_MS = 5 * MINUTE;
/** Most session checks in one query. */
export const SESSION_LOOKUP_BATCH_MAX = 500;
/** A session's `last_seen_at` moves at most once per this long (docs/rules/accounts.md). */
export const LAST_SEEN_STEP_MS = MINUTE;
/** The device of a session until the sign-in fills it in (a token signed outside a login). */
export const UNKNOWN_DEVICE = 'Unknown device';

interface SessionKey {
  role: Role;
  accountId: string;
  tokenId: string;
}

/** What the check reads: the account's state, and for a shopper when their session was last seen. */
interface CheckedSession extends SessionState {
  lastSeenAt?: Date;
}

type SessionsContext = Pick<AppContext, 'db' | 'clock' | 'log'>;

/**
 * The account's token version (and an admin's role), or null when the account is gone or disabled, a
 * shopper token has no live session row, or an admin token is revoked: one query of two primary-key
 * reads, on every verification. Prepared once (named statements): this runs on every authenticated
 * request, so neither the query building nor the database's planning is paid again each time
 * (docs/performance.md).
 */
function preparedLookup(db: SessionsContext['db']) {
  const adminSession = db
    .select({ tokenVersion: admins.tokenVersion, adminRole: admins.role })
    .from(admins)
    .where(
      and(
        eq(admins.id, sql.placeholder('accountId')),
        isNull(admins.disabledAt),
        notExists(
          db
            .select({ one: sql`1` })
            .from(revokedTokens)
            .where(eq(revokedTokens.jti, sql.placeholder('tokenId'))),
        ),
      ),
    )
    .prepare('kujiya_admin_session');
  const userSession = db
    .select({ tokenVersion: users.tokenVersion, lastSeenAt: userSessions.lastSeenAt })
    .from(users)
    .innerJoin(
      userSessions,
      and(
        eq(userSessions.jti, sql.placeholder('tokenId')),
        eq(userSessions.userId, users.id),
        isNull(userSessions.endedAt),
      ),
    )
    .where(and(eq(users.id, sql.placeholder('accountId')), isNull(users.disabledAt)))
    .prepare('kujiya_user_session');
  return async ({ role, accountId, tokenId }: SessionKey): Promise<CheckedSession | null> => {
    const [row] = await (role === 'admin' ? adminSession : userSession).execute({ accountId, tokenId });
    return row ?? null;
  };
}

/** Several checks of one role in one query: the same conditions as the prepared statements. */
async function lookupMany(
  db: SessionsContext['db'],
  role: Role,
  keys: SessionKey[],
): Promise<(CheckedSession | null)[]> {
  const asked = jsonRows(keys.map((key, i) => ({ i, id: key.accountId, jti: key.tokenId })));
  const query =
    role === 'admin'
      ? sql`
    select q.i, a.token_version, a.role as admin_role, null as last_seen_at
    from json_to_recordset(${asked}) as q(i int, id uuid, jti text)
    join ${admins} a on a.id = q.id and a.disabled_at is null
    where not exists (select 1 from ${revokedTokens} r where r.jti = q.jti)`
      : sql`
    select q.i, a.token_version, null as admin_role, s.last_seen_at
    from json_to_recordset(${asked}) as q(i int, id uuid, jti text)
    join ${users} a on a.id = q.id and a.disabled_at is null
    join ${userSessions} s on s.jti = q.jti and s.user_id = a.id and s.ended_at is null`;
  const result = (await db.execute(query)) as unknown as {
    rows: {
      i: number;
      token_version: number;
      admin_role: SessionState['adminRole'] | null;
      last_seen_at: string | Date | null;
    }[];
  };
  const states: (CheckedSession | null)[] = keys.map(() => null);
  for (const row of result.rows) {
    states[Number(row.i)] = {
      tokenVersion: Number(row.token_version),
      ...(row.admin_role ? { adminRole: row.admin_role } : {}),
      ...(row.last_seen_at ? { lastSeenAt: new Date(row.last_seen_at) } : {}),
    };
  }
  return states;
}

/**
 * Moves a session's `last_seen_at` when it is a step old: a conditional update (another instance may
 * have moved it already), never awaited by the request. Most requests find it recent and write nothing;
 * the sessions that are due in one turn of the event loop (a drop's burst, or the live layer's check of
 * every open socket) are moved by one statement, not one each.
 */
function lastSeenUpdater(ctx: SessionsContext) {
  // Sessions waiting for, or in, a write on this instance: a burst of one shopper's requests sends one.
  const touching = new Set<string>();
  let due: string[] = [];

  function flush(): void {
    const tokenIds = due;
    due = [];
    const now = ctx.clock.now();
    const stale = new Date(now.getTime() - LAST_SEEN_STEP_MS);
    ctx.db
      .update(userSessions)
      .set({ lastSeenAt: now })
      .where(and(inArray(userSessions.jti, tokenIds), lt(userSessions.lastSeenAt, stale)))
      .then(
        () => undefined,
        (err: unknown) => ctx.log.warn({ err }, 'session last-seen not updated'),
      )
      .finally(() => {
        for (const tokenId of tokenIds) touching.delete(tokenId);
      });
  }

  function touch(tokenId: string, lastSeenAt: Date): void {
    const stale = new Date(ctx.clock.now().getTime() - LAST_SEEN_STEP_MS);
    if (lastSeenAt > stale || touching.has(tokenId)) return;
    touching.add(tokenId);
    if (due.push(tokenId) === 1) setImmediate(flush);
  }
  return touch;
}

/** A shopper session's row: opened when its token is signed, ended one by one or all at once. */
function sessionRows(ctx: SessionsContext) {
  return {
    /** The row of a shopper token just signed (TokenService.sign); a re-signed session keeps its row. */
    async open(session: SignedSession): Promise<void> {
      const now = ctx.clock.now();
      await ctx.db
        .insert(userSessions)
        .values({
          jti: session.tokenId,
          userId: session.accountId,
          tokenVersion: session.tokenVersion,
          device: UNKNOWN_DEVICE,
          place: 'unknown',
          createdAt: now,
          lastSeenAt: now,
          expiresAt: session.expiresAt,
        })
        .onConflictDoUpdate({
          target: userSessions.jti,
          set: { tokenVersion: session.tokenVersion, expiresAt: session.expiresAt, lastSeenAt: now },
        });
    },

    /** Ends this one shopper session (logout); the account's other sessions go on. Ending twice is harmless. */
    async end(token: PresentedToken): Promise<void> {
      await ctx.db
        .update(userSessions)
        .set({ endedAt: ctx.clock.now() })
        .where(and(eq(userSessions.jti, token.tokenId), isNull(userSessions.endedAt)));
    },

    /** Ends every live session of the shopper but `keep` (if given); returns how many ended. */
    async endAll(exec: Executor, userId: string, keep?: string): Promise<number> {
      const ended = await exec
        .update(userSessions)
        .set({ endedAt: ctx.clock.now() })
        .where(
          and(
            eq(userSessions.userId, userId),
            isNull(userSessions.endedAt),
            keep === undefined ? undefined : ne(userSessions.jti, keep),
          ),
        )
        .returning({ jti: userSessions.jti });
      return ended.length;
    },
  };
}

/** Admin tokens' revocation, and the hourly purges. */
function revocationsAndPurges(ctx: SessionsContext) {
  return {
    /** Ends one admin token (its id kept until the token expires). Revoking twice is harmless. */
    async revoke(token: PresentedToken): Promise<void> {
      await ctx.db
        .insert(revokedTokens)
        .values({ jti: token.tokenId, expiresAt: token.expiresAt })
        .onConflictDoNothing();
    },

    /** The hourly revoked-token-purge job (admin tokens): deletes expired rows (with the skew margin). */
    async purgeRevokedTokens(): Promise<number> {
      const cutoff = new Date(ctx.clock.now().getTime() - REVOCATION_KEPT_AFTER_EXPIRY_MS);
      const deleted = await ctx.db
        .delete(revokedTokens)
        .where(lt(revokedTokens.expiresAt, cutoff))
        .returning({ jti: revokedTokens.jti });
      return deleted.length;
    },

    /**
     * The hourly session-purge job: deletes ended and expired sessions. A missing row refuses its token
     * just as an ended one does, so no margin is needed. Twice is harmless.
     */
    async purgeEndedSessions(): Promise<number> {
      const deleted = await ctx.db
        .delete(userSessions)
        .where(or(isNotNull(userSessions.endedAt), lt(userSessions.expiresAt, ctx.clock.now())))
        .returning({ jti: userSessions.jti });
      return deleted.length;
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;

/**
 * Session state behind the bearer tokens (docs/rules/accounts.md, "Sessions and devices"): the
 * per-request check, each shopper token's session row (opened when it is signed, ended by logout,
 * "Log out" on the devices page, a password change or reset), admin tokens' revocation, the purges.
 */
export function createSessions(ctx: SessionsContext) {
  const lookupOne = preparedLookup(ctx.db);

  // Every authenticated request checks its session: under a burst (a drop) the checks that arrive
  // while one is running go to the database together, one query per role instead of one per request
  // (docs/performance.md). A lone check still runs at once on its prepared statement.
  let lookupCount = 0;
  const lookups = createKeyedBatches<SessionKey, CheckedSession | null>({
    maxBatch: SESSION_LOOKUP_BATCH_MAX,
    memberKey: () => String(lookupCount++),
    run: async (role, keys) => {
      const states = keys.length === 1 ? [await lookupOne(keys[0]!)] : await lookupMany(ctx.db, role as Role, keys);
      return states.map((value) => ({ ok: true, value }));
    },
  });

  const touch = lastSeenUpdater(ctx);

  async function currentTokenVersion(role: Role, accountId: string, tokenId: string): Promise<SessionState | null> {
    const checked = await lookups.submit(role, { role, accountId, tokenId });
    if (!checked) return null;
    const { lastSeenAt, ...state } = checked;
    if (lastSeenAt) touch(tokenId, lastSeenAt);
    return state;
  }

  return {
    currentTokenVersion,

    ...sessionRows(ctx),
    ...revocationsAndPurges(ctx),
  };
}
