/**
 * Errors a service throws to answer with a status and a user-facing `message`.
 * The global error handler turns them into `{ message, ...extra }` bodies; anything else is a 500.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) => new HttpError(400, message, extra);
export const unauthorized = (message = 'Please login first.') => new HttpError(401, message);
export const forbidden = (message = 'Access denied') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, extra?: Record<string, unknown>) => new HttpError(409, message, extra);
export const locked = (message: string, extra?: Record<string, unknown>) => new HttpError(423, message, extra);
export const tooManyRequests = (message: string) => new HttpError(429, message);
