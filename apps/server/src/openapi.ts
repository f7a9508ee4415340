import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import apiReference from '@scalar/fastify-api-reference';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { openApiDocumentSchema } from '@kujiya/shared';
import type { Guards } from './core/auth.ts';
import { collectRouteFacts, completeDocument } from './openapi-operations.ts';

/**
 * The OpenAPI 3.1 document of every /api route, built from the zod schemas the routes declare (so it
 * cannot drift from what the server checks), at GET /api/openapi.json; and a readable reference page
 * of it at /api/docs. Register before the routes: the document collects them as they are added.
 * Each operation gets its id, summary, security scheme, error answers with their codes and the bodies
 * routes read themselves (`openapi-operations.ts`); `redocly lint` checks the result in `npm test`.
 */
export async function registerOpenApi(app: FastifyInstance, guards: Guards): Promise<void> {
  const { facts, onRoute } = collectRouteFacts(guards);
  app.addHook('onRoute', onRoute);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Kujiya API',
        version: '1.0.0',
        description:
          'The shop API of Kujiya (Ichiban Kuji prize draws). Errors answer `{ message, code }` with a 4xx or 5xx ' +
          'status (the codes: docs/rules/errors.md); shopper calls carry `Authorization: Bearer <token>` from ' +
          'POST /api/users/login, back-office calls the admin token from POST /api/admin/login.',
      },
      // The API is served by the shop itself, on the page's own origin.
      servers: [{ url: '/', description: 'The shop that serves this document' }],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: "A shopper's token (POST /api/users/login).",
          },
          adminBearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: "An admin's token (POST /api/admin/login).",
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (document) => {
      const openapi = 'openapiObject' in document ? document.openapiObject : {};
      return completeDocument(openapi as Parameters<typeof completeDocument>[0], facts) as typeof openapi;
    },
  });

  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/openapi.json',
      { schema: { hide: true, response: { 200: openApiDocumentSchema } } },
      async () => app.swagger() as unknown as z.infer<typeof openApiDocumentSchema>,
    );

  await app.register(async (scope) => {
    // The page starts itself with one inline script; the shop's policy allows exactly that script (by
    // its hash) on these pages and nothing else inline.
    scope.addHook('onSend', async (_request, reply, payload) => {
      if (typeof payload !== 'string' || !String(reply.getHeader('content-type')).startsWith('text/html'))
        return payload;
      const hashes = [...payload.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
        (m) => `'sha256-${crypto.createHash('sha256').update(m[1]!).digest('base64')}'`,
      );
      const policy = String(reply.getHeader('content-security-policy') ?? '');
      reply.header(
        'content-security-policy',
        policy.replace(/script-src ([^;]*)/, `script-src $1 ${hashes.join(' ')}`),
      );
      return payload;
    });
    await scope.register(apiReference, {
      routePrefix: '/api/docs',
      // The page reads the same document as everyone else.
      configuration: { url: '/api/openapi.json', title: 'Kujiya API' },
      logLevel: 'warn',
    });
  });
}
