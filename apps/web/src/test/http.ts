import { http, HttpResponse, type DefaultBodyType, type StrictRequest } from 'msw';
import type { z } from 'zod';
import { errorBodySchema, errorCodeFor } from '@kujiya/shared';
import { server } from './server';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** One request the web sent during a test, as the server would have read it. */
export interface SentRequest {
  method: string;
  /** The path without the query. */
  path: string;
  query: URLSearchParams;
  /** The JSON body, the multipart form's fields (a file as `{ file: true, type }`), or undefined. */
  body: unknown;
  /** The bearer token sent, or null. */
  bearer: string | null;
}

const sentRequests: SentRequest[] = [];

/** Every request answered by `answer` or `refuse` since the test began, oldest first. */
export function sent(method?: string, path?: string): SentRequest[] {
  return sentRequests.filter(
    (request) => (!method || request.method === method.toUpperCase()) && (!path || request.path === path),
  );
}

/** Forgets the recorded requests (setup.ts calls it after each test). */
export function resetSent(): void {
  sentRequests.length = 0;
}

/**
 * A multipart body's fields, a file as `{ file: true, type }`. Read from the text: the request's own
 * formData() cannot build jsdom's File class inside Node's fetch.
 */
function multipartFields(text: string, contentType: string): Record<string, unknown> {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  const fields: Record<string, unknown> = {};
  if (!boundary) return fields;
  for (const part of text.split(`--${boundary[1] ?? boundary[2]}`)) {
    const split = part.indexOf('\r\n\r\n');
    if (split === -1) continue;
    const head = part.slice(0, split);
    const name = /name="([^"]*)"/.exec(head)?.[1];
    if (name === undefined) continue;
    const filename = /filename="([^"]*)"/.exec(head)?.[1];
    const type = /content-type:\s*([^\r\n]+)/i.exec(head)?.[1]?.trim();
    // jsdom's File crosses into Node's fetch as a bare Blob (vitest's jsdom bridge): its name and bytes
    // do not arrive, so a file is known by its field and its type.
    fields[name] = filename !== undefined ? { file: true, type } : part.slice(split + 4).replace(/\r\n$/, '');
  }
  return fields;
}

async function bodyOf(request: StrictRequest<DefaultBodyType>): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  const text = await request.text();
  if (text === '') return undefined;
  if (type.includes('application/json')) return JSON.parse(text) as unknown;
  if (type.includes('multipart/form-data')) return multipartFields(text, type);
  return text;
}

async function record(request: StrictRequest<DefaultBodyType>): Promise<SentRequest> {
  const url = new URL(request.url);
  const entry: SentRequest = {
    method: request.method,
    path: url.pathname,
    query: url.searchParams,
    body: await bodyOf(request.clone()),
    bearer: request.headers.get('authorization')?.replace(/^Bearer /, '') ?? null,
  };
  sentRequests.push(entry);
  return entry;
}

type Fixture<S extends z.ZodType> = z.input<S> | ((request: SentRequest) => z.input<S>);

/**
 * Answers `method path` with the fixture, parsed by the contract's response schema first: a fixture
 * that drifts from the shared schema fails the test here, not in the component. `path` may hold
 * MSW's `:params`.
 */
export function answer<S extends z.ZodType>(
  method: Method,
  path: string,
  schema: S,
  fixture: Fixture<S>,
  status = 200,
): void {
  server.use(
    http[method](path, async ({ request }) => {
      const sentRequest = await record(request);
      const value =
        typeof fixture === 'function' ? (fixture as (request: SentRequest) => z.input<S>)(sentRequest) : fixture;
      return HttpResponse.json(schema.parse(value) as never, { status });
    }),
  );
}

/** Answers `method path` with an error status and the server's error body (`{ message, ...extra }`). */
export function refuse(
  method: Method,
  path: string,
  status: number,
  message: string,
  extra: Record<string, unknown> = {},
): void {
  server.use(
    http[method](path, async ({ request }) => {
      await record(request);
      // The server's own error body (docs/rules/errors.md): the code its table gives this message and status.
      return HttpResponse.json(errorBodySchema.parse({ message, code: errorCodeFor(status, message), ...extra }), {
        status,
      });
    }),
  );
}

/** Makes `method path` fail as a dropped connection does (fetch rejects with a TypeError). */
export function dropConnection(method: Method, path: string): void {
  server.use(
    http[method](path, async ({ request }) => {
      await record(request);
      return HttpResponse.error();
    }),
  );
}
