import type { $ZodType, output } from 'zod/v4/core';
import { storageKeys } from './storage';
import { takeEarlyRequest } from './early-request';
import { reportShopperTokenRefused } from './token-refusals';
import { ErrorCode, IDEMPOTENCY_KEY_HEADER, isErrorCode } from '@kujiya/shared';

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
  /** Extra request headers (the sign-in calls' device id). */
  headers?: Record<string, string>;
  /**
   * A money call (docs/operations.md, "Idempotent money calls"): the call is one user action with a
   * fresh `Idempotency-Key`, retried once with the same key when the answer was lost (the network
   * failed, or a proxy answered 502/503/504 without the shop's JSON `code`). The server runs it once.
   */
  idempotent?: boolean;
}

/** A fresh key per user action: a random UUID (getRandomValues also works outside HTTPS, randomUUID not). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function' && globalThis.isSecureContext !== false) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A proxy's answer for an instance that went away: the shop's own errors always carry a JSON `code`. */
async function lostAnswer(response: Response): Promise<boolean> {
  if (![502, 503, 504].includes(response.status)) return false;
  try {
    const body = (await response.clone().json()) as { code?: unknown };
    return !isErrorCode(body?.code);
  } catch {
    return true;
  }
}

/** Sends once; an idempotent call whose answer was lost goes once more with the same key. */
async function send(path: string, init: RequestInit, idempotent: boolean | undefined): Promise<Response> {
  if (!idempotent) return fetch(path, init);
  const headers = { ...(init.headers as Record<string, string>), [IDEMPOTENCY_KEY_HEADER]: newIdempotencyKey() };
  const retried = { ...init, headers };
  try {
    const response = await fetch(path, retried);
    if (!(await lostAnswer(response))) return response;
  } catch (error) {
    if (init.signal?.aborted) throw error;
  }
  return fetch(path, retried);
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
  const headers: Record<string, string> = { ...request.headers };
  const token = bearerFor(request.auth);
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (request.body instanceof FormData) body = request.body;
  else if (request.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(request.body);
  }
  const publicGet = request.auth === 'none' && (request.method ?? 'GET') === 'GET' && request.body === undefined;
  const init: RequestInit = {
    method: request.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
    signal: request.signal,
    credentials: 'same-origin',
  };
  const response = await (takeEarlyRequest(path, publicGet) ?? send(path, init, request.idempotent));
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
