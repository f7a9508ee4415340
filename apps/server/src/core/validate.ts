import type { z } from 'zod';
import { badRequest } from './http-errors.ts';

/**
 * One user-facing sentence for a zod issue: the schema's own text, or the field name before a generic
 * one ("email: Invalid input"). A message that already names its field ("Invalid setId") is kept as is,
 * so a malformed id answers the same 400 on every route.
 */
function issueMessage(issue: { path: PropertyKey[]; message: string }): string {
  const field = issue.path.map(String).join('.');
  const generic = /^(Invalid|Expected|Too|Unrecognized|Required)/.test(issue.message);
  const named = field !== '' && issue.message.includes(field);
  return generic && field && !named ? `${field}: ${issue.message}` : issue.message;
}

/** The 400 message for a request rejected by a route's declared schema (the type provider's errors). */
export function validationMessage(validation: ReadonlyArray<{ instancePath: string; message?: string }>): string {
  const first = validation[0];
  if (!first) return 'Invalid request';
  const path = first.instancePath.split('/').filter(Boolean);
  return issueMessage({ path, message: first.message ?? 'Invalid input' });
}

/**
 * Checks input that cannot be declared on a route: the text fields of a multipart form, and a
 * service's own input when it is called without a route (demo data, the back office's services).
 * A failure is the same 400 a declared schema gives.
 */
export function checkInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw badRequest(issueMessage(result.error.issues[0]!));
}
