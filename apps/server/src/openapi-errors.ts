import { ErrorCode, errorCodesOfStatus } from '@kujiya/shared';

/**
 * Which error answers an operation lists in the OpenAPI document, with their codes (docs/rules/api.md,
 * "Every answer is in the document"): the answers every route of its kind gives, derived from the
 * route's facts (its input, guard, body, limit, money-call key), and the ones the route declares in
 * its `schema.response` with `errorAnswers` (core/error-answers.ts). One place decides, so the document
 * cannot drift from the routes; the test app fails a test that meets an answer not listed here.
 */

export type Guard = 'user' | 'admin' | 'optional' | null;
export interface RouteFacts {
  guard: Guard;
  hasParams: boolean;
  hasBody: boolean;
  limited: boolean;
  /** Accepts `Idempotency-Key` (docs/operations.md, "Idempotent money calls"). */
  idempotent: boolean;
  /** The error statuses the route declares itself, with their codes. */
  declared: Map<number, readonly ErrorCode[]>;
}

const ERROR_TEXT: Record<number, string> = {
  400: 'The input is invalid, or a rule refuses it',
  401: 'Not signed in, or the sign-in was refused',
  402: 'The card payment failed',
  403: 'Not allowed',
  404: 'Not found',
  408: 'The body did not arrive in time',
  409: 'Conflicts with the current state',
  413: 'The body is too large',
  415: 'The body has an unsupported media type',
  422: 'The Idempotency-Key was used for another request',
  423: 'Held by a buy-out in progress',
  429: 'Too many requests: wait as Retry-After says',
  500: 'Unexpected server error',
  502: 'A service the shop depends on did not answer',
  503: 'The database or a service it depends on is unavailable: try again after Retry-After',
};
const errorText = (status: number) => ERROR_TEXT[status] ?? 'Error';

/** Every code of a status: for answers whose code depends on the record or rule (400, 401, 403, 404). */
const ALL = (status: number) => errorCodesOfStatus(status);

/** The error answers of an operation: status → the codes it may carry. */
export function errorAnswersOf(method: string, facts: RouteFacts | undefined): Map<number, readonly ErrorCode[]> {
  const answers = new Map<number, Set<ErrorCode>>();
  const add = (status: number, codes: readonly ErrorCode[]) => {
    const set = answers.get(status) ?? new Set<ErrorCode>();
    codes.forEach((code) => set.add(code));
    answers.set(status, set);
  };
  // Any route: an unexpected failure, and the database (or a dependency) unavailable, with Retry-After.
  add(500, [ErrorCode.INTERNAL]);
  add(503, ALL(503));
  // Any route: control characters in the query or path are refused (docs/rules/security.md).
  add(400, ALL(400));
  if (facts?.guard === 'admin') [401, 403].forEach((status) => add(status, ALL(status)));
  if (facts?.guard === 'user') add(403, ALL(403));
  if (facts?.hasParams) add(404, ALL(404));
  // Any method but GET reads a body if one is sent: it may be late, too large or of a foreign type.
  if (facts?.hasBody || method !== 'GET') {
    add(408, [ErrorCode.REQUEST_TIMEOUT]);
    add(413, [ErrorCode.PAYLOAD_TOO_LARGE]);
    add(415, [ErrorCode.UNSUPPORTED_MEDIA_TYPE]);
  }
  if (facts?.limited) add(429, [ErrorCode.RATE_LIMITED]);
  if (facts?.idempotent) {
    add(409, [ErrorCode.IDEMPOTENCY_KEY_IN_USE, ErrorCode.IDEMPOTENCY_KEY_SPENT]);
    add(422, [ErrorCode.IDEMPOTENCY_KEY_MISMATCH]);
  }
  for (const [status, codes] of facts?.declared ?? []) add(status, codes);
  return new Map([...answers].sort(([a], [b]) => a - b).map(([status, codes]) => [status, [...codes]]));
}

/** Whether an answer lists every code of its status (then it points at the shared `Error<status>` answer). */
export const listsEveryCode = (status: number, codes: readonly ErrorCode[]) =>
  ALL(status).every((code) => codes.includes(code));

const RETRY_AFTER = { description: 'Seconds to wait before trying again.', schema: { type: 'integer', minimum: 1 } };

/** The schema of an error answer: `{ message, code }` with the codes it may carry. */
export function errorResponse(status: number, codes: readonly ErrorCode[]) {
  return {
    description: errorText(status),
    ...(status === 429 || status === 503 ? { headers: { 'Retry-After': RETRY_AFTER } } : {}),
    content: {
      'application/json': {
        schema: {
          type: 'object',
          required: ['message', 'code'],
          properties: {
            message: { type: 'string', description: 'The user-facing text.' },
            code: { type: 'string', enum: [...codes], description: 'The error code (docs/rules/errors.md).' },
          },
        },
      },
    },
  };
}
