import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SignJWT } from 'jose';
import { createVerifier } from 'fast-jwt';
import { enrolmentMayUse, shopOpsMessages, staffMayUse, twoFactorMessages, type AdminRole } from '@kujiya/shared';
import { HttpError } from './http-errors.ts';

export type Role = 'user' | 'admin';
export interface Principal {
  id: string;
  username: string;
  role: Role;
  /** An admin's role, read from the account on every request (so a change applies at once). */
  adminRole?: AdminRole;
  /**
   * An owner's session opened without a second factor while one is required (docs/rules/two-factor.md):
   * it reaches only the two-factor routes (token claim `scp`).
   */
  enrolmentOnly?: true;
}

/** The `scp` claim of an enrolment-only admin token. */
const ENROLMENT_SCOPE = 'two-factor-enrolment';

/** What the session lookup knows of a live account: its token version and, for admins, their role. */
export interface SessionState {
  tokenVersion: number;
  adminRole?: AdminRole;
}

/** What a token is signed for: the principal and its account's token version at signing time. */
export interface TokenSubject extends Principal {
  tokenVersion: number;
}

/** The presented token itself: its id (`jti`) and its own expiry (what logout revokes, and for how long). */
export interface PresentedToken {
  tokenId: string;
  expiresAt: Date;
}

/**
 * The current token version of a shopper's or an admin's account, or null when the account is gone or
 * this token's session ended (a shopper token without a live session row; an admin token id revoked).
 * Raising the version (password reset) ends every token signed before.
 */
export type SessionLookup = (role: Role, accountId: string, tokenId: string) => Promise<SessionState | null>;

/** A shopper token just signed: the session its row records (a shopper token is valid only with one). */
export interface SignedSession {
  tokenId: string;
  accountId: string;
  tokenVersion: number;
  expiresAt: Date;
}
/**
 * Records a shopper session for a token just signed (docs/rules/accounts.md, "Sessions and devices"):
 * every shopper token this service signs gets its row, whoever asks for it (login, sign-up, a rename,
 * a test); the accounts fill in the device afterwards.
 */
export type SessionOpener = (session: SignedSession) => Promise<void>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const USER_TOKEN_TTL_SECONDS = 7 * 24 * 3600;
export const ADMIN_TOKEN_TTL_SECONDS = 8 * 3600;
/** Ours are UUIDs; the bound only keeps odd ids out of the lookup. */
const MAX_TOKEN_ID_LENGTH = 100;

/**
 * Signs and verifies the bearer tokens: HS256 JWTs with expiry, an id (`jti`) and the account's token
 * version (claim `ver`); admin tokens carry role: admin. A token is valid only while its account exists,
 * still has that version and the token id is not revoked, checked with one query per verification.
 */
export class TokenService {
  private readonly key: Uint8Array;
  /**
   * Checks the signature (HS256 only) on every authenticated request. fast-jwt does it synchronously
   * with node:crypto; jose's WebCrypto verify costs a thread-pool round trip each time, the largest
   * share of a purchase request's CPU in a drop (docs/performance.md). Expiry is checked below
   * against this service's clock.
   */
  private readonly verifySignature: (token: string) => Record<string, unknown>;
  /**
   * @param sessions the accounts' session check (token version, disabled, revoked), given by the
   *   composition root; a token service that only signs (a test's) goes without it.
   * @param openSession records each signed shopper token's session row (given with `sessions`).
   */
  constructor(
    secret: string,
    private readonly now: () => Date,
    private readonly sessions?: SessionLookup,
    private readonly openSession?: SessionOpener,
  ) {
    this.key = new TextEncoder().encode(secret);
    this.verifySignature = createVerifier({
      key: secret,
      algorithms: ['HS256'],
      ignoreExpiration: true,
      ignoreNotBefore: true,
    });
  }

  /**
   * A new token for `subject`. `options.tokenId` signs a new token for an existing session (a rename
   * re-signs the caller's session); otherwise the token is a new session.
   */
  async sign(
    subject: TokenSubject,
    options: { tokenId?: string } = {},
  ): Promise<{ token: string; tokenId: string; expiresAt: Date }> {
    const ttl = subject.role === 'admin' ? ADMIN_TOKEN_TTL_SECONDS : USER_TOKEN_TTL_SECONDS;
    const iat = Math.floor(this.now().getTime() / 1000);
    const tokenId = options.tokenId ?? crypto.randomUUID();
    const claims = { username: subject.username, role: subject.role, ver: subject.tokenVersion };
    const token = await new SignJWT(subject.enrolmentOnly ? { ...claims, scp: ENROLMENT_SCOPE } : claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(subject.id)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ttl)
      .setJti(tokenId)
      .sign(this.key);
    const expiresAt = new Date((iat + ttl) * 1000);
    if (subject.role === 'user' && this.openSession) {
      await this.openSession({ tokenId, accountId: subject.id, tokenVersion: subject.tokenVersion, expiresAt });
    }
    return { token, tokenId, expiresAt };
  }

