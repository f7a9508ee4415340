import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Shoppers. `username` is unique case-insensitively (lower(username) index); `email` is stored
 * lowercased and unique. The shipping address lives on the user (docs/rules/accounts.md).
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    /** Argon2id PHC string. */
    passwordHash: text('password_hash').notNull(),
    /** Image name (GET /api/images/{name}); null means the default picture. */
    profilePicture: text('profile_picture'),
    phoneNumber: text('phone_number'),
    fullName: text('full_name'),
    country: text('country').notNull().default('SG'),
    postalCode: text('postal_code'),
    unitNumber: text('unit_number'),
    fullAddress: text('full_address'),
    /** Carried in every bearer token (`ver`); raised by a password reset, which revokes every older token. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** Shown as "Someone" in other shoppers' live purchase banner instead of the username. */
    appearAsSomeone: boolean('appear_as_someone').notNull().default(false),
    /** Set while an admin has disabled the account: no login, no session (docs/rules/shop-ops.md). */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_idx').on(t.email),
    // The back office dashboard's new-shopper counts.
    index('users_created_idx').on(t.createdAt),
  ],
);

/**
 * 6-digit e-mail codes, stored as an HMAC (never in clear). A code is single-use: `verifiedAt` is set
 * when the right code is entered, `consumedAt` when the verification is used (account created, reset
 * token issued) or a newer code replaced it. At most 5 tries (`attempts`), 15 minutes (`expiresAt`).
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    /** 'signup' | 'forgotPassword' */
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('verification_codes_email_idx').on(t.email, t.purpose, t.createdAt)],
);

/** Password reset links and code-path reset tokens: SHA-256 of a random token, 1 hour, single use. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_idx').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);

/** Back-office accounts, apart from shoppers. `username` and `email` unique case-insensitively. */
export const admins = pgTable(
  'admins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    /** Null while an invited admin has not set a password yet (no login possible). */
    passwordHash: text('password_hash'),
    /** As users.token_version: raising it (disable, password change) revokes the admin's tokens. */
    tokenVersion: integer('token_version').notNull().default(0),
    /**
     * Where the invitation went; null for the environment's first admin. One admin per address, any
     * case (docs/rules/shop-ops.md).
     */
    email: text('email'),
    /** owner: everything; staff: orders, collections, shipments and the inventory look-up. */
    role: text('role').$type<'owner' | 'staff'>().notNull().default('owner'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('admins_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('admins_email_lower_idx').on(sql`lower(${t.email})`),
  ],
);

/** One-time set-password links of invited admins: SHA-256 of a random token, single use, 3 days. */
export const adminInvites = pgTable(
  'admin_invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('admin_invites_hash_idx').on(t.tokenHash)],
);

/**
 * Bearer tokens ended one by one (logout ends only the presented token), by their `jti`. A row is
 * kept until the token's own expiry (plus a few minutes for clock skew), then purged.
 */
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    jti: text('jti').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('revoked_tokens_expires_at_idx').on(t.expiresAt)],
);

/**
 * A shopper's signed-in sessions, one row per bearer token by its id (`jti`): a shopper token is valid
 * only while its row exists and is not ended (docs/rules/accounts.md, "Sessions and devices").
 * `token_version` is the account's version the token was signed with (a raised version ends the
 * sessions signed before it); `place` is the class of the signing-in address, never the address.
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    // Text, not uuid: the check runs with whatever id a signed token carries (ours are UUIDs).
    jti: text('jti').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenVersion: integer('token_version').notNull(),
    /** "Chrome on Android": from the User-Agent at sign-in. */
    device: text('device').notNull(),
    /** 'loopback' | 'private' | 'ipv4' | 'ipv6' | 'unknown' (SessionPlace). */
    place: text('place').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Moved at most once a minute while the token is used. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    /** The token's own expiry: the row is purged some minutes after it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set by logout, "Log out" on the devices page, a password change or reset. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('user_sessions_user_idx').on(t.userId, t.lastSeenAt),
    index('user_sessions_expires_at_idx').on(t.expiresAt),
  ],
);

/**
 * The devices each shopper has signed in from (the new-device mail is sent once per row): a device is
 * the web app's random device id when the request sends one, else the device label of its User-Agent.
 */
export const userDevices = pgTable(
  'user_devices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceKey: text('device_key').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceKey] })],
);
