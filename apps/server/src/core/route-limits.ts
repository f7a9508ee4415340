import type { FastifyInstance, FastifyRequest, RouteOptions, preHandlerHookHandler } from 'fastify';
import { HOUR, MINUTE } from './clock.ts';
import { tooManyAttempts } from './http-errors.ts';
import { answersRateLimit } from './error-answers.ts';
import type { RateLimiter } from './rate-limiter.ts';
import { countsPerAddress } from './address-limits.ts';

/** A limit on one route: `max` requests per `windowMs`, counted per signed-in shopper or per client address. */
export interface RouteLimit {
  max: number;
  windowMs: number;
  per: 'user' | 'ip';
  /** A smaller body limit for the route, in bytes. */
  bodyLimit?: number;
}

/**
 * Limits on routes that hold stock, make gateway intents or store anonymous data, applied by
 * `applyRouteLimits` at the boundary (the routes themselves stay as they are); docs/rules/security.md.
 * Per user means per signed-in account (these routes require a login), else per client address.
 */
export const ROUTE_LIMITS: Record<string, RouteLimit> = {
  // Card reservations: each one holds tickets for the reservation window without paying.
  'POST /api/payment/kuji/create-intent': { max: 10, windowMs: 15 * MINUTE, per: 'user' },
  // A buy-out holds a whole round: a few per hour at most.
  'POST /api/payment/kuji/buy-out': { max: 3, windowMs: HOUR, per: 'user' },
  'POST /api/payment/token/create-intent': { max: 15, windowMs: 15 * MINUTE, per: 'user' },
  'POST /api/analytics/event': { max: 120, windowMs: MINUTE, per: 'ip', bodyLimit: 4 * 1024 },
  'POST /api/users/update-profile': { max: 30, windowMs: HOUR, per: 'user' },
  'POST /api/promocode/apply': { max: 30, windowMs: 15 * MINUTE, per: 'user' },
};

function subjectOf(request: FastifyRequest, per: RouteLimit['per']): string {
  if (per === 'user') {
    const id = request.user?.id ?? request.admin?.id;
    if (id) return `user:${id}`;
  }
  return `ip:${request.ip}`;
}

/**
 * Adds the limit of every route named in `limits` as its last preHandler (after its guard, so the
 * shopper is known). Registered before the routes, it covers every route added later; and after the
 * money calls' `Idempotency-Key` claim (app.ts), so a replayed key is answered without counting.
 */
export function applyRouteLimits(
  app: FastifyInstance,
  limiter: RateLimiter,
  limits: Record<string, RouteLimit> = ROUTE_LIMITS,
): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const limit = limits[`${method} ${route.url}`];
      if (!limit) continue;
      if (limit.bodyLimit !== undefined) route.bodyLimit = Math.min(route.bodyLimit ?? Infinity, limit.bodyLimit);
      const name = `${method} ${route.url}`;
      const check: preHandlerHookHandler = answersRateLimit(async (request) => {
        const counter = await limiter.hit(`route:${name}:${subjectOf(request, limit.per)}`, limit.windowMs);
        if (counter.count > limit.max) throw tooManyAttempts(counter.ttlMs);
      });
      if (limit.per === 'ip') countsPerAddress(check, { name, max: limit.max, windowMs: limit.windowMs });
      const existing = route.preHandler
        ? Array.isArray(route.preHandler)
          ? route.preHandler
          : [route.preHandler]
        : [];
      route.preHandler = [...existing, check];
    }
  });
}