  /**
   * Returns the principal of a valid, unexpired, unrevoked token whose account exists with the token's
   * version, or null. A failing database lookup throws (a 500), it does not log anyone out.
   */
  async verify(token: string): Promise<Principal | null> {
    return (await this.verifySession(token))?.principal ?? null;
  }

  /** As `verify`, with the presented token's id and expiry (for logout). */
  async verifySession(token: string): Promise<{ principal: Principal; token: PresentedToken } | null> {
    let payload: Record<string, unknown>;
    try {
      payload = this.verifySignature(token);
    } catch {
      return null;
    }
    const { sub, username, role, ver, jti, exp, nbf, scp } = payload;
    // As jose checks them: expired once `exp` is reached, not valid before `nbf` (seconds).
    const nowSeconds = Math.floor(this.now().getTime() / 1000);
    if (typeof exp !== 'number' || exp <= nowSeconds) return null;
    if (nbf !== undefined && (typeof nbf !== 'number' || nbf > nowSeconds)) return null;
    if (typeof sub !== 'string' || !UUID.test(sub) || typeof username !== 'string') return null;
    if (role !== 'user' && role !== 'admin') return null;
    if (typeof ver !== 'number' || !Number.isSafeInteger(ver)) return null;
    // Every token this service signs has an id and an expiry; one without cannot be revoked alone.
    if (typeof jti !== 'string' || jti.length === 0 || jti.length > MAX_TOKEN_ID_LENGTH) return null;
    if (!this.sessions) throw new Error('TokenService: no session lookup registered');
    const state = await this.sessions(role, sub, jti);
    if (!state || state.tokenVersion !== ver) return null;
    const principal: Principal = {
      id: sub,
      username,
      role,
      ...(state.adminRole ? { adminRole: state.adminRole } : {}),
      ...(role === 'admin' && scp === ENROLMENT_SCOPE ? { enrolmentOnly: true as const } : {}),
    };
    return { principal, token: { tokenId: jti, expiresAt: new Date(exp * 1000) } };
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireUser` / `optionalUser` for a valid shopper token. */
    user?: Principal;
    /** The id and expiry of that shopper token (set with `user`). */
    userToken?: PresentedToken;
    /** Set by `requireAdmin` for a valid admin token. */
    admin?: Principal;
  }
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value : undefined;
}

/**
 * Route guards. A shopper route without a valid token answers 403 'Please login first.' (the web's
 * login reminder reacts to 403); an admin route answers 401 'Admin authentication required'.
 */
export function createGuards(tokens: TokenService) {
  return {
    async requireUser(request: FastifyRequest, _reply: FastifyReply) {
      const token = bearer(request);
      const session = token ? await tokens.verifySession(token) : null;
      if (!session || session.principal.role !== 'user') throw new HttpError(403, 'Please login first.');
      request.user = session.principal;
      request.userToken = session.token;
    },
    async optionalUser(request: FastifyRequest, _reply: FastifyReply) {
      const token = bearer(request);
      const session = token ? await tokens.verifySession(token) : null;
      if (session?.principal.role !== 'user') return;
      request.user = session.principal;
      request.userToken = session.token;
    },
    async requireAdmin(request: FastifyRequest, _reply: FastifyReply) {
      const token = bearer(request);
      const principal = token ? await tokens.verify(token) : null;
      if (!principal) throw new HttpError(401, 'Admin authentication required');
      if (principal.role !== 'admin') throw new HttpError(403, 'Admin authentication required');
      const url = request.routeOptions?.url ?? '';
      // An owner who still has to set up two-factor sign-in reaches only its routes (docs/rules/two-factor.md).
      if (principal.enrolmentOnly && !enrolmentMayUse(url))
        throw new HttpError(403, twoFactorMessages.enrolmentRequired);
      // Staff admins reach only the staff routes; the role is the account's current one (docs/rules/shop-ops.md).
      if (principal.adminRole !== 'owner' && !staffMayUse(url)) {
        throw new HttpError(403, shopOpsMessages.ownerOnly);
      }
      request.admin = principal;
    },
  };
}
export type Guards = ReturnType<typeof createGuards>;
