import { eq, inArray } from 'drizzle-orm';
import {
  accountMessages,
  isShippingAddressComplete,
  type ShippingAddressResponse,
  type UpdateProfileFields,
  type UpdateProfileResponse,
  type UserDetails,
} from '@kujiya/shared';
import type { Principal } from '../../core/auth.ts';
import type { Executor, Tx } from '../../db/database.ts';
import { conflict, forbidden, notFound } from '../../core/http-errors.ts';
import {
  mapUserConflict,
  sameName,
  toAccount,
  toDetails,
  usernameKey,
  type Account,
  type UserRow,
} from './account-views.ts';
import { sessionFor, type AccountsDeps } from './deps.ts';
import { users } from './tables.ts';

export interface ProfileImage {
  bytes: Buffer;
  contentType: string;
}

export const rowById = async (exec: Executor, id: string) =>
  (await exec.select().from(users).where(eq(users.id, id)))[0];

/** The caller's own row when `username` is theirs: 404 'User not found' if gone, 403 otherwise. */
export async function requireSelfRow(exec: Executor, principal: Principal, username: string): Promise<UserRow> {
  const row = await rowById(exec, principal.id);
  if (!row) throw notFound(accountMessages.userNotFound);
  if (!sameName(row.username, username)) throw forbidden('Access denied');
  return row;
}

/** The columns the form's fields change ('' clears an optional field); a rename ends the other sessions. */
async function profileChanges(
  tx: Tx,
  current: UserRow,
  fields: UpdateProfileFields,
): Promise<Partial<typeof users.$inferInsert>> {
  const changes: Partial<typeof users.$inferInsert> = {};
  if (fields.username !== undefined && fields.username !== current.username) {
    const [other] = await tx.select({ id: users.id }).from(users).where(eq(usernameKey, fields.username.toLowerCase()));
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
  return changes;
}

/**
 * Quota: a shopper keeps one uploaded picture; replaced ones are deleted unless another account
 * shows the same picture.
 */
async function dropReplacedPictures(d: AccountsDeps, tx: Tx, userId: string, kept: string | null) {
  const replaced = await d.media.imagesOwnedBy(tx, userId, kept ?? undefined);
  const stillShown = replaced.length
    ? new Set(
        (
          await tx.select({ name: users.profilePicture }).from(users).where(inArray(users.profilePicture, replaced))
        ).map((r) => r.name),
      )
    : new Set<string | null>();
  await d.media.deleteOwnedImages(
    tx,
    replaced.filter((name) => !stillShown.has(name)),
  );
}

async function writeProfile(
  d: AccountsDeps,
  tx: Tx,
  principal: Principal,
  fields: UpdateProfileFields,
  image?: ProfileImage,
) {
  const current = await rowById(tx, principal.id);
  if (!current) throw notFound(accountMessages.userNotFound);
  const changes = await profileChanges(tx, current, fields);
  if (image)
    changes.profilePicture = await d.media.putImage(tx, image.bytes, image.contentType, { userId: current.id });
  if (Object.keys(changes).length === 0) return current;
  const [updated] = await tx
    .update(users)
    .set({ ...changes, updatedAt: d.ctx.clock.now() })
    .where(eq(users.id, current.id))
    .returning()
    .catch(mapUserConflict);
  if (image) await dropReplacedPictures(d, tx, current.id, updated!.profilePicture);
  return updated!;
}

/** The shopper's own profile (docs/rules/accounts.md). */
export function createProfile(d: AccountsDeps) {
  const { ctx } = d;
  return {
    async getDetails(principal: Principal, username: string): Promise<UserDetails> {
      return toDetails(toAccount(await requireSelfRow(ctx.db, principal, username)));
    },
    async getShippingAddress(principal: Principal, username: string): Promise<ShippingAddressResponse> {
      const account = toAccount(await requireSelfRow(ctx.db, principal, username));
      return {
        phoneNumber: account.phoneNumber,
        shippingAddress: account.shippingAddress,
        complete: isShippingAddressComplete(account.shippingAddress),
      };
    },
    /**
     * Applies the fields that were sent ('' clears an optional field) and the new picture, in one
     * transaction. A new username answers a new token (the token carries the username), for the
     * caller's same session (`currentTokenId`) when given.
     */
    async updateProfile(
      principal: Principal,
      fields: UpdateProfileFields,
      image?: ProfileImage,
      currentTokenId?: string,
    ): Promise<UpdateProfileResponse> {
      const row = await ctx.db.transaction((tx) => writeProfile(d, tx, principal, fields, image));
      const account = toAccount(row);
      const renamed = row.username !== principal.username;
      return {
        message: accountMessages.profileUpdated,
        ...(renamed ? { token: (await sessionFor(ctx, row, currentTokenId)).token } : {}),
        user: { username: account.username, profilePicture: account.profilePicture },
        details: toDetails(account),
      };
    },
    /**
     * For routes naming a user (`/{username}`): the caller's account when the name is theirs,
     * 404 'User not found' when the token's account is gone, 403 otherwise.
     */
    async requireSelf(principal: Principal, username: string): Promise<Account> {
      return toAccount(await requireSelfRow(ctx.db, principal, username));
    },
  };
}
