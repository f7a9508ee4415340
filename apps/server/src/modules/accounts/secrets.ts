import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { sha256 } from '../../core/secrets.ts';

/**
 * Password hashing: Argon2id (the library's default algorithm) with its OWASP-level defaults
 * (19 MiB, 2 passes, 1 lane). The hash is a PHC string that carries its own salt and parameters.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check when the account does not exist, so timing leaks nothing. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hash('not-a-real-password-0!');
  await verifyPassword(await dummyHash, password);
}

/** A 6-digit code, uniformly random, with leading zeros. */
export function generateCode(): string {
  return crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/**
 * A code is stored as an HMAC under a server-side pepper, bound to its e-mail and purpose, so the
 * table alone does not reveal codes and a code for one address or flow is useless for another.
 */
export function hashCode(pepper: string, email: string, purpose: string, code: string): string {
  return crypto.createHmac('sha256', pepper).update(`${purpose}:${email}:${code}`).digest('hex');
}

/** A URL-safe random token (32 bytes) for reset links. */
export function generateToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Tokens carry 256 random bits, so a plain SHA-256 is enough to store them safely. */
export const hashToken = (token: string): string => sha256(token);

/** Constant-time equality of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}
