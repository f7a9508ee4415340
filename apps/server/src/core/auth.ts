import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SignJWT, jwtVerify } from 'jose';
import { HttpError } from './http-errors.ts';

export type Role = 'user' | 'admin';
export interface Principal {
  id: string;
  username: string;
  role: Role;
}

export const USER_TOKEN_TTL_SECONDS = 7 * 24 * 3600;
export const ADMIN_TOKEN_TTL_SECONDS = 8 * 3600;

/** Signs and verifies the bearer tokens (HS256 JWTs with expiry; admin tokens carry role: admin). */
export class TokenService {
  private readonly key: Uint8Array;
  constructor(
    secret: string,
    private readonly now: () => Date,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(principal: Principal): Promise<{ token: string; expiresAt: Date }> {
    const ttl = principal.role === 'admin' ? ADMIN_TOKEN_TTL_SECONDS : USER_TOKEN_TTL_SECONDS;
    const iat = Math.floor(this.now().getTime() / 1000);
    const token = await new SignJWT({ username: principal.username, role: principal.role })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(principal.id)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ttl)
      .setJti(crypto.randomUUID())
      .sign(this.key);
    return { token, expiresAt: new Date((iat + ttl) * 1000) };
  }

  /** Returns the principal of a valid, unexpired token, or null. */
  async verify(token: string): Promise<Principal | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        currentDate: this.now(),
      });
      const role = payload.role;
      if (typeof payload.sub !== 'string' || typeof payload.username !== 'string') return null;
      if (role !== 'user' && role !== 'admin') return null;
      return { id: payload.sub, username: payload.username, role };
    } catch {
      return null;
    }
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireUser` / `optionalUser` for a valid shopper token. */
    user?: Principal;
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
 * Route guards. A shopper route without a valid token answers 403 'Please login first.' (the spec's
 * login reminder reacts to 403); an admin route answers 401 'Admin authentication required'.
 */
export function createGuards(tokens: TokenService) {
  return {
    async requireUser(request: FastifyRequest, _reply: FastifyReply) {
      const token = bearer(request);
      const principal = token ? await tokens.verify(token) : null;
      if (!principal || principal.role !== 'user') throw new HttpError(403, 'Please login first.');
      request.user = principal;
    },
    async optionalUser(request: FastifyRequest, _reply: FastifyReply) {
      const token = bearer(request);
      const principal = token ? await tokens.verify(token) : null;
      if (principal?.role === 'user') request.user = principal;
    },
    async requireAdmin(request: FastifyRequest, _reply: FastifyReply) {
      const token = bearer(request);
      const principal = token ? await tokens.verify(token) : null;
      if (!principal) throw new HttpError(401, 'Admin authentication required');
      if (principal.role !== 'admin') throw new HttpError(403, 'Admin authentication required');
      request.admin = principal;
    },
  };
}
export type Guards = ReturnType<typeof createGuards>;
