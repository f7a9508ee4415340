import { asc, count, eq, gte, ilike, inArray, or, sql } from 'drizzle-orm';
import {
  accountMessages,
  isShippingAddressComplete,
  type AuthResponse,
  type CreateUserRequest,
  type ShippingAddress,
  type ShippingAddressResponse,
  type UpdateProfileFields,
  type UpdateProfileResponse,
  type UserDetails,
  SHOPPERS_PAGE_SIZE,
  shopOpsMessages,
  type ShopperDetail,
  type ShopperSearchResponse,
  type ShopperSummary,
} from '@kujiya/shared';
import type { AuditService } from '../audit/service.ts';
import type { AppContext } from '../../core/context.ts';
import type { Principal } from '../../core/auth.ts';
import type { Executor, Tx } from '../../db/database.ts';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../../core/http-errors.ts';
import type { MailService } from '../mail/service.ts';
import type { MediaService } from '../media/service.ts';
import { users } from './tables.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from './secrets.ts';
import { DEFAULT_PROFILE_PICTURE, DEFAULT_PROFILE_PICTURE_SVG } from './default-picture.ts';
import { createVerification } from './verification.ts';
import { createPasswordResets } from './password-reset.ts';
import { createAdmins } from './admins.ts';
import { createSessions } from './sessions.ts';

type UserRow = typeof users.$inferSelect;

/** A shopper as other modules see it (through this service only). */
export interface Account {
  id: string;
  username: string;
  email: string;
  profilePicture: string;
  phoneNumber: string | null;
  shippingAddress: ShippingAddress;
  /** Shown as "Someone" in the live purchase banner. */
  appearAsSomeone: boolean;
  createdAt: Date;
}

const toAccount = (row: UserRow): Account => ({
  id: row.id,
  username: row.username,
  email: row.email,
  profilePicture: row.profilePicture ?? DEFAULT_PROFILE_PICTURE,
  phoneNumber: row.phoneNumber,
  shippingAddress: {
    fullName: row.fullName,
    country: row.country,
    postalCode: row.postalCode,
    unitNumber: row.unitNumber,
    fullAddress: row.fullAddress,
  },
  appearAsSomeone: row.appearAsSomeone,
  createdAt: row.createdAt,
});

const toDetails = (account: Account): UserDetails => ({
  username: account.username,
  email: account.email,
  profilePicture: account.profilePicture,
  phoneNumber: account.phoneNumber,
  shippingAddress: account.shippingAddress,
  appearAsSomeone: account.appearAsSomeone,
});

const usernameKey = sql`lower(${users.username})`;

const toSummary = (row: UserRow): ShopperSummary => ({
  id: row.id,
  username: row.username,
  email: row.email,
  disabled: row.disabledAt !== null,
  createdAt: row.createdAt.toISOString(),
});
const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Maps a unique violation on users to the shop's texts. */
function mapUserConflict(error: unknown): never {
  if (isUniqueViolation(error, 'users_username_lower_idx')) throw conflict(accountMessages.usernameTaken);
  if (isUniqueViolation(error, 'users_email_idx')) throw conflict(accountMessages.emailTaken);
  throw error;
}

export interface ProfileImage {
  bytes: Buffer;
  contentType: string;
}

/**
 * Accounts: shoppers (sign-up with a verified e-mail, login, password recovery, profile) and admins.
 * Other modules use `getAccount`, `findAccount`, `getAccounts` and `requireSelf`.
 */
