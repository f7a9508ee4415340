import { http, HttpResponse, type DefaultBodyType, type StrictRequest } from 'msw';
import type { z } from 'zod';
import { server } from './server';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** One request the web sent during a test, as the server would have read it. */
export interface SentRequest {
  method: string;
  /** The path without the query. */
  path: string;
  query: URLSearchParams;
  /** The JSON body, the multipart form's fields (files by name), or undefined. */
  body: unknown;
  /** The bearer token sent, or null. */
  bearer: string | null;
}

const sentRequests: SentRequest[] = [];

/** Every request answered by `answer` or `refuse` since the test began, oldest first. */
export function sent(method?: string, path?: string): SentRequest[] {
  return sentRequests.filter((request) => (!method || request.method === method.toUpperCase()) && (!path || request.path === path));
}

/** Forgets the recorded requests (setup.ts calls it after each test). */
export function resetSent(): void {
  sentRequests.length = 0;
}

async function bodyOf(request: StrictRequest<DefaultBodyType>): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('application/json')) return request.json();
  if (type.includes('multipart/form-data')) {
    const form = await request.formData();
    const fields: Record<string, unknown> = {};
    form.forEach((value, key) => {
      fields[key] = typeof value === 'string' ? value : { file: value.name, type: value.type };
    });
    return fields;
  }
  const text = await request.text();
  return text === '' ? undefined : text;
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
export function answer<S extends z.ZodType>(method: Method, path: string, schema: S, fixture: Fixture<S>, status = 200): void {
  server.use(
    http[method](path, async ({ request }) => {
      const sentRequest = await record(request);
      const value = typeof fixture === 'function' ? (fixture as (request: SentRequest) => z.input<S>)(sentRequest) : fixture;
      return HttpResponse.json(schema.parse(value) as never, { status });
    }),
  );
}

/** Answers `method path` with an error status and the server's error body (`{ message, ...extra }`). */
export function refuse(method: Method, path: string, status: number, message: string, extra: Record<string, unknown> = {}): void {
  server.use(
    http[method](path, async ({ request }) => {
      await record(request);
      return HttpResponse.json({ message, ...extra }, { status });
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
