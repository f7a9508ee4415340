import crypto from 'node:crypto';
import type { AppContext } from '../../core/context.ts';
import { derivedSecret } from '../../core/secrets.ts';

/**
 * The authenticator apps' secrets are stored sealed (AES-256-GCM, docs/rules/two-factor.md): the
 * server must read them to check codes, but a copy of the database (a backup, a dump) without the
 * server's key does not give anyone the codes. The key comes from JWT_SECRET where it is set (every
 * production instance), else from a random key kept in the settings table (development, tests).
 */
type KeyContext = Pick<AppContext, 'config' | 'db'>;

/** A sealed secret starts with this; one without it was stored before sealing (plain Base32). */
export const SEALED_PREFIX = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

const keys = new WeakMap<object, Promise<Buffer>>();

function keyOf(ctx: KeyContext): Promise<Buffer> {
  let key = keys.get(ctx.db);
  if (!key) {
    const secret = derivedSecret(ctx, 'totp-secrets', 'totp_secret_key');
    key = secret().then((text) => Buffer.from(crypto.hkdfSync('sha256', text, '', 'kujiya totp secrets v1', 32)));
    key.catch(() => keys.delete(ctx.db));
    keys.set(ctx.db, key);
  }
  return key;
}

/** Whether a stored secret is sealed (false: a row written before sealing, still plain). */
export const isSealed = (stored: string) => stored.startsWith(SEALED_PREFIX);

/**
 * Seals an admin's secret for storage. The admin's id is bound in as associated data, so a sealed
 * secret copied into another admin's row does not open.
 */
export async function sealTotpSecret(ctx: KeyContext, adminId: string, secret: string): Promise<string> {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv('aes-256-gcm', await keyOf(ctx), iv);
  cipher.setAAD(Buffer.from(adminId));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The admin's secret from its stored form (a plain one as it is), or null when it does not open. */
export async function openTotpSecret(ctx: KeyContext, adminId: string, stored: string): Promise<string | null> {
  if (!isSealed(stored)) return stored;
  const bytes = Buffer.from(stored.slice(SEALED_PREFIX.length), 'base64url');
  if (bytes.length <= IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', await keyOf(ctx), bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(adminId));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    // Another key (JWT_SECRET changed) or a damaged value: no code can match it.
    return null;
  }
}
