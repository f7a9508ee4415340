import { base64UrlBytes } from './base64url';

/** The claims the shop's bearer tokens carry (signed on the server; only read here, never trusted for access). */
export interface TokenClaims {
  sub?: string;
  username?: string;
  role?: string;
  /** Expiry in seconds since the epoch. */
  exp?: number;
}

/** The payload of a JWT, or null when the text is not a well-formed JWT. */
export function decodeTokenClaims(token: string | null | undefined): TokenClaims | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const payload: unknown = JSON.parse(new TextDecoder().decode(base64UrlBytes(parts[1])));
    return payload && typeof payload === 'object' ? (payload as TokenClaims) : null;
  } catch {
    return null;
  }
}

/**
 * True when the token is a well-formed JWT that has not expired at `now` (and has the role, when one
 * is asked for). A token without an expiry counts as invalid: the server always sets one.
 */
export function isTokenUsable(token: string | null | undefined, now: number = Date.now(), role?: string): boolean {
  const claims = decodeTokenClaims(token);
  if (!claims || typeof claims.exp !== 'number') return false;
  if (role !== undefined && claims.role !== role) return false;
  return claims.exp * 1000 > now;
}

/** Milliseconds until the token expires (0 when it is unusable). */
export function msUntilExpiry(token: string | null | undefined, now: number = Date.now()): number {
  const claims = decodeTokenClaims(token);
  if (!claims || typeof claims.exp !== 'number') return 0;
  return Math.max(0, claims.exp * 1000 - now);
}
