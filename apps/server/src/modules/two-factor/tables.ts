import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Two-factor sign-in of the back office (docs/rules/two-factor.md). Rows name an admin by id only:
 * the admins table belongs to accounts.
 */

/** An admin's authenticator app: the TOTP secret, on once a first code confirmed it. */
export const adminTotp = pgTable('admin_totp', {
  adminId: uuid('admin_id').primaryKey(),
  /**
   * The Base32 secret sealed with the server's key (secret-box.ts: `v1.` and AES-256-GCM); a row
   * written before sealing holds it plain until its next accepted code or the hourly totp-sealing
   * job seals it.
   */
  secret: text('secret').notNull(),
  /** Null while set up but not yet confirmed by a first code (no login asks for it then). */
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /**
   * The last accepted code's time step (Unix seconds / 30): a code of this step or an earlier one is
   * refused, so a code works once even across instances (a conditional update takes it).
   */
  lastTimeStep: integer('last_time_step'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** Ten one-time recovery codes per admin, stored as SHA-256 hashes (high-entropy codes need no slow hash). */
export const adminRecoveryCodes = pgTable(
  'admin_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull(),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('admin_recovery_codes_admin_idx').on(t.adminId)],
);

/** WebAuthn passkeys: the credential's id and public key (COSE, base64url) and its signature counter. */
export const adminPasskeys = pgTable(
  'admin_passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull(),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('admin_passkeys_credential_idx').on(t.credentialId),
    index('admin_passkeys_admin_idx').on(t.adminId),
  ],
);

/**
 * The pending WebAuthn challenge of an admin, one per purpose (register, login), in the database so
 * the answer may reach another instance; taken (deleted) by the verification that uses it.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    adminId: uuid('admin_id').notNull(),
    purpose: text('purpose').$type<'register' | 'login'>().notNull(),
    challenge: text('challenge').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('passkey_challenges_admin_purpose_idx').on(t.adminId, t.purpose)],
);
