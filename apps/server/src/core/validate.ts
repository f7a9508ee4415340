import type { z } from 'zod';
import { badRequest } from './http-errors.ts';

/**
 * Parses request input with a contract schema; a failure is a 400 whose message names the field.
 * Custom messages written in the schemas (the spec's texts) pass through unchanged.
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw badRequest(issueMessage(result.error.issues[0]!));
}

/** One user-facing sentence for a zod issue: the schema's own text, or the field name before a generic one. */
function issueMessage(issue: { path: PropertyKey[]; message: string }): string {
  const field = issue.path.map(String).join('.');
  const generic = /^(Invalid|Expected|Too|Unrecognized|Required)/.test(issue.message);
  return generic && field ? `${field}: ${issue.message}` : issue.message;
}

/** The 400 message for a request rejected by a route's declared schema (the type provider's errors). */
export function validationMessage(validation: ReadonlyArray<{ instancePath: string; message?: string }>): string {
  const first = validation[0];
  if (!first) return 'Invalid request';
  const path = first.instancePath.split('/').filter(Boolean);
  return issueMessage({ path, message: first.message ?? 'Invalid input' });
}
