import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { sessionMessages, type SessionPlace, type SessionsResponse } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { PresentedToken, Principal } from '../../core/auth.ts';
import { notFound } from '../../core/http-errors.ts';
import type { Sessions } from './sessions.ts';
import { userSessions, users } from './tables.ts';

/**
 * The devices page (docs/rules/accounts.md, "Sessions and devices"): the shopper's live sessions, and
 * ending one or all but the current one. A live session is one not ended, not expired, signed with the
 * account's current token version.
 */
export function createSessionList(ctx: AppContext, sessions: Sessions) {
  return {
    async listSessions(principal: Principal, current: PresentedToken): Promise<SessionsResponse> {
      const rows = await ctx.db
        .select({
          id: userSessions.jti,
          device: userSessions.device,
          place: userSessions.place,
          createdAt: userSessions.createdAt,
          lastSeenAt: userSessions.lastSeenAt,
        })
        .from(userSessions)
        .innerJoin(users, and(eq(users.id, userSessions.userId), eq(users.tokenVersion, userSessions.tokenVersion)))
        .where(
          and(
            eq(userSessions.userId, principal.id),
            isNull(userSessions.endedAt),
            gt(userSessions.expiresAt, ctx.clock.now()),
          ),
        )
        .orderBy(desc(userSessions.lastSeenAt), desc(userSessions.createdAt));
      const views = rows.map((row) => ({
        id: row.id,
        device: row.device,
        place: row.place as SessionPlace,
        current: row.id === current.tokenId,
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
      }));
      // The caller's own session first.
      return { sessions: [...views.filter((v) => v.current), ...views.filter((v) => !v.current)] };
    },

    /** Ends one of the caller's live sessions (the current one signs this device out); 404 otherwise. */
    async endSession(principal: Principal, current: PresentedToken, id: string): Promise<{ current: boolean }> {
      const [ended] = await ctx.db
        .update(userSessions)
        .set({ endedAt: ctx.clock.now() })
        .where(
          and(
            eq(userSessions.jti, id),
            eq(userSessions.userId, principal.id),
            isNull(userSessions.endedAt),
            gt(userSessions.expiresAt, ctx.clock.now()),
          ),
        )
        .returning({ id: userSessions.jti });
      if (!ended) throw notFound(sessionMessages.notFound);
      return { current: id === current.tokenId };
    },

    /** "Log out everywhere else": ends every session of the caller but the current one. */
    endOtherSessions: (principal: Principal, current: PresentedToken): Promise<number> =>
      sessions.endAll(ctx.db, principal.id, current.tokenId),
  };
}