export function createAccountsService(ctx: AppContext, deps: { mail: MailService; media: MediaService; audit: AuditService }) {
  const resets = createPasswordResets(ctx, deps.mail);
  const verification = createVerification(ctx, deps.mail, resets);
  const adminAccounts = createAdmins(ctx, { mail: deps.mail, audit: deps.audit });

  const sessions = createSessions(ctx);
  // Every bearer token is checked against its account's current version and the revoked token ids.
  ctx.tokens.useSessionLookup(sessions.currentTokenVersion);

  const sessionFor = async (row: Pick<UserRow, 'id' | 'username' | 'profilePicture' | 'tokenVersion'>): Promise<AuthResponse> => {
    const { token } = await ctx.tokens.sign({ id: row.id, username: row.username, role: 'user', tokenVersion: row.tokenVersion });
    return { token, user: { username: row.username, profilePicture: row.profilePicture ?? DEFAULT_PROFILE_PICTURE } };
  };

  const rowById = async (exec: Executor, id: string) => (await exec.select().from(users).where(eq(users.id, id)))[0];

  /** The caller's own row when `username` is theirs: 404 'User not found' if gone, 403 otherwise. */
  async function requireSelfRow(principal: Principal, username: string): Promise<UserRow> {
    const row = await rowById(ctx.db, principal.id);
    if (!row) throw notFound(accountMessages.userNotFound);
    if (!sameName(row.username, username)) throw forbidden('Access denied');
    return row;
  }

  async function insertUser(exec: Executor, input: { username: string; email: string; passwordHash: string }) {
    const now = ctx.clock.now();
    const [taken] = await exec
      .select({ username: users.username, email: users.email })
      .from(users)
      .where(or(eq(usernameKey, input.username.toLowerCase()), eq(users.email, input.email)));
    if (taken) {
      throw conflict(sameName(taken.username, input.username) ? accountMessages.usernameTaken : accountMessages.emailTaken);
    }
    const [row] = await exec
      .insert(users)
      .values({ ...input, createdAt: now, updatedAt: now })
      .returning()
      .catch(mapUserConflict);
    return row!;
  }

  return {
    sendCode: verification.sendCode,
    verifyCode: verification.verifyCode,

    /** 409 emailTaken when the address already has an account. */
    async checkEmailAvailable(email: string): Promise<void> {
      const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (row) throw conflict(accountMessages.emailTaken);
    },

    /** Sign-up: only for an address verified by a code within the last hour (the verification is used up). */
    async createUser(input: Required<CreateUserRequest>): Promise<AuthResponse> {
      // Cheap refusals before the deliberately slow password hash; the transaction re-checks.
      const [owner] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
      if (owner) throw conflict(accountMessages.emailTaken);
      if (!(await verification.hasSignupVerification(input.email))) throw badRequest(accountMessages.emailNotVerified);
      const passwordHash = await hashPassword(input.password);
      const row = await ctx.db.transaction(async (tx) => {
        const created = await insertUser(tx, { username: input.username, email: input.email, passwordHash });
        await verification.consumeSignupVerification(tx, input.email);
        return created;
      });
      return sessionFor(row);
    },

    /** For the demo data and operators: an account whose address is known good, without a code. */
    async createAccountWithoutCode(input: Required<CreateUserRequest>): Promise<Account> {
      const passwordHash = await hashPassword(input.password);
      return toAccount(await insertUser(ctx.db, { username: input.username, email: input.email, passwordHash }));
    },

    /** Login by username (any case) or e-mail; one 401 text for every failure. */
    async login(identifier: string, password: string): Promise<AuthResponse> {
      const key = identifier.trim().toLowerCase();
      const [row] = await ctx.db
        .select()
        .from(users)
        .where(or(eq(usernameKey, key), eq(users.email, key)));
      if (!row) {
        await burnPasswordCheck(password);
        throw new HttpError(401, accountMessages.invalidLogin);
      }
      if (!(await verifyPassword(row.passwordHash, password))) throw new HttpError(401, accountMessages.invalidLogin);
      if (row.disabledAt) throw new HttpError(403, shopOpsMessages.accountDisabled);
      return sessionFor(row);
    },

    /**
     * The login-limit key of what was typed (username in any case, or e-mail): the account's id, so
     * both spellings count together; the typed name itself when no account has it.
     */
    async loginAccountKey(identifier: string): Promise<string> {
      const key = identifier.trim().toLowerCase();
      const [row] = await ctx.db
        .select({ id: users.id })
        .from(users)
        .where(or(eq(usernameKey, key), eq(users.email, key)));
      return row ? `user:${row.id}` : `name:${key}`;
    },
    adminLoginAccountKey: adminAccounts.loginAccountKey,

    /** GET /api/users/logout with a valid token: revokes that token only (this browser's session). */
    logout: sessions.revoke,
    purgeRevokedTokens: sessions.purgeRevokedTokens,

    forgotPassword: resets.sendLink,
    resetPassword: (token: string, password: string) => resets.resetWithToken(token, password),
    changePassword: (email: string, resetToken: string, password: string) =>
      resets.resetWithToken(resetToken, password, email),

    async getDetails(principal: Principal, username: string): Promise<UserDetails> {
      return toDetails(toAccount(await requireSelfRow(principal, username)));
    },

    async getShippingAddress(principal: Principal, username: string): Promise<ShippingAddressResponse> {
      const account = toAccount(await requireSelfRow(principal, username));
      return {
        phoneNumber: account.phoneNumber,
        shippingAddress: account.shippingAddress,
        complete: isShippingAddressComplete(account.shippingAddress),
      };
    },

    /**
     * Applies the fields that were sent ('' clears an optional field) and the new picture, in one
     * transaction. A new username answers a new token (the token carries the username).
     */
    async updateProfile(
      principal: Principal,
      fields: UpdateProfileFields,
      image?: ProfileImage,
    ): Promise<UpdateProfileResponse> {
      const row = await ctx.db.transaction(async (tx) => {
        const current = await rowById(tx, principal.id);
        if (!current) throw notFound(accountMessages.userNotFound);
        const changes: Partial<typeof users.$inferInsert> = {};
        if (fields.username !== undefined && fields.username !== current.username) {
          const [other] = await tx
            .select({ id: users.id })
            .from(users)
            .where(eq(usernameKey, fields.username.toLowerCase()));
          if (other && other.id !== current.id) throw conflict(accountMessages.usernameTaken);
          changes.username = fields.username;
          // Tokens carry the username: a rename ends every session signed with the old name
          // (the answer carries the one new token).
          if (!sameName(fields.username, current.username)) changes.tokenVersion = current.tokenVersion + 1;
        }
        const clearable = ['phoneNumber', 'postalCode', 'unitNumber', 'fullAddress', 'fullName'] as const;
        for (const field of clearable) {
          const value = fields[field];
          if (value !== undefined) changes[field] = value.trim() === '' ? null : value.trim();
        }
        if (fields.country !== undefined) changes.country = fields.country.toUpperCase();
        if (typeof fields.appearAsSomeone === 'boolean') changes.appearAsSomeone = fields.appearAsSomeone;
        if (image) changes.profilePicture = await deps.media.putImage(tx, image.bytes, image.contentType, { userId: current.id });
        if (Object.keys(changes).length === 0) return current;
        const [updated] = await tx
          .update(users)
          .set({ ...changes, updatedAt: ctx.clock.now() })
          .where(eq(users.id, current.id))
          .returning()
          .catch(mapUserConflict);
        // Quota: a shopper keeps one uploaded picture; replaced ones are deleted unless another
        // account shows the same picture.
        if (image) {
          const replaced = await deps.media.imagesOwnedBy(tx, current.id, updated!.profilePicture ?? undefined);
          const stillShown = replaced.length
            ? new Set((await tx.select({ name: users.profilePicture }).from(users).where(inArray(users.profilePicture, replaced))).map((r) => r.name))
            : new Set<string | null>();
          await deps.media.deleteOwnedImages(tx, replaced.filter((name) => !stillShown.has(name)));
        }
        return updated!;
      });
      const account = toAccount(row);
      const renamed = row.username !== principal.username;
      return {
        message: accountMessages.profileUpdated,
        ...(renamed ? { token: (await sessionFor(row)).token } : {}),
        user: { username: account.username, profilePicture: account.profilePicture },
        details: toDetails(account),
      };
    },

    /** The account of a token's principal, or null. */
    async getAccount(id: string, exec: Executor = ctx.db): Promise<Account | null> {
      const row = await rowById(exec, id);
      return row ? toAccount(row) : null;
    },

    /** By username (any case) or e-mail, e.g. the admin inventory lookup. */
    async findAccount(usernameOrEmail: string): Promise<Account | null> {
      const key = usernameOrEmail.trim().toLowerCase();
      const [row] = await ctx.db
        .select()
        .from(users)
        .where(or(eq(usernameKey, key), eq(users.email, key)));
      return row ? toAccount(row) : null;
    },

    /** Shoppers who signed up since `from` (back office dashboard). */
    async countNewUsers(from: Date): Promise<number> {
      const [row] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(users).where(gte(users.createdAt, from));
      return Number(row?.n ?? 0);
    },

    /** Several accounts by id (e.g. trade listings showing creators, e-mail copies of notifications); unknown ids are left out. */
    async getAccounts(ids: string[], exec: Executor = ctx.db): Promise<Map<string, Account>> {
      if (ids.length === 0) return new Map();
      const rows = await exec.select().from(users).where(inArray(users.id, [...new Set(ids)]));
      return new Map(rows.map((row) => [row.id, toAccount(row)]));
    },

    /**
     * For routes naming a user (`/{username}`): the caller's account when the name is theirs,
     * 404 'User not found' when the token's account is gone, 403 otherwise.
     */
    async requireSelf(principal: Principal, username: string): Promise<Account> {
      return toAccount(await requireSelfRow(principal, username));
    },

    ensureAdmin: adminAccounts.ensureAdmin,
    adminLogin: adminAccounts.login,
    admins: adminAccounts,

    /** Back office: shoppers by username or e-mail (part of either, any case), newest first, paginated. */
    async searchShoppers(q: string, page: number): Promise<ShopperSearchResponse> {
      const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const where = q ? or(ilike(users.username, pattern), ilike(users.email, pattern)) : undefined;
      const [total] = await ctx.db.select({ n: count() }).from(users).where(where);
      const rows = await ctx.db
        .select()
        .from(users)
        .where(where)
        .orderBy(asc(usernameKey))
        .limit(SHOPPERS_PAGE_SIZE)
        .offset((page - 1) * SHOPPERS_PAGE_SIZE);
      const n = total?.n ?? 0;
      return { shoppers: rows.map(toSummary), page, total: n, totalPages: Math.max(1, Math.ceil(n / SHOPPERS_PAGE_SIZE)) };
    },

    /** Back office: a shopper's profile (404 when unknown). */
    async shopperProfile(id: string): Promise<ShopperDetail['profile']> {
      const row = await rowById(ctx.db, id);
      if (!row) throw notFound(accountMessages.userNotFound);
      return {
        ...toSummary(row),
        phoneNumber: row.phoneNumber,
        fullName: row.fullName,
        country: row.country,
        postalCode: row.postalCode,
        unitNumber: row.unitNumber,
        fullAddress: row.fullAddress,
      };
    },

    /**
     * Disables or enables a shopper inside the caller's transaction. Disabling raises the token version,
     * so every session ends at once; login is refused while disabled. Nothing the shopper owns changes.
     */
    async setShopperDisabled(tx: Tx, id: string, disabled: boolean): Promise<{ before: ShopperSummary; after: ShopperSummary }> {
      const [before] = await tx.select().from(users).where(eq(users.id, id)).for('update');
      if (!before) throw notFound(accountMessages.userNotFound);
      if ((before.disabledAt !== null) === disabled) return { before: toSummary(before), after: toSummary(before) };
      const now = ctx.clock.now();
      const [after] = await tx
        .update(users)
        .set(disabled ? { disabledAt: now, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now } : { disabledAt: null, updatedAt: now })
        .where(eq(users.id, id))
        .returning();
      return { before: toSummary(before), after: toSummary(after!) };
    },

    /** On start: the default profile picture and the configured first admin exist. */
    async ensureStartupData(): Promise<void> {
      await deps.media.putImage(ctx.db, DEFAULT_PROFILE_PICTURE_SVG, 'image/svg+xml');
      if (ctx.config.admin) {
        const { created } = await adminAccounts.ensureAdmin(ctx.config.admin.username, ctx.config.admin.password);
        if (created) ctx.log.info({ username: ctx.config.admin.username }, 'created the first admin from ADMIN_USERNAME');
      }
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
