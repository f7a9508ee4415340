import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from './http-errors.ts';

/**
 * Control characters no text field of the shop needs: C0 (NUL included) except tab, line feed and
 * carriage return, DEL, and C1. PostgreSQL refuses NUL in text, so letting one through is a 500.
 */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** In ids, names in paths and query values even tab and line breaks are refused. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS_STRICT = /[\u0000-\u001F\u007F-\u009F]/;
const MAX_DEPTH = 20;

/** The path (e.g. `body.shippingAddress.fullName`) of the first string holding a control character, or null. */
export function findControlCharacter(value: unknown, path: string, strict = false, depth = 0): string | null {
  const pattern = strict ? CONTROL_CHARACTERS_STRICT : CONTROL_CHARACTERS;
  if (typeof value === 'string') return pattern.test(value) ? path : null;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value) || depth > MAX_DEPTH) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findControlCharacter(value[i], `${path}[${i}]`, strict, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (CONTROL_CHARACTERS_STRICT.test(key)) return path;
    const found = findControlCharacter(item, path ? `${path}.${key}` : key, strict, depth + 1);
    if (found) return found;
  }
  return null;
}

/** The 400 for a field holding a control character. */
export const controlCharacterError = (field: string) => badRequest(`${field || 'Input'} must not contain control characters.`);

/** Throws the 400 when a value holds a control character. */
export function assertNoControlCharacters(value: unknown, path: string, strict = false): void {
  const found = findControlCharacter(value, path, strict);
  if (found !== null) throw controlCharacterError(found);
}

function check(request: FastifyRequest) {
  // Field names as the client sent them (`username`, not `body.username`): that is what the form shows.
  assertNoControlCharacters(request.params, '', true);
  assertNoControlCharacters(request.query, '', true);
  assertNoControlCharacters(request.body, '');
}

/**
 * One hook for every route, present and future: params, query and parsed bodies are checked before
 * validation, so no route can pass a control character on (multipart fields are checked where the
 * form is read, core/multipart.ts).
 */
export function rejectControlCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      check(request);
      done();
    } catch (error) {
      done(error as Error);
    }
  });
}
