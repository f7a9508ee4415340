import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

type Answer = {
  $ref?: string;
  content?: Record<string, { schema?: { properties?: { code?: { enum?: string[] } } } }>;
};
type Document = {
  paths?: Record<string, Record<string, { responses?: Record<string, Answer> }>>;
  components?: { responses?: Record<string, Answer> };
};

function codeOf(payload: unknown): unknown {
  if (typeof payload !== 'string') return undefined;
  try {
    return (JSON.parse(payload) as { code?: unknown } | null)?.code;
  } catch {
    return undefined;
  }
}

/**
 * An onSend hook of the test app (docs/rules/api.md, "Every answer is in the document"): any answer of
 * an /api operation whose status `/api/openapi.json` does not list for that operation, or whose error
 * code that status does not list, is recorded in `problems` (the test app's `close()` throws them).
 * Routes the document hides (the document itself, the reference page) are not operations.
 */
export function checkDocumentedAnswers(app: FastifyInstance, problems: string[]) {
  let document: Document | undefined;
  const resolve = (answer: Answer | undefined) =>
    answer?.$ref ? document?.components?.responses?.[answer.$ref.replace('#/components/responses/', '')] : answer;
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const route = request.routeOptions.url;
    if (!route?.startsWith('/api/') || request.method === 'HEAD') return payload;
    document ??= app.swagger() as Document;
    const operation = document.paths?.[route.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]?.[request.method.toLowerCase()];
    if (!operation) return payload;
    const name = `${request.method} ${route}`;
    const status = reply.statusCode;
    const answer = resolve(operation.responses?.[String(status)]);
    if (!answer) {
      problems.push(`Answer ${status} of ${name} is not in /api/openapi.json (code ${String(codeOf(payload))})`);
      return payload;
    }
    const codes = answer.content?.['application/json']?.schema?.properties?.code?.enum;
    const code = codeOf(payload);
    if (status >= 400 && codes && !codes.includes(code as string))
      problems.push(`Answer ${status} of ${name} has code ${String(code)}, not listed in /api/openapi.json`);
    return payload;
  };
}
