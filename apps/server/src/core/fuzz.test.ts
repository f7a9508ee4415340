import crypto from 'node:crypto';
import type { RouteOptions } from 'fastify';
import type { ZodObject, ZodRawShape } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { insertTestShopper } from '../modules/accounts/test-helpers.ts';

/**
 * Walks Fastify's route table and sends every route a corpus of hostile inputs: odd path params,
 * wrong types, missing fields, control characters, huge and negative numbers, long strings,
 * malformed JSON and multipart. Any 5xx fails, and so does any answer whose status (or error code)
 * `/api/openapi.json` does not list for its operation (docs/rules/api.md, "Every answer is in the
 * document"). New routes are covered without changing this file.
 */

const ODD_PARAMS = [
  'x',
  '%00',
  'a%00b',
  '%1b%5b31m',
  '0',
  '-1',
  '1e309',
  '99999999999999999999999',
  'a'.repeat(400),
  '..%2F..%2Fetc%2Fpasswd',
  '%E0%A4%A',
  '%F0%9F%92%A9',
  '00000000-0000-0000-0000-000000000000',
  crypto.randomUUID(),
  "'%3B%20drop%20table%20users%3B--",
  'null',
  '%20',
];

const BAD_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  -1e308,
  1e308,
  Number.MAX_SAFE_INTEGER + 2,
  '',
  ' ',
  'a\u0000b',
  '\u0007',
  'x'.repeat(100_000),
  '💩'.repeat(1000),
  '-1',
  'NaN',
  [],
  ['a', 1, null],
  {},
  { $gt: '' },
  { nested: { deeper: { deepest: ['\u0000'] } } },
];

/** Field names every route might read; each route's own schema keys are added. */
const COMMON_FIELDS = [
  'username',
  'password',
  'email',
  'code',
  'process',
  'resetToken',
  'setId',
  'productId',
  'orderId',
  'packageId',
  'ticketsBought',
  'buyOut',
  'clientSeed',
  'promoCode',
  'paymentIntentId',
  'clientSecret',
  'cardNumber',
  'expiry',
  'cvc',
  'name',
  'properties',
  'selectedPrizes',
  'phoneNumber',
  'country',
  'postalCode',
  'fullAddress',
  'fullName',
  'unitNumber',
  'itemIds',
  'quantity',
  'limit',
  'offset',
  'page',
  'status',
  'tokenAmount',
  'price',
  'id',
  'ids',
  'message',
];

function schemaKeys(schema: unknown): string[] {
  const shape = (schema as ZodObject<ZodRawShape> | undefined)?.shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : [];
}

function bodiesFor(route: RouteOptions): { payload: string | Buffer; contentType: string }[] {
  const fields = [...new Set([...schemaKeys(route.schema?.body), ...COMMON_FIELDS])];
  const json = (value: unknown) => ({ payload: JSON.stringify(value), contentType: 'application/json' });
  const bodies = [
    { payload: '{', contentType: 'application/json' },
    { payload: '{"a":1,}', contentType: 'application/json' },
    { payload: '\u0000', contentType: 'application/json' },
    json(null),
    json([]),
    json('string'),
    json(12),
    json({}),
    { payload: 'a=1&b=%00', contentType: 'application/x-www-form-urlencoded' },
    { payload: 'plain text', contentType: 'text/plain' },
    { payload: '--X\r\nContent-Disposition: form-data; name="a"\r\n\r\nb', contentType: 'multipart/form-data' },
    {
      payload: '--X\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--X',
      contentType: 'multipart/form-data; boundary=X',
    },
    {
      payload:
        '--X\r\nContent-Disposition: form-data; name="profileImage"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0000\u0001',
      contentType: 'multipart/form-data; boundary=X',
    },
  ];
  for (const value of BAD_VALUES) bodies.push(json(Object.fromEntries(fields.map((field) => [field, value]))));
  // One field at a time is bad, the rest plausible (reaches deeper into handlers).
  for (const field of fields) {
    for (const value of ['\u0000', -1, 'x'.repeat(5000), { a: 1 }]) {
      bodies.push(json({ ...Object.fromEntries(fields.map((f) => [f, 'test'])), [field]: value }));
    }
  }
  return bodies;
}

