import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageResponseSchema } from '@kujiya/shared';
import { createTestApp, type TestApp } from './test/test-app.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openTestDatabase } from './test/test-database.ts';
import { createTestProduct } from './modules/catalogue/test-helpers.ts';

/**
 * The API contract holds by construction: every route declares what it takes and what it answers with
 * the shared schemas, the OpenAPI document shows exactly those, and an answer that breaks its schema
 * fails. Routes added later are walked the same way, with nothing to list here.
 */

/** POST routes that take no JSON body, with why. Anything else that posts must declare `body`. */
const POSTS_WITHOUT_JSON_BODY: Record<string, string> = {
  'POST /api/draw-and-update-order/:orderId': 'the order id is the whole input',
  'POST /api/users/favorites/:setId': 'the set id is the whole input',
  'POST /api/drops/:setId/notify': 'the set id is the whole input',
  'POST /api/drops/:setId/join': 'the set id is the whole input',
  'POST /api/payment/webhook': "the gateway's signed raw bytes (the signature check is the validation)",
  'POST /api/users/update-profile': 'a multipart form, read in the route and checked with the shared schema',
  'POST /api/payment/verify-shipment/:orderId': 'the shipment id is the whole input',
  'POST /api/self-collection/:id/cancel': 'the collection id is the whole input',
  'POST /api/order/self-collect/:orderId': 'the order id is the whole input',
  'POST /api/trade/:tradeId/accept-offer/:offerId': 'the trade and offer ids are the whole input',
  'POST /api/admin/add-product': 'a multipart form with images, read in the route and checked with the shared schema',
  'POST /api/admin/images': 'a multipart form of one image file, read in the route',
  'POST /api/admin/products/:id/reload': 'the product id is the whole input',
  'PUT /api/admin/shipments/:id/shipped': 'the shipment id is the whole input',
  'POST /api/admin/shipments/export-pending': 'no input: every pending paid shipment',
  'POST /api/admin/shoppers/:shopperId/disable': 'the shopper id is the whole input',
  'POST /api/admin/shoppers/:shopperId/enable': 'the shopper id is the whole input',
  'POST /api/admin/admins/:adminId/disable': 'the admin id is the whole input',
  'POST /api/admin/admins/:adminId/enable': 'the admin id is the whole input',
  'POST /api/admin/2fa/setup': 'the signed-in admin is the whole input: a new secret for them',
  'POST /api/admin/2fa/passkeys/options': 'the signed-in admin is the whole input: a registration challenge for them',
  'POST /api/admin/jobs/:id/retry': 'the failed job id is the whole input',
  'POST /api/mail/unsubscribe':
    "the signed token in the query is the whole input (RFC 8058's form body says nothing more)",
};

