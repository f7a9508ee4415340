import type { z } from 'zod';
import { errorBodySchema, errorCodeStatuses, ErrorCode } from '@kujiya/shared';

/** The error statuses a route may declare beside the ones every route of its kind answers. */
type DeclaredStatus = 400 | 401 | 402 | 403 | 404 | 409 | 422 | 423 | 429 | 502 | 503;
type ErrorAnswerSchema = typeof errorBodySchema;

const codesOfSchema = new WeakMap<z.ZodType, readonly ErrorCode[]>();
const statusesOfCode = new Map(
  (Object.keys(ErrorCode) as (keyof typeof ErrorCode)[]).map((name) => [ErrorCode[name], errorCodeStatuses[name]]),
);

/**
 * The error answers a route gives beyond its kind's (docs/rules/api.md, "Every answer is in the
 * document"): each status with the codes it carries, spread into the route's `schema.response`:
 * `response: { 200: x, ...errorAnswers({ 404: [ErrorCode.PRODUCT_NOT_FOUND] }) }`. The body is the one
 * error schema (`{ message, code }`), so a code not listed here is still answered as thrown; the
 * OpenAPI document lists exactly these codes, and the test app fails a test that meets another.
 * A code answered with another status than its own (errorCodeStatuses) is refused at start-up.
 */
export function errorAnswers(
  answers: Partial<Record<DeclaredStatus, readonly ErrorCode[]>>,
): Record<number, ErrorAnswerSchema> {
  return Object.fromEntries(
    Object.entries(answers).map(([status, codes]) => {
      for (const code of codes)
        if (!statusesOfCode.get(code)?.includes(Number(status)))
          throw new Error(`Error code ${code} is never answered with status ${status} (errorCodeStatuses)`);
      const schema = errorBodySchema.meta({ description: `Error ${status}: ${codes.join(', ')}` });
      codesOfSchema.set(schema, codes);
      return [Number(status), schema];
    }),
  );
}

/** The codes a route declared for each error status of its `schema.response` (by `errorAnswers`). */
export function declaredErrorCodes(response: Record<string, unknown> | undefined): Map<number, readonly ErrorCode[]> {
  const declared = new Map<number, readonly ErrorCode[]>();
  for (const [status, schema] of Object.entries(response ?? {})) {
    const codes = codesOfSchema.get(schema as z.ZodType);
    if (codes) declared.set(Number(status), codes);
  }
  return declared;
}

const rateLimitHooks = new WeakSet<object>();

/**
 * Marks a route hook that may answer 429 `RATE_LIMITED` (with Retry-After), so the OpenAPI document
 * lists that answer on every route the hook is on, without the route saying it again.
 */
export function answersRateLimit<Hook extends object>(hook: Hook): Hook {
  rateLimitHooks.add(hook);
  return hook;
}

/** Whether a hook was marked by `answersRateLimit`. */
export const isRateLimitHook = (hook: unknown) => typeof hook === 'function' && rateLimitHooks.has(hook);