const QUERIES = [
  '',
  '?x=%00',
  '?limit=-1&offset=1e309&page=abc',
  `?to=${'a'.repeat(3000)}`,
  '?a[b][c]=1&a=2',
  '?%00=1',
];

function urlsFor(route: RouteOptions): string[] {
  if (!route.url.includes(':') && !route.url.includes('*')) return QUERIES.map((q) => route.url + q);
  return ODD_PARAMS.flatMap((param) => {
    const url = route.url.replace(/:[A-Za-z0-9_]+/g, param).replace('*', param);
    return [url, url + QUERIES[1]];
  });
}

describe('fuzz: every route answers hostile input without a 5xx, and only as its document says', () => {
  let t: TestApp;
  let shopper: string;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ documentedAnswers: true });
    const user = await insertTestShopper(t, 'fuzzy');
    shopper = `Bearer ${(await t.ctx.tokens.sign(user)).token}`;
    await t.services.accounts.ensureAdmin('fuzzadmin', 'Fuzz-Admin-1!');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'fuzzadmin', password: 'Fuzz-Admin-1!' },
    });
    admin = `Bearer ${login.json().token}`;
  });
  afterAll(async () => t.close());

  // Thousands of requests: over 10 minutes when eight test runs share a 2-core machine.
  it('walks the route table', { timeout: 1_800_000 }, async () => {
    const routes = t.routeTable.filter((r) => r.url.startsWith('/api/') && !(r as { websocket?: boolean }).websocket);
    expect(routes.length).toBeGreaterThan(20);
    const failures: string[] = [];
    let requests = 0;
    let n = 0;
    const send = async (
      method: string,
      url: string,
      authorization: string | undefined,
      body?: { payload: string | Buffer; contentType: string },
    ) => {
      requests++;
      n++;
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        // A new address per request: per-IP limits would otherwise answer 429 long before the handlers.
        remoteAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
        headers: { ...(authorization ? { authorization } : {}), ...(body ? { 'content-type': body.contentType } : {}) },
        ...(body ? { payload: body.payload } : {}),
      });
      if (res.statusCode >= 500)
        failures.push(
          `${res.statusCode} ${method} ${url.slice(0, 120)} ${String(body?.payload ?? '').slice(0, 120)} -> ${res.body.slice(0, 200)}`,
        );
    };
    for (const route of routes) {
      const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter(
        (m) => m !== 'HEAD' && m !== 'OPTIONS',
      );
      // Logout would end the session the rest of the run uses.
      const auths = route.url.endsWith('/logout') ? [undefined] : [undefined, shopper, admin];
      for (const method of methods) {
        const hasBody = method !== 'GET' && method !== 'DELETE';
        for (const authorization of auths) {
          for (const url of urlsFor(route))
            await send(
              method,
              url,
              authorization,
              hasBody ? { payload: '{"username":"\\u0000"}', contentType: 'application/json' } : undefined,
            );
          if (!hasBody) continue;
          const bodies = bodiesFor(route);
          // The full body corpus as the shopper (guarded routes reach their handlers); a sample otherwise.
          const sample = authorization === shopper ? bodies : bodies.filter((_, i) => i % 5 === 0);
          const base = route.url.replace(/:[A-Za-z0-9_]+/g, crypto.randomUUID());
          for (const body of sample) await send(method, base, authorization, body);
        }
      }
    }
    const undocumented = [...new Set(t.undocumentedAnswers)];
    console.log(
      `fuzz: ${requests} requests over ${routes.length} routes, ${failures.length} answered 5xx, ` +
        `${undocumented.length} kinds of answer not in the document`,
    );
    expect(failures, failures.slice(0, 20).join('\n')).toEqual([]);
    expect(undocumented).toEqual([]);
  });
});
