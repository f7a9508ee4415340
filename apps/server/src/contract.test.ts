import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageResponseSchema } from '@kujiya/shared';
import { createTestApp, type TestApp } from './test/test-app.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openTestDatabase } from './test/test-database.ts';
import { createTestProduct } from './modules/catalogue/test-helpers.ts';
import { fundedShopper } from './modules/orders/test-helpers.ts';
import { confirmWithCard } from './modules/token-shop/test-helpers.ts';
import { latestCode, signUp } from './modules/accounts/test-helpers.ts';
import { checkDocumentedAnswers } from './test/documented-answers.ts';

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

type Answer = {
  content?: Record<string, { schema?: { properties?: { code?: { enum?: string[] } } } }>;
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
      components: { responses: Record<string, unknown> };
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
        const answer = (status: string) => {
          const response = operation.responses?.[status] as { $ref?: string } | undefined;
          const shared = response?.$ref?.replace('#/components/responses/', '');
          return (shared ? document.components.responses[shared] : response) as Answer | undefined;
        };
        for (const status of Object.keys(schema.response ?? {})) {
          const response = answer(status);
          if (!response) problems.push(`${name}: response ${status} missing`);
          else if (status !== '304' && !Object.values(response.content ?? {}).some((c) => c.schema)) {
            problems.push(`${name}: response ${status} has no schema`);
          }
        }
        // Every error answer: the error body with the codes its status may carry (docs/rules/errors.md).
        for (const status of Object.keys(operation.responses ?? {}).filter((s) => Number(s) >= 400)) {
          const codes = answer(status)?.content?.['application/json']?.schema?.properties?.code?.enum ?? [];
          if (codes.length === 0) problems.push(`${name}: error ${status} lists no codes`);
        }
        if (!operation.responses?.['503']) problems.push(`${name}: no 503`);
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

/**
 * Every answer is in the document (docs/rules/api.md): the answers below were missing from
 * `/api/openapi.json` before the routes declared them (issue 47). The test app fails at `close()` on
 * any answer whose status or error code the document does not list for its operation, so each call
 * here is checked for its status, and the whole suite for every answer it meets.
 */
describe('the answers the document lists', () => {
  let t: TestApp;
  let shopper: { user: { username: string }; headers: { authorization: string } };
  let admin: { authorization: string };
  const call = (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  /** Calls until the answer is `status` (at most `tries` times); answers every status seen. */
  const until = async (status: number, tries: number, send: () => Promise<{ statusCode: number }>) => {
    const seen: number[] = [];
    for (let i = 0; i < tries && !seen.includes(status); i++) seen.push((await send()).statusCode);
    return seen;
  };
  beforeAll(async () => {
    t = await createTestApp({ documentedAnswers: true });
    shopper = await fundedShopper(t, 'documented', 1000);
    await t.services.accounts.ensureAdmin('docadmin', 'Doc-Admin-1!');
    const login = await call('POST', '/api/admin/login', { username: 'docadmin', password: 'Doc-Admin-1!' });
    admin = { authorization: `Bearer ${login.json().token}` };
  });
  afterAll(async () => t.close());

  it('checks every answer against the document, and fails on one it does not list', async () => {
    const res = await call('GET', '/api/admin/me');
    expect(res.statusCode).toBe(401);
    expect(t.undocumentedAnswers).toEqual([]);
    // A route whose answer its document does not list, on an app of its own: the hook records it.
    const database = await openTestDatabase();
    const { app } = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'test-secret-test-secret-test-secret-0123', DEMO_DATA: '0' }),
      database,
      logger: false,
      webDist: false,
    });
    const undocumented: string[] = [];
    app.addHook('onSend', checkDocumentedAnswers(app, undocumented));
    app.get('/api/teapot', async (_request, reply) =>
      reply.code(418).send({ message: 'short and stout', code: 'VALIDATION_FAILED' }),
    );
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/api/teapot' })).statusCode).toBe(418);
    await app.close();
    await database.close();
    expect(undocumented).toEqual([
      'Answer 418 of GET /api/teapot is not in /api/openapi.json (code VALIDATION_FAILED)',
    ]);
  });

  it('lists 401 and 429 on both logins, and 429 on change-password', async () => {
    const wrong = (url: string) => () => call('POST', url, { username: 'nobody', password: 'Wrong-Pass-1!' });
    expect(await until(429, 15, wrong('/api/users/login'))).toEqual(expect.arrayContaining([401, 429]));
    expect(await until(429, 15, wrong('/api/admin/login'))).toEqual(expect.arrayContaining([401, 429]));
    const change = () =>
      call('POST', '/api/users/change-password', {
        email: 'x@kujiya.test',
        resetToken: 'nope',
        password: 'New-Pass-1!',
      });
    expect(await until(429, 15, change)).toEqual(expect.arrayContaining([400, 429]));
  });

  it('lists 404 PRODUCT_NOT_FOUND on every purchase route, and 423 ROUND_ON_HOLD while a buy-out holds', async () => {
    const setId = crypto.randomUUID();
    const buy = { username: shopper.user.username, setId, ticketsBought: 1 };
    for (const [url, body] of [
      ['/api/token/use', buy],
      ['/api/payment/kuji/create-intent', buy],
      ['/api/payment/kuji/buy-out', { username: shopper.user.username, setId }],
      ['/api/kuji/check-tickets', { setId, ticketsBought: 1 }],
      ['/api/prize/fetch-prizes', { productId: setId, selectedPrizes: [] }],
    ] as const) {
      const res = await call('POST', url, body, shopper.headers);
      expect([url, res.statusCode, res.json().code]).toEqual([url, 404, 'PRODUCT_NOT_FOUND']);
    }
    const product = await createTestProduct(t);
    const holder = await fundedShopper(t, 'holder', 0);
    const hold = { username: 'holder', setId: product.setId };
    expect((await call('POST', '/api/payment/kuji/buy-out', hold, holder.headers)).statusCode).toBe(200);
    const held = { ...buy, setId: product.setId };
    for (const url of ['/api/token/use', '/api/payment/kuji/create-intent', '/api/payment/kuji/buy-out']) {
      const res = await call('POST', url, held, shopper.headers);
      expect([url, res.statusCode, res.json().code]).toEqual([url, 423, 'ROUND_ON_HOLD']);
    }
  });

  it("lists 402 card_declined on the test gateway's confirm", async () => {
    const { setId } = await createTestProduct(t);
    const intent = await call('POST', '/api/payment/kuji/create-intent', { ...shopperBuy(), setId }, shopper.headers);
    const declined = await confirmWithCard(t, intent.json().clientSecret, '4000 0000 0000 0002');
    expect([declined.statusCode, declined.json().code]).toEqual([402, 'card_declined']);
  });

  it('lists 409 on duplicate promo codes, admins, usernames and e-mails', async () => {
    const promo = {
      code: 'TWICE',
      extraTokensPercentage: 10,
      validFrom: '2026-01-01T00:00:00Z',
      validTo: '2027-01-01T00:00:00Z',
    };
    expect((await call('POST', '/api/admin/promo-codes', promo, admin)).statusCode).toBe(201);
    const again = await call('POST', '/api/admin/promo-codes', promo, admin);
    expect([again.statusCode, again.json().code]).toEqual([409, 'PROMO_CODE_TAKEN']);
    const invite = { username: 'deskhand', email: 'deskhand@kujiya.test', role: 'staff' };
    expect((await call('POST', '/api/admin/admins', invite, admin)).statusCode).toBe(201);
    const twice = await call('POST', '/api/admin/admins', invite, admin);
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'ADMIN_TAKEN']);
    const ann = await signUp(t, { username: 'ann', email: 'ann@kujiya.test' });
    const code = await call('POST', '/api/verification/create', { email: 'ann@kujiya.test' });
    expect([code.statusCode, code.json().code]).toEqual([409, 'EMAIL_TAKEN']);
    await call('POST', '/api/verification/create', { email: 'bea@kujiya.test' });
    await call('POST', '/api/verification/verify', {
      email: 'bea@kujiya.test',
      code: await latestCode(t, 'bea@kujiya.test'),
    });
    const taken = await call('POST', '/api/users/create', {
      username: 'ann',
      email: 'bea@kujiya.test',
      password: 'Secret1!',
    });
    expect([taken.statusCode, taken.json().code]).toEqual([409, 'USERNAME_TAKEN']);
    const rename = await call('POST', '/api/users/update-profile', { username: 'ann' }, shopper.headers);
    expect([rename.statusCode, rename.json().code, ann.username]).toEqual([409, 'USERNAME_TAKEN', 'ann']);
  });

  it('lists 404 on tracking, abandon and self-collection', async () => {
    const tracking = await call('POST', '/api/shipment/tracking', { orderNumber: 'KJ-NOPE' }, shopper.headers);
    expect([tracking.statusCode, tracking.json().code]).toEqual([404, 'SHIPMENT_NOT_FOUND']);
    const items = [{ batchId: crypto.randomUUID(), quantity: 1 }];
    const abandon = await call('POST', '/api/inventory/abandon', { items }, shopper.headers);
    expect([abandon.statusCode, abandon.json().code]).toEqual([404, 'ITEM_NOT_FOUND']);
    const { slots } = (await call('GET', '/api/self-collection/slots', undefined, shopper.headers)).json();
    const collectionDate = slots[0].collectionDate;
    const collect = await call('POST', '/api/self-collection/create', { items, collectionDate }, shopper.headers);
    expect([collect.statusCode, collect.json().code]).toEqual([404, 'ITEM_NOT_FOUND']);
  });

  const shopperBuy = () => ({ username: shopper.user.username, ticketsBought: 1 });
});
