import type { $ZodType, output } from 'zod/v4/core';
import { storageKeys } from './storage';
import { takeEarlyRequest } from './early-request';
import { reportShopperTokenRefused } from './token-refusals';
import { ErrorCode, isErrorCode } from '@kujiya/shared';

/**
 * An API answer that was not OK: its status, the server's `message` (or a generic text) and its
 * `code` (docs/rules/errors.md). Decisions read `code`, never the message: the text may be reworded.
 */
export class ApiError extends Error {
  /** The answer's error code; undefined when the answer had none (a proxy's error page). */
  readonly code: ErrorCode | undefined;
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
    this.code = isErrorCode(body.code) ? body.code : undefined;
  }
}

/**
 * The text the server itself sent with a failure (`message`, else `error`), or undefined when the
 * answer had none (a proxy's error page, a network failure): then the caller shows its own fallback.
 */
export function serverMessageOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const text = [error.body.message, error.body.error].find((value) => typeof value === 'string' && value.trim() !== '');
  return text as string | undefined;
}

type Auth = 'none' | 'user' | 'admin';

/** One way an answer breaks its schema, as every schema reports it (the Standard Schema interface zod implements). */
export interface ContractIssue {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }>;
}

const issueText = (issue: ContractIssue) =>
  `✖ ${issue.message}${issue.path?.length ? `\n  → at ${issue.path.map((part) => String(typeof part === 'object' ? part.key : part)).join('.')}` : ''}`;

/**
 * An answer whose shape is not the contract's: a bug between server and web, never the user's fault.
 * In development the message names the path and every mismatch, so the drift is fixed at once; in a
 * production build it is the friendly text a page may show, and the details go to the console.
 */
export class ApiShapeError extends Error {
  constructor(
    readonly path: string,
    readonly issues: readonly ContractIssue[],
    development = import.meta.env.DEV,
  ) {
    super(
      development
        ? `The answer of ${path} does not match the contract:\n${issues.map(issueText).join('\n')}`
        : 'Something went wrong. Please try again in a moment.',
    );
    this.name = 'ApiShapeError';
  }
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON body, or FormData for multipart. */
  body?: unknown;
  /** Which bearer token to send. Default: the shopper's token when there is one. */
  auth?: Auth;
  signal?: AbortSignal;
}

function bearerFor(auth: Auth | undefined): string | null {
  if (auth === 'none') return null;
  if (auth === 'admin') return localStorage.getItem(storageKeys.adminToken);
  return localStorage.getItem(storageKeys.token);
}

/**
 * Calls the API on the same origin and parses the answer with the contract's response schema.
 * Throws ApiError for non-OK answers and ApiShapeError (logged) when the answer breaks the contract.
 */
export async function api<S extends $ZodType>(path: string, request: ApiRequest & { schema: S }): Promise<output<S>> {
  const headers: Record<string, string> = {};
  const token = bearerFor(request.auth);
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (request.body instanceof FormData) body = request.body;
  else if (request.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(request.body);
  }
  const publicGet = request.auth === 'none' && (request.method ?? 'GET') === 'GET' && request.body === undefined;
  const response = await (takeEarlyRequest(path, publicGet) ??
    fetch(path, {
      method: request.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      signal: request.signal,
      credentials: 'same-origin',
    }));
  const text = await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!response.ok) {
    const record = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
    const message =
      typeof record.message === 'string'
        ? record.message
        : typeof record.error === 'string'
          ? record.error
          : response.statusText;
    // The shopper's stored token was refused (revoked, account disabled, password reset): that
    // session has ended on the server, so end it here too.
    if (response.status === 403 && record.code === ErrorCode.LOGIN_REQUIRED && token && request.auth !== 'admin') {
      reportShopperTokenRefused(token);
    }
    throw new ApiError(response.status, message, record);
  }
  // Through the schema's Standard Schema face, so this module (in the entry chunk) imports no schema
  // library: the schemas, and zod with them, come with the features that call their endpoints
  // (docs/performance.md). Same checks and output as the schema's safeParse.
  const checked = await request.schema['~standard'].validate(data);
  if (!checked.issues) return checked.value as output<S>;
  const error = new ApiShapeError(path, checked.issues);
  console.error(`Contract mismatch in the answer of ${path}`, checked.issues);
  throw error;
}
