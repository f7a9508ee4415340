import { sql } from 'drizzle-orm';
import { accountMessages, type ShippingAddress, type ShopperSummary, type UserDetails } from '@kujiya/shared';
import { conflict } from '../../core/http-errors.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { DEFAULT_PROFILE_PICTURE } from './default-picture.ts';
import { users } from './tables.ts';

/** The stored row; it stays inside the accounts module (others get `Account`). */
export type UserRow = typeof users.$inferSelect;

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

export const toAccount = (row: UserRow): Account => ({
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

export const toDetails = (account: Account): UserDetails => ({
  username: account.username,
  email: account.email,
  profilePicture: account.profilePicture,
  phoneNumber: account.phoneNumber,
  shippingAddress: account.shippingAddress,
  appearAsSomeone: account.appearAsSomeone,
});

export const usernameKey = sql`lower(${users.username})`;

export const toSummary = (row: UserRow): ShopperSummary => ({
  id: row.id,
  username: row.username,
  email: row.email,
  disabled: row.disabledAt !== null,
  createdAt: row.createdAt.toISOString(),
});
export const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Maps a unique violation on users to the shop's texts. */
export function mapUserConflict(error: unknown): never {
  if (isUniqueViolation(error, 'users_username_lower_idx')) throw conflict(accountMessages.usernameTaken);
  if (isUniqueViolation(error, 'users_email_idx')) throw conflict(accountMessages.emailTaken);
  throw error;
}
