import { eq, or } from 'drizzle-orm';
import { accountMessages, shopOpsMessages, type AuthResponse, type CreateUserRequest } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { Executor } from '../../db/database.ts';
import { HttpError, badRequest, conflict } from '../../core/http-errors.ts';
import { mapUserConflict, sameName, toAccount, usernameKey, type Account } from './account-views.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from './secrets.ts';
import { users } from './tables.ts';
import type { createVerification } from './verification.ts';
import type { MailService } from '../mail/service.ts';
import type { SignInClient } from './session-devices.ts';
import { openSignIn } from './sign-in.ts';

type Verification = ReturnType<typeof createVerification>;

async function insertUser(
  ctx: AppContext,
  exec: Executor,
  input: { username: string; email: string; passwordHash: string },
) {
  const now = ctx.clock.now();
  const [taken] = await exec
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(or(eq(usernameKey, input.username.toLowerCase()), eq(users.email, input.email)));
  if (taken)
    throw conflict(
      sameName(taken.username, input.username) ? accountMessages.usernameTaken : accountMessages.emailTaken,
    );
  const [row] = await exec
    .insert(users)
    .values({ ...input, createdAt: now, updatedAt: now })
    .returning()
    .catch(mapUserConflict);
  return row!;
}

/** The row of what was typed at login: a username in any case, or an e-mail. */
async function rowByLogin(ctx: AppContext, identifier: string) {
  const key = identifier.trim().toLowerCase();
  const [row] = await ctx.db
    .select()
    .from(users)
    .where(or(eq(usernameKey, key), eq(users.email, key)));
  return row;
}

/** Sign-up and login of shoppers (docs/rules/accounts.md). */
export function createSignup(ctx: AppContext, verification: Verification, mail: MailService) {
  return {
    /** 409 emailTaken when the address already has an account. */
    async checkEmailAvailable(email: string): Promise<void> {
      const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (row) throw conflict(accountMessages.emailTaken);
    },
    /**
     * Sign-up: only for an address verified by a code within the last hour (the verification is used
     * up). Its token is a session like a login's.
     */
    async createUser(input: Required<CreateUserRequest>, client: SignInClient): Promise<AuthResponse> {
      // Cheap refusals before the deliberately slow password hash; the transaction re-checks.
      const [owner] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
      if (owner) throw conflict(accountMessages.emailTaken);
      if (!(await verification.hasSignupVerification(input.email))) throw badRequest(accountMessages.emailNotVerified);
      const passwordHash = await hashPassword(input.password);
      const row = await ctx.db.transaction(async (tx) => {
        const created = await insertUser(ctx, tx, { username: input.username, email: input.email, passwordHash });
        await verification.consumeSignupVerification(tx, input.email);
        ctx.metrics.signedUp(tx);
        return created;
      });
      return openSignIn(ctx, mail, row, client, 'signup');
    },
    /** For the demo data and operators: an account whose address is known good, without a code. */
    async createAccountWithoutCode(input: Required<CreateUserRequest>): Promise<Account> {
      const passwordHash = await hashPassword(input.password);
      return toAccount(await insertUser(ctx, ctx.db, { username: input.username, email: input.email, passwordHash }));
    },
    /** Login by username (any case) or e-mail; one 401 text for every failure. A new session each time. */
    async login(identifier: string, password: string, client: SignInClient): Promise<AuthResponse> {
      const row = await rowByLogin(ctx, identifier);
      if (!row) {
        await burnPasswordCheck(password);
        throw new HttpError(401, accountMessages.invalidLogin);
      }
      if (!(await verifyPassword(row.passwordHash, password))) throw new HttpError(401, accountMessages.invalidLogin);
      if (row.disabledAt) throw new HttpError(403, shopOpsMessages.accountDisabled);
      return openSignIn(ctx, mail, row, client, 'login');
    },
    /**
     * The login-limit key of what was typed (username in any case, or e-mail): the account's id, so
     * both spellings count together; the typed name itself when no account has it.
     */
    async loginAccountKey(identifier: string): Promise<string> {
      const row = await rowByLogin(ctx, identifier);
      return row ? `user:${row.id}` : `name:${identifier.trim().toLowerCase()}`;
    },
  };
}
