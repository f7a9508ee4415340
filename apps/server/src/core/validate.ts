import type { z } from 'zod';
import { badRequest } from './http-errors.ts';

/**
 * Parses request input with a contract schema; a failure is a 400 whose message names the field.
 * Custom messages written in the schemas (the spec's texts) pass through unchanged.
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.join('.');
  const generic = /^(Invalid|Expected|Too|Unrecognized|Required)/.test(issue.message);
  throw badRequest(generic && field ? `${field}: ${issue.message}` : issue.message);
}
