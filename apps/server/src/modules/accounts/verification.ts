import { and, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import { accountMessages, type VerificationProcess } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { Executor } from '../../db/database.ts';
import { HttpError, badRequest, conflict } from '../../core/http-errors.ts';
import { HOUR, MINUTE } from '../../core/clock.ts';
import {
  SIGNUP_VERIFICATION_WINDOW_HOURS,
  VERIFICATION_CODE_LIFETIME_MINUTES,
  VERIFICATION_CODE_MAX_ATTEMPTS,
} from '@kujiya/shared';
import { derivedSecret } from '../../core/secrets.ts';
import type { MailService } from '../mail/service.ts';
import { users, verificationCodes } from './tables.ts';
import { generateCode, hashCode, sameDigest } from './secrets.ts';
import { codeMail } from './mails.ts';
import type { PasswordResets } from './password-reset.ts';

export const CODE_TTL_MS = VERIFICATION_CODE_LIFETIME_MINUTES * MINUTE;
export const CODE_MAX_ATTEMPTS = VERIFICATION_CODE_MAX_ATTEMPTS;
/** How long a verified sign-up e-mail may be used to create the account. */
export const SIGNUP_VERIFICATION_WINDOW_MS = SIGNUP_VERIFICATION_WINDOW_HOURS * HOUR;

type Purpose = 'signup' | 'forgotPassword';
const purposeOf = (process: VerificationProcess): Purpose => (process === 'signup' ? 'signup' : 'forgotPassword');

export type VerifyResult = { process: VerificationProcess; resetToken?: string };

/** Why a code was refused; the answer's text is always the same one. */
const refuse = (reason: 'incorrect' | 'expired' | 'tooManyAttempts') =>
  badRequest(accountMessages.codeIncorrect, { reason });

type CodeRow = typeof verificationCodes.$inferSelect;

/** A sign-up verification still usable: verified within the window, not used for an account yet. */
const usableSignup = (email: string, now: Date) =>
  and(
    eq(verificationCodes.email, email),
    eq(verificationCodes.purpose, 'signup'),
    isNull(verificationCodes.consumedAt),
    gte(verificationCodes.verifiedAt, new Date(now.getTime() - SIGNUP_VERIFICATION_WINDOW_MS)),
  );

/** Retires the address's live codes of this flow and stores the new one's hash. */
async function replaceCode(ctx: AppContext, email: string, purpose: Purpose, codeHash: string) {
  const now = ctx.clock.now();
  const [row] = await ctx.db.transaction(async (tx) => {
    await tx
      .update(verificationCodes)
      .set({ consumedAt: now })
      .where(
        and(
          eq(verificationCodes.email, email),
          eq(verificationCodes.purpose, purpose),
          isNull(verificationCodes.consumedAt),
        ),
      );
    return tx
      .insert(verificationCodes)
      .values({ email, purpose, codeHash, expiresAt: new Date(now.getTime() + CODE_TTL_MS), createdAt: now })
      .returning({ id: verificationCodes.id });
  });
  return row!.id;
}

/** The address's newest code of the flow that is neither used nor verified. */
async function liveCodeOf(ctx: AppContext, email: string, process?: VerificationProcess): Promise<CodeRow | undefined> {
  const [live] = await ctx.db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.email, email),
        process ? eq(verificationCodes.purpose, purposeOf(process)) : undefined,
        isNull(verificationCodes.consumedAt),
        isNull(verificationCodes.verifiedAt),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  return live;
}

/** Counts a try before the comparison (an atomic increment); null once the tries are used up. */
async function countTry(ctx: AppContext, id: string): Promise<number | null> {
  const [counted] = await ctx.db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.id, id),
        lt(verificationCodes.attempts, CODE_MAX_ATTEMPTS),
        isNull(verificationCodes.consumedAt),
        isNull(verificationCodes.verifiedAt),
      ),
    )
    .returning({ attempts: verificationCodes.attempts });
  return counted ? counted.attempts : null;
}

