import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The money calls that accept `Idempotency-Key` (docs/operations.md, "Idempotent money calls"): every
 * POST or DELETE that moves money, tokens, tickets or items, and no other route.
 */
const MONEY_CALLS = [
  'POST /api/token/use',
  'POST /api/payment/kuji/create-intent',
  'POST /api/payment/kuji/buy-out',
  'POST /api/payment/token/create-intent',
  'POST /api/promocode/apply',
  'POST /api/payment/shipping/create-intent',
  'POST /api/self-collection/create',
  'POST /api/self-collection/:id/cancel',
  'POST /api/inventory/abandon',
  'POST /api/trade/create',
  'POST /api/trade/offer/:tradeId',
  'POST /api/trade/:tradeId/accept-offer/:offerId',
  'DELETE /api/trade/:tradeId/reject-offer/:offerId',
  'DELETE /api/trade/:tradeId/withdraw-offer/:offerId',
  'DELETE /api/trade/cancel-trade/:tradeId',
];

describe('idempotent routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('are exactly the money calls, each behind the shopper guard', () => {
    const idempotent = t.routes.filter((route) => route.config?.idempotent);
    const names = idempotent.flatMap((route) => [route.method].flat().map((method) => `${method} ${route.url}`));
    expect(names.sort()).toEqual([...MONEY_CALLS].sort());
    for (const route of idempotent) expect(route.onRequest, route.url).toBeDefined();
  });

  it('publish the header and their 409 and 422 answers in the OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { parameters?: { name: string }[]; responses: Record<string, unknown> }>>;
    };
    for (const call of MONEY_CALLS) {
      const [method, url] = call.split(' ') as [string, string];
      const operation = document.paths[url.replace(/:(\w+)/g, '{$1}')]![method.toLowerCase()]!;
      expect(
        operation.parameters?.map((p) => p.name),
        call,
      ).toContain('Idempotency-Key');
      expect(Object.keys(operation.responses), call).toEqual(expect.arrayContaining(['409', '422']));
    }
    const read = document.paths['/api/token/balance']?.get;
    expect(read?.parameters?.map((p) => p.name) ?? []).not.toContain('Idempotency-Key');
  });
});
