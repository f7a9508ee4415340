import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { accountMessages } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { Executor, Tx } from '../../db/database.ts';
import { HttpError, badRequest } from '../../core/http-errors.ts';
import { HOUR } from '../../core/clock.ts';
import { RESET_LINK_LIFETIME_HOURS } from '@kujiya/shared';
import type { MailService } from '../mail/service.ts';
import { passwordResetTokens, users } from './tables.ts';
import { generateToken, hashPassword, hashToken, TOKEN_PATTERN } from './secrets.ts';
import { resetLinkMail } from './mails.ts';
import type { Sessions } from './sessions.ts';

/** Whose account the reset must be (the code path), and the signed-in caller who keeps their session. */
interface ResetOptions {
  expectedEmail?: string;
  caller?: { userId: string; tokenId: string };
}

export const RESET_TOKEN_TTL_MS = RESET_LINK_LIFETIME_HOURS * HOUR;

/** Whose password was set, and the one session kept (a signed-in change), if any: every other ended. */
export interface PasswordSet {
  userId: string;
  keptTokenId?: string;
}

/** Takes the token and sets the password, in the caller's transaction; ends the sessions the rule says. */
async function setPassword(
  d: { ctx: AppContext; sessions: Sessions },
  tx: Tx,
  reset: { token: string; passwordHash: string },
  options: ResetOptions,
): Promise<PasswordSet> {
  const { ctx, sessions } = d;
  const { token, passwordHash } = reset;
  const { expectedEmail, caller } = options;
  const now = ctx.clock.now();
  const [taken] = await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashToken(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  if (!taken) throw badRequest(accountMessages.resetLinkInvalid);
  const keep = caller?.userId === taken.userId ? caller.tokenId : undefined;
  const [user] = await tx
    .update(users)
    .set({
      passwordHash,
      ...(keep ? {} : { tokenVersion: sql`${users.tokenVersion} + 1` }),
      updatedAt: now,
    })
    .where(eq(users.id, taken.userId))
    .returning({ email: users.email });
  if (!user || (expectedEmail !== undefined && user.email !== expectedEmail)) {
    throw badRequest(accountMessages.resetLinkInvalid);
  }
  await sessions.endAll(tx, taken.userId, keep);
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, taken.userId), isNull(passwordResetTokens.usedAt)));
  return { userId: taken.userId, ...(keep ? { keptTokenId: keep } : {}) };
}

/**
 * Password reset tokens: the link mailed by forgot-password and the token the code path hands out.
 * Several may be outstanding (mails can be slow, people ask twice); each is single-use, lasts one
 * hour, and a successful reset voids every other outstanding token of the account.
 */
export function createPasswordResets(ctx: AppContext, mail: MailService, sessions: Sessions) {
  async function issue(exec: Executor, userId: string): Promise<string> {
    const token = generateToken();
    const now = ctx.clock.now();
    await exec.insert(passwordResetTokens).values({
      userId,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
      createdAt: now,
    });
    return token;
  }

  return {
    issue,

    /** Mails a reset link when the address has an account; silent otherwise (no account probing). */
    async sendLink(email: string): Promise<void> {
      const [user] = await ctx.db
        .select({ id: users.id, username: users.username, email: users.email })
        .from(users)
        .where(eq(users.email, email));
      if (!user) return;
      const token = await issue(ctx.db, user.id);
      try {
        await mail.send(
          await resetLinkMail(user.email, user.username, `${ctx.config.publicUrl}/reset-password/${token}`),
        );
      } catch (error) {
        ctx.log.error({ err: error }, 'reset link mail failed');
        // The link never reached anyone: void it.
        await ctx.db
          .update(passwordResetTokens)
          .set({ usedAt: ctx.clock.now() })
          .where(eq(passwordResetTokens.tokenHash, hashToken(token)));
        throw new HttpError(502, 'Failed to send reset link.');
      }
    },

    /**
     * Sets a new password with an unused, unexpired token (of `expectedEmail`'s account when given).
     * The token is taken with a conditional update, so two concurrent uses cannot both succeed.
     * A reset raises the token version and ends every session: whoever knew the old password keeps
     * none. A change by a signed-in shopper of that account (`caller`) keeps the caller's session and
     * ends every other (docs/rules/accounts.md, "Sessions and devices").
     */
    async resetWithToken(token: string, password: string, options: ResetOptions = {}): Promise<PasswordSet> {
      if (!TOKEN_PATTERN.test(token)) throw badRequest(accountMessages.resetLinkInvalid);
      const passwordHash = await hashPassword(password);
      return ctx.db.transaction((tx) => setPassword({ ctx, sessions }, tx, { token, passwordHash }, options));
    },
  };
}
export type PasswordResets = ReturnType<typeof createPasswordResets>;
