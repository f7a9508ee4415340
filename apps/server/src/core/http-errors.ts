import { errorCodeFor, isErrorCode, type ErrorCode } from '@kujiya/shared';

/**
 * Errors a service throws to answer with a status and a user-facing `message`.
 * The global error handler turns them into `{ message, code, ...extra }` bodies; anything else is a 500.
 * The `code` (docs/rules/errors.md) is the one given, else `extra.code` when it is one of the codes,
 * else the message's own code from the shared table (`errorCodeOfMessage`), else the status's default:
 * so a service names a code only when its message has none of its own.
 */
export class HttpError extends Error {
  readonly code: ErrorCode;
  readonly extra: Record<string, unknown>;
  constructor(
    readonly statusCode: number,
    message: string,
    extra: Record<string, unknown> = {},
    /** Response headers the answer carries (e.g. Retry-After on a 429). */
    readonly headers: Record<string, string> = {},
    code?: ErrorCode,
  ) {
    super(message);
    const { code: extraCode, ...rest } = extra;
    this.code = code ?? (isErrorCode(extraCode) ? extraCode : errorCodeFor(statusCode, message));
    this.extra = rest;
  }

  /** The answer's body: `{ message, code, ...extra }`. */
  body(): Record<string, unknown> {
    return { message: this.message, code: this.code, ...this.extra };
  }
}

/** The body of an error answered outside an HttpError (validation, Fastify's own 4xx, 404 route, 408, 500). */
export const errorBody = (status: number, message: string, code?: ErrorCode) => ({
  message,
  code: code ?? errorCodeFor(status, message),
});

export const badRequest = (message: string, extra?: Record<string, unknown>) => new HttpError(400, message, extra);
export const forbidden = (message = 'Access denied') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, extra?: Record<string, unknown>) => new HttpError(409, message, extra);
export const locked = (message: string, extra?: Record<string, unknown>) => new HttpError(423, message, extra);
/** A 429 that says how long to wait, in its text and in `Retry-After` (whole seconds). */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, {}, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** The shop's 429: 'Too many attempts. Please try again in …' with `Retry-After`. */
export function tooManyAttempts(waitMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const text = seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
  return tooManyRequests(`Too many attempts. Please try again in ${text}.`, seconds);
}
