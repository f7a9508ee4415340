import type { FastifyReply, FastifyRequest } from 'fastify';
import { tooManyAttempts } from '../../core/http-errors.ts';
import { answersRateLimit } from '../../core/error-answers.ts';
import { HOUR, MINUTE } from '../../core/clock.ts';

const SECOND = 1000;
import type { RateLimiter } from '../../core/rate-limiter.ts';
import { countsPerAddress } from '../../core/address-limits.ts';

/**
 * Rate limits of the account routes (docs/rules/security.md). Each route has a per-IP limit (client
 * address: `request.ip`, which believes X-Forwarded-For only from the proxies TRUST_PROXY names) and
 * most a per-account limit keyed by the lower-cased e-mail or token of the request; both apply.
 * Logins follow their own policy (`loginLimited`). Counters live in the shared rate limiter (Redis
 * when REDIS_URL, this instance's own counters when Redis is away).
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
}

/**
 * The login policy, per resolved account (a username and its e-mail are one account):
 * - every attempt counts per client address (`perIp`);
 * - a client (account + address) has `freeFailures` wrong tries, then waits `backoffBaseMs`,
 *   doubling with each further wrong try up to `backoffMaxMs`; a right password clears its count;
 * - once the account has `guardFailures` wrong tries in `windowMs` from anywhere, clients that
 *   failed on it wait for the window, while a client that has not failed still gets its try (the
 *   owner from their own device is not locked out by someone else's guesses);
 * - `hardCapFailures` wrong tries in the window stop every client (a distributed guess needs many
 *   addresses to get there).
 */
export interface LoginPolicy {
  perIp: LimitRule;
  windowMs: number;
  freeFailures: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  guardFailures: number;
  hardCapFailures: number;
}

const bodyField = (field: string) => (request: FastifyRequest) =>
  (request.body as Record<string, unknown> | undefined)?.[field];
const paramField = (field: string) => (request: FastifyRequest) =>
  (request.params as Record<string, unknown> | undefined)?.[field];

const shopperLogin: LoginPolicy = {
  perIp: { max: 100, windowMs: 15 * MINUTE },
  windowMs: 15 * MINUTE,
  freeFailures: 5,
  backoffBaseMs: 15 * SECOND,
  backoffMaxMs: 15 * MINUTE,
  guardFailures: 10,
  hardCapFailures: 30,
};

export const accountLimits = {
  login: shopperLogin,
  adminLogin: { ...shopperLogin, perIp: { max: 30, windowMs: 15 * MINUTE } },
  sendCode: { perIp: { max: 60, windowMs: HOUR }, perAccount: { max: 8, windowMs: HOUR, key: bodyField('email') } },
  checkCode: {
    perIp: { max: 100, windowMs: 15 * MINUTE },
    perAccount: { max: 15, windowMs: 15 * MINUTE, key: bodyField('email') },
  },
  forgotPassword: {
    perIp: { max: 60, windowMs: HOUR },
    perAccount: { max: 5, windowMs: HOUR, key: bodyField('email') },
  },
  resetPassword: {
    perIp: { max: 30, windowMs: 15 * MINUTE },
    perAccount: { max: 10, windowMs: 15 * MINUTE, key: paramField('token') },
  },
  changePassword: {
    perIp: { max: 30, windowMs: 15 * MINUTE },
    perAccount: { max: 10, windowMs: 15 * MINUTE, key: bodyField('email') },
  },
  acceptAdminInvite: {
    perIp: { max: 30, windowMs: 15 * MINUTE },
    perAccount: { max: 10, windowMs: 15 * MINUTE, key: bodyField('token') },
  },
  changeAdminPassword: { perIp: { max: 30, windowMs: 15 * MINUTE } },
  signUp: { perIp: { max: 60, windowMs: 15 * MINUTE } },
  checkEmail: { perIp: { max: 100, windowMs: 15 * MINUTE } },
} satisfies Record<string, RouteLimits | LoginPolicy>;

const accountKey = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase().slice(0, 254) : '');

/** The wait after the n-th wrong try of one client (n > freeFailures): base, 2×base, 4×base … at most max. */
export function loginBackoffMs(policy: LoginPolicy, failures: number): number {
  const steps = Math.max(0, failures - policy.freeFailures - 1);
  return Math.min(policy.backoffMaxMs, policy.backoffBaseMs * 2 ** Math.min(steps, 30));
}

