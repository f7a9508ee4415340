import fastJson from 'fast-json-stringify';
import { z } from 'zod';
import { ResponseSerializationError } from 'fastify-type-provider-zod';

/** A response that does not match its declared schema: a bug in the server, never the caller's fault. */
export function isContractBreach(error: unknown): error is ResponseSerializationError {
  return error instanceof ResponseSerializationError;
}

/** One line that says which route broke its contract and how. */
export function contractBreachMessage(error: ResponseSerializationError): string {
  const cause = error.cause as { issues?: { path: PropertyKey[]; message: string }[] } | undefined;
  const issue = cause?.issues?.[0];
  const where = issue ? ` at ${issue.path.map(String).join('.') || '(root)'}: ${issue.message}` : '';
  return `Response of ${error.method} ${error.url} does not match its schema${where}`;
}

/**
 * Fastify's fast serializer (fast-json-stringify, compiled from the route's zod schema as JSON Schema)
 * for big answers such as the product list. With `check` on (everywhere but production) the answer is
 * first checked against the zod schema, so a drift still fails the tests; in production the check is
 * skipped and only the compiled stringify runs.
 */
export function fastSerializerCompiler(check: boolean) {
  return ({ schema, method, url }: { schema: unknown; method: string; url: string }) => {
    const zodSchema = schema as z.ZodType;
    const jsonSchema = z.toJSONSchema(zodSchema, { io: 'output', target: 'draft-7', unrepresentable: 'any' });
    const stringify = fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
    return (data: unknown) => {
      if (check) {
        const result = zodSchema.safeParse(data);
        if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
      }
      return stringify(data);
    };
  };
}