const accountIdOf = async (exec: Executor, email: string) =>
  (await exec.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id;

/** Marks a matching code verified: sign-up keeps it for the account, recovery uses it up for a reset token. */
async function markVerified(ctx: AppContext, resets: PasswordResets, live: CodeRow, now: Date): Promise<VerifyResult> {
  const resultProcess: VerificationProcess = live.purpose === 'signup' ? 'signup' : 'forgetPassword';
  return ctx.db.transaction(async (tx) => {
    const [verified] = await tx
      .update(verificationCodes)
      .set({ verifiedAt: now, consumedAt: resultProcess === 'signup' ? null : now })
      .where(
        and(
          eq(verificationCodes.id, live.id),
          isNull(verificationCodes.verifiedAt),
          isNull(verificationCodes.consumedAt),
        ),
      )
      .returning({ id: verificationCodes.id });
    if (!verified) throw refuse('incorrect');
    if (resultProcess === 'signup') return { process: resultProcess };
    const accountId = await accountIdOf(tx, live.email);
    if (!accountId) throw refuse('incorrect');
    return { process: resultProcess, resetToken: await resets.issue(tx, accountId) };
  });
}

/**
 * E-mail verification codes. Only the newest code of an address and flow is live: sending a new one
 * retires the previous. Every try is counted before the comparison (an atomic increment), so even
 * parallel guesses get at most 5 tries per code.
 */
export function createVerification(ctx: AppContext, mail: MailService, resets: PasswordResets) {
  const getPepper = derivedSecret(ctx, 'code', 'verification_code_pepper');

  return {
    /**
     * Mails a new code. Sign-up: refused (409) when the address already has an account.
     * Password recovery: silent when it has none, so the answer never tells who has an account.
     */
    async sendCode(email: string, process: VerificationProcess): Promise<void> {
      const purpose = purposeOf(process);
      const accountId = await accountIdOf(ctx.db, email);
      if (process === 'signup' && accountId) throw conflict(accountMessages.emailTaken);
      if (process === 'forgetPassword' && !accountId) return;
      const code = generateCode();
      const id = await replaceCode(ctx, email, purpose, hashCode(await getPepper(), email, purpose, code));
      try {
        await mail.send(await codeMail(email, code, process));
      } catch (error) {
        ctx.log.error({ err: error }, 'verification code mail failed');
        await ctx.db.update(verificationCodes).set({ consumedAt: ctx.clock.now() }).where(eq(verificationCodes.id, id));
        throw new HttpError(502, 'Unable to send verification code.');
      }
    },

    /**
     * Checks a code. Sign-up: marks the address verified (usable for one account within the hour).
     * Password recovery: consumes the code and hands out a reset token for change-password.
     */
    async verifyCode(email: string, code: string, process?: VerificationProcess): Promise<VerifyResult> {
      const now = ctx.clock.now();
      const live = await liveCodeOf(ctx, email, process);
      if (!live) throw refuse('incorrect');
      if (live.expiresAt <= now) throw refuse('expired');
      const attempts = await countTry(ctx, live.id);
      if (attempts === null) throw refuse('tooManyAttempts');
      if (!sameDigest(hashCode(await getPepper(), email, live.purpose, code), live.codeHash)) {
        throw refuse(attempts >= CODE_MAX_ATTEMPTS ? 'tooManyAttempts' : 'incorrect');
      }
      return markVerified(ctx, resets, live, now);
    },

    /** True when the address has a usable sign-up verification (checked before any costly work). */
    async hasSignupVerification(email: string): Promise<boolean> {
      const rows = await ctx.db
        .select({ id: verificationCodes.id })
        .from(verificationCodes)
        .where(usableSignup(email, ctx.clock.now()))
        .limit(1);
      return rows.length > 0;
    },

    /**
     * Takes the address's sign-up verification (verified within the last hour, unused) inside the
     * caller's account-creating transaction; 400 when there is none.
     */
    async consumeSignupVerification(tx: Executor, email: string): Promise<void> {
      const now = ctx.clock.now();
      const [taken] = await tx
        .update(verificationCodes)
        .set({ consumedAt: now })
        .where(usableSignup(email, now))
        .returning({ id: verificationCodes.id });
      if (!taken) throw badRequest(accountMessages.emailNotVerified);
    },
  };
}