type Schema = {
  params?: unknown;
  body?: unknown;
  querystring?: unknown;
  response?: Record<string, unknown>;
  hide?: boolean;
};
const methodsOf = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]);
const pathParams = (url: string) => [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
const shapeKeys = (schema: unknown) => Object.keys((schema as { shape?: object } | undefined)?.shape ?? {});
/** The API's own routes (the reference page's plugin routes are not part of the contract). */
const apiRoutes = (routes: RouteOptions[]) =>
  routes.filter(
    (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && !methodsOf(r).every((m) => m === 'HEAD'),
  );

describe('the route table', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('has every module route', () => {
    expect(apiRoutes(t.routes).length).toBeGreaterThan(40);
  });

  it('declares params, body and a success response on every route that needs them', () => {
    const problems: string[] = [];
    for (const route of apiRoutes(t.routes)) {
      const schema = (route.schema ?? {}) as Schema;
      for (const method of methodsOf(route).filter((m) => m !== 'HEAD')) {
        const name = `${method} ${route.url}`;
        const successes = Object.keys(schema.response ?? {}).filter((status) => /^2\d\d$/.test(status));
        if (successes.length === 0) problems.push(`${name}: no success response schema`);
        const params = pathParams(route.url);
        if (params.length > 0) {
          const declared = shapeKeys(schema.params);
          const missing = params.filter((p) => !declared.includes(p));
          if (missing.length > 0) problems.push(`${name}: no params schema for ${missing.join(', ')}`);
        }
        if (['POST', 'PUT'].includes(method) && !schema.body && !(name in POSTS_WITHOUT_JSON_BODY)) {
          problems.push(`${name}: no body schema`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('publishes every route in the OpenAPI 3.1 document with its request and response schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const document = res.json() as {
      openapi: string;
      paths: Record<
        string,
        Record<
          string,
          { parameters?: { in: string; name: string }[]; requestBody?: unknown; responses?: Record<string, unknown> }
        >
      >;
    };
    expect(document.openapi).toMatch(/^3\.1/);
    const problems: string[] = [];
    for (const route of apiRoutes(t.routes)) {
      const schema = (route.schema ?? {}) as Schema;
      if (schema.hide) continue;
      const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      for (const method of methodsOf(route).filter((m) => m !== 'HEAD')) {
        const name = `${method} ${route.url}`;
        const operation = document.paths[path]?.[method.toLowerCase()];
        if (!operation) {
          problems.push(`${name}: missing from the document`);
          continue;
        }
        const inPath = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
        for (const param of pathParams(route.url))
          if (!inPath.includes(param)) problems.push(`${name}: path parameter ${param} missing`);
        for (const key of shapeKeys(schema.querystring)) {
          if (!(operation.parameters ?? []).some((p) => p.in === 'query' && p.name === key))
            problems.push(`${name}: query ${key} missing`);
        }
        if (schema.body && !operation.requestBody) problems.push(`${name}: request body missing`);
        for (const status of Object.keys(schema.response ?? {})) {
          const response = operation.responses?.[status] as
            { content?: Record<string, { schema?: unknown }> } | undefined;
          if (!response) problems.push(`${name}: response ${status} missing`);
          else if (status !== '304' && !Object.values(response.content ?? {}).some((c) => c.schema)) {
            problems.push(`${name}: response ${status} has no schema`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('serves a readable API reference page of the same document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('/api/openapi.json');
    // Its one inline starter script is allowed by hash, nothing else inline.
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'[^;]* 'sha256-[A-Za-z0-9+/=]+'/);
  });
});

describe('an answer that breaks its schema', () => {
  it('answers 500 naming the route and the field, and fails the test app when it closes', async () => {
    const database = await openTestDatabase();
    const breaches: string[] = [];
    const config = loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
      DEMO_DATA: '0',
    });
    const { app } = await buildApp({
      config,
      database,
      logger: false,
      webDist: false,
      onContractBreach: (m) => breaches.push(m),
    });
    app
      .withTypeProvider<ZodTypeProvider>()
      .get(
        '/api/broken',
        { schema: { response: { 200: messageResponseSchema } } },
        async () => ({ message: 42 }) as unknown as { message: string },
      );
    try {
      await app.ready();
      const res = await app.inject({ method: 'GET', url: '/api/broken' });
      expect(res.statusCode).toBe(500);
      expect(res.json().message).toBe(
        'Response of GET /api/broken does not match its schema at message: Invalid input: expected string, received number',
      );
      expect(breaches).toHaveLength(1);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('is caught by the fast serializer of the product list too (outside production)', async () => {
    const t = await createTestApp();
    await createTestProduct(t);
    // A count the schema refuses ("-1/10" is no "left/total"), as a bug in the listing would make it.
    const availabilityOfRounds = t.services.stock.availabilityOfRounds;
    t.services.stock.availabilityOfRounds = async (...args) =>
      new Map([...(await availabilityOfRounds(...args))].map(([id, counts]) => [id, { ...counts, left: -1 }]));
    const res = await t.app.inject({ method: 'GET', url: '/api/ichiban-kuji-products' });
    expect(res.statusCode).toBe(500);
    expect(t.contractBreaches).toHaveLength(1);
    await expect(t.close()).rejects.toThrow(/GET \/api\/ichiban-kuji-products does not match its schema/);
  });
});
