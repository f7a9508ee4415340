import { z } from 'zod';
import { errorCodeValues } from './error-codes.ts';

/**
 * The load balancer's questions (docs/operations.md, "Health and readiness"): is the process alive
 * (`GET /healthz`, no I/O) and may it take traffic (`GET /readyz`, with the checks behind the answer).
 */
export const livenessSchema = z.object({ status: z.literal('ok') });
export type Liveness = z.infer<typeof livenessSchema>;

export const readinessChecksSchema = z.object({
  database: z.enum(['ok', 'down']),
  /** `pending` until the newest committed migration is seen applied (also while the database cannot be asked). */
  migrations: z.enum(['ok', 'pending']),
  /** Redis is optional: `down` makes the instance degraded, never unready; `off` when REDIS_URL is unset. */
  redis: z.enum(['ok', 'down', 'off']),
});
export type ReadinessChecks = z.infer<typeof readinessChecksSchema>;

export const readySchema = z.object({
  status: z.enum(['ready', 'degraded']),
  checks: readinessChecksSchema,
});

/** The 503: an error body (`message`, `code`) that also says which check failed and whether the instance drains. */
export const unreadySchema = z.object({
  message: z.string(),
  code: z.enum(errorCodeValues),
  status: z.literal('unready'),
  checks: readinessChecksSchema,
  draining: z.boolean(),
});
export type Readiness = z.infer<typeof readySchema> | z.infer<typeof unreadySchema>;
