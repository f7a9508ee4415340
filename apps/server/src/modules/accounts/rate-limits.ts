import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../core/http-errors.ts';
import { HOUR, MINUTE } from '../../core/clock.ts';

/**
 * Rate limits of the account routes. Each route has a per-IP limit (client address; X-Forwarded-For
 * only counts when TRUST_PROXY is set, through Fastify's trustProxy) and a per-account limit keyed by
 * the lower-cased username, e-mail or token of the request; both apply. The numbers are far above
 * what a person does (see docs/accounts.md) and far below what guessing needs.
 */
export interface LimitRule {
  max: number;
  windowMs: number;
}
type KeyOf = (request: FastifyRequest) => unknown;
export interface RouteLimits {
  /** Every request counts, from the client address. */
  perIp: LimitRule;
  /** Every request counts, per account (a race-free cap, even for parallel requests). */
  perAccount?: LimitRule & { key: KeyOf };
  /** Only refused requests (4xx) count, per account: a person who logs in fine is never slowed down. */
  perAccountFailures?: LimitRule & { key: KeyOf };
}

const bodyField = (field: string) => (request: FastifyRequest) => (request.body as Record<string, unknown> | undefined)?.[field];
const paramField = (field: string) => (request: FastifyRequest) => (request.params as Record<string, unknown> | undefined)?.[field];

export const accountLimits = {
  login: {
    perIp: { max: 100, windowMs: 15 * MINUTE },
    perAccount: { max: 30, windowMs: 15 * MINUTE, key: bodyField('username') },
    perAccountFailures: { max: 10, windowMs: 15 * MINUTE, key: bodyField('username') },
  },
  adminLogin: {
    perIp: { max: 30, windowMs: 15 * MINUTE },
    perAccount: { max: 30, windowMs: 15 * MINUTE, key: bodyField('username') },
    perAccountFailures: { max: 10, windowMs: 15 * MINUTE, key: bodyField('username') },
  },
  sendCode: { perIp: { max: 60, windowMs: HOUR }, perAccount: { max: 8, windowMs: HOUR, key: bodyField('email') } },
  checkCode: { perIp: { max: 100, windowMs: 15 * MINUTE }, perAccount: { max: 15, windowMs: 15 * MINUTE, key: bodyField('email') } },
  forgotPassword: { perIp: { max: 60, windowMs: HOUR }, perAccount: { max: 5, windowMs: HOUR, key: bodyField('email') } },
  resetPassword: { perIp: { max: 30, windowMs: 15 * MINUTE }, perAccount: { max: 10, windowMs: 15 * MINUTE, key: paramField('token') } },
  changePassword: { perIp: { max: 30, windowMs: 15 * MINUTE }, perAccount: { max: 10, windowMs: 15 * MINUTE, key: bodyField('email') } },
  acceptAdminInvite: { perIp: { max: 30, windowMs: 15 * MINUTE }, perAccount: { max: 10, windowMs: 15 * MINUTE, key: bodyField('token') } },
  changeAdminPassword: { perIp: { max: 30, windowMs: 15 * MINUTE } },
  signUp: { perIp: { max: 60, windowMs: 15 * MINUTE } },
  checkEmail: { perIp: { max: 100, windowMs: 15 * MINUTE } },
} satisfies Record<string, RouteLimits>;

function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 120) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

const accountKey = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase().slice(0, 254) : '');

/**
 * A route's limits as hooks, on @fastify/rate-limit's counters (Redis when REDIS_URL, so every
 * instance shares them). `preHandler` counts the request in the per-IP and per-account limits and
 * answers 429 when any limit is used up; `onResponse` counts a refused request as a failure.
 */
export function rateLimited(app: FastifyInstance, name: string, limits: RouteLimits) {
  const counted = [
    app.createRateLimit({ max: limits.perIp.max, timeWindow: limits.perIp.windowMs, keyGenerator: (r) => `${name}:ip:${r.ip}` }),
  ];
  const { perAccount, perAccountFailures } = limits;
  if (perAccount) {
    counted.push(
      app.createRateLimit({
        max: perAccount.max,
        timeWindow: perAccount.windowMs,
        keyGenerator: (r) => `${name}:account:${accountKey(perAccount.key(r))}`,
      }),
    );
  }
  const failures = perAccountFailures
    ? app.createRateLimit({
        max: perAccountFailures.max,
        timeWindow: perAccountFailures.windowMs,
        keyGenerator: (r) => `${name}:failures:${accountKey(perAccountFailures.key(r))}`,
      })
    : undefined;

  return {
    // Before validation, so malformed attempts count against the limit too.
    async preValidation(request: FastifyRequest) {
      const results = await Promise.all(counted.map((check) => check(request)));
      const waits = results.flatMap((r) => (!r.isAllowed && r.isExceeded ? [r.ttl] : []));
      if (failures) {
        const failed = await failures(request, { increment: false });
        if (!failed.isAllowed && failed.remaining === 0) waits.push(failed.ttl);
      }
      if (waits.length > 0) throw new HttpError(429, `Too many attempts. Please try again in ${waitText(Math.max(...waits))}.`);
    },
    async onResponse(request: FastifyRequest, reply: FastifyReply) {
      if (failures && reply.statusCode >= 400 && reply.statusCode < 500 && reply.statusCode !== 429) await failures(request);
    },
  };
}