/** A route's per-IP and per-account limits as a preHandler: every request counts; over a limit is a 429 with Retry-After. */
export function rateLimited(limiter: RateLimiter, name: string, limits: RouteLimits) {
  return {
    preHandler: countsPerAddress(
      answersRateLimit(async function preHandler(request: FastifyRequest) {
        const checks = [
          limiter.hit(`${name}:ip:${request.ip}`, limits.perIp.windowMs).then((c) => ({ ...c, max: limits.perIp.max })),
        ];
        const { perAccount } = limits;
        if (perAccount) {
          checks.push(
            limiter
              .hit(`${name}:account:${accountKey(perAccount.key(request))}`, perAccount.windowMs)
              .then((c) => ({ ...c, max: perAccount.max })),
          );
        }
        const waits = (await Promise.all(checks)).flatMap((c) => (c.count > c.max ? [c.ttlMs] : []));
        if (waits.length > 0) throw tooManyAttempts(Math.max(...waits));
      }),
      { name, ...limits.perIp },
    ),
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The counters a login attempt took, settled by its answer (login limits). */
    loginAttempt?: {
      clientKey: string;
      accountKey: string;
      backoffKey: string;
      clientCount: number;
      /** The password was right and the answer asks for the second factor: not a wrong try. */
      secondStepAsked?: boolean;
    };
  }
}

/**
 * The login policy as route hooks. `resolveAccount` maps what was typed (username or e-mail) to the
 * account it names, so both spellings count together; unknown names are counted by the name itself.
 * Attempts are counted before the password is checked (parallel guesses cannot slip past) and a
 * successful login takes its attempt back.
 */
export function loginLimited(
  limiter: RateLimiter,
  name: string,
  policy: LoginPolicy,
  resolveAccount: (identifier: string) => Promise<string>,
) {
  return attemptsLimited(limiter, name, policy, 401, async (request) => {
    const identifier = accountKey(bodyField('username')(request));
    return identifier ? resolveAccount(identifier) : null; // no identifier: the schema answers the 400
  });
}

/**
 * A signed-in shopper confirming their password (the account deletion, docs/rules/personal-data.md):
 * the login's policy on the token's account, where a wrong password is the 400 WRONG_PASSWORD.
 */
export function passwordConfirmLimited(limiter: RateLimiter, name: string, policy: LoginPolicy) {
  return attemptsLimited(limiter, name, policy, 400, async (request) => request.user?.id ?? null);
}

/** The login policy's hooks: `wrongStatus` is the answer that counts as a wrong password. */
function attemptsLimited(
  limiter: RateLimiter,
  name: string,
  policy: LoginPolicy,
  wrongStatus: number,
  accountOf: (request: FastifyRequest) => Promise<string | null>,
) {
  return {
    preHandler: countsPerAddress(
      answersRateLimit(async function preHandler(request: FastifyRequest) {
        const ip = await limiter.hit(`${name}:ip:${request.ip}`, policy.perIp.windowMs);
        if (ip.count > policy.perIp.max) throw tooManyAttempts(ip.ttlMs);
        const account = await accountOf(request);
        if (!account) return;
        const clientKey = `${name}:client:${account}:${request.ip}`;
        const accountKeyName = `${name}:account:${account}`;
        // The client's unsuccessful attempts (this one included) and the account's from anywhere.
        const client = await limiter.hit(clientKey, HOUR);
        const total = await limiter.hit(accountKeyName, policy.windowMs);
        const refuse = async (waitMs: number) => {
          await Promise.all([limiter.undo(clientKey), limiter.undo(accountKeyName)]);
          throw tooManyAttempts(waitMs);
        };
        if (total.count > policy.hardCapFailures) await refuse(total.ttlMs);
        const failedBefore = client.count > 1;
        if (failedBefore && total.count > policy.guardFailures) await refuse(total.ttlMs);
        const backoffKey = `${name}:backoff:${account}:${request.ip}`;
        if (client.count > policy.freeFailures) {
          // Atomic: of parallel attempts past the free ones, one goes ahead and the others wait.
          const wait = await limiter.acquire(backoffKey, loginBackoffMs(policy, client.count));
          if (wait > 0) await refuse(wait);
        }
        request.loginAttempt = { clientKey, accountKey: accountKeyName, backoffKey, clientCount: client.count };
      }),
      { name, ...policy.perIp },
    ),
    async onResponse(request: FastifyRequest, reply: FastifyReply) {
      const attempt = request.loginAttempt;
      if (!attempt) return;
      // Only a wrong password (or two-factor code) keeps its count: a right one (or a 400 at login) takes
      // the attempt back, and so does the answer asking for the second factor (docs/rules/two-factor.md).
      if (reply.statusCode === wrongStatus && !attempt.secondStepAsked) {
        if (attempt.clientCount >= policy.freeFailures)
          await limiter.lock(attempt.backoffKey, loginBackoffMs(policy, attempt.clientCount + 1));
        return;
      }
      if (reply.statusCode < 300 && !attempt.secondStepAsked) await limiter.clear(attempt.clientKey);
      else await limiter.undo(attempt.clientKey);
      await limiter.undo(attempt.accountKey);
    },
  };
}

/** The login answered "two-factor code required": its attempt is taken back, not counted as wrong. */
export function markSecondStepAsked(request: FastifyRequest): void {
  if (request.loginAttempt) request.loginAttempt.secondStepAsked = true;
}
