import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { CONTROL_CHARACTERS, CONTROL_CHARACTERS_STRICT, FORMAT_CHARACTERS } from '@kujiya/shared';
import { badRequest } from './http-errors.ts';

const MAX_DEPTH = 20;

/**
 * Secrets are compared as typed and never shown: a password may hold any printable character a
 * shopper chose (control characters are still refused, they break storage and logs).
 */
const SECRET_FIELDS = new Set(['password', 'currentPassword', 'newPassword']);

/** The path (e.g. `body.shippingAddress.fullName`) of the first string matching `pattern`, or null. */
function findCharacter(
  value: unknown,
  path: string,
  pattern: RegExp,
  skip: ReadonlySet<string>,
  depth = 0,
): string | null {
  if (typeof value === 'string') return pattern.test(value) ? path : null;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value) || depth > MAX_DEPTH) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findCharacter(value[i], `${path}[${i}]`, pattern, skip, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (CONTROL_CHARACTERS_STRICT.test(key) || (pattern === FORMAT_CHARACTERS && pattern.test(key))) return path;
    if (skip.has(key)) continue;
    const found = findCharacter(item, path ? `${path}.${key}` : key, pattern, skip, depth + 1);
    if (found) return found;
  }
  return null;
}

const NOTHING_SKIPPED: ReadonlySet<string> = new Set();

/** The path of the first string holding a control character, or null. */
export const findControlCharacter = (value: unknown, path: string, strict = false): string | null =>
  findCharacter(value, path, strict ? CONTROL_CHARACTERS_STRICT : CONTROL_CHARACTERS, NOTHING_SKIPPED);

/** The path of the first string (passwords aside) holding a format character (bidi, zero-width), or null. */
export const findFormatCharacter = (value: unknown, path: string): string | null =>
  findCharacter(value, path, FORMAT_CHARACTERS, SECRET_FIELDS);

/** The 400 for a field holding a control character. */
export const controlCharacterError = (field: string) =>
  badRequest(`${field || 'Input'} must not contain control characters.`);
/** The 400 for a field holding a format character. */
export const formatCharacterError = (field: string) =>
  badRequest(`${field || 'Input'} must not contain invisible or text-direction characters.`);

/** Throws the 400 when a value holds a control character. */
export function assertNoControlCharacters(value: unknown, path: string, strict = false): void {
  const found = findControlCharacter(value, path, strict);
  if (found !== null) throw controlCharacterError(found);
}

/** Throws the 400 when a value holds a format character. */
export function assertNoFormatCharacters(value: unknown, path: string): void {
  const found = findFormatCharacter(value, path);
  if (found !== null) throw formatCharacterError(found);
}

/** The fields of a declared object schema (through `.optional()`, `.refine()`, pipes); {} for any other schema. */
export function declaredFields(schema: unknown): Record<string, ZodType> {
  let current = schema as { shape?: Record<string, ZodType>; in?: unknown; def?: { innerType?: unknown } } | undefined;
  for (let i = 0; current && !current.shape && i < 5; i++)
    current = (current.in ?? current.def?.innerType) as typeof current;
  return current?.shape ?? {};
}

const PARTS = [
  ['params', 'params'],
  ['query', 'querystring'],
  ['body', 'body'],
] as const;

function check(request: FastifyRequest) {
  // Field names as the client sent them (`username`, not `body.username`): that is what the form shows.
  assertNoControlCharacters(request.params, '', true);
  assertNoControlCharacters(request.query, '', true);
  assertNoControlCharacters(request.body, '');
  for (const [part, schemaPart] of PARTS) {
    const value = request[part] as Record<string, unknown> | undefined;
    const found = findFormatCharacter(value, '');
    if (found === null) continue;
    // A field whose own rule refuses the value (an e-mail address) answers its own message: validation does.
    const own = declaredFields(request.routeOptions.schema?.[schemaPart])[found];
    if (own && !own.safeParse(value?.[found]).success) return;
    throw formatCharacterError(found);
  }
}

/**
 * One hook for every route, present and future (docs/rules/security.md, "Input hardening"): params,
 * query and parsed bodies are checked for control and format characters (bidi, zero-width) before
 * validation, so no route can pass one on (multipart fields are checked where the form is read,
 * core/multipart.ts).
 */
export function rejectUnsafeCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      check(request);
      done();
    } catch (error) {
      done(error as Error);
    }
  });
}
