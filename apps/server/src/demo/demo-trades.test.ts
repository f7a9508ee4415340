import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { testShopper } from '../modules/token-shop/test-helpers.ts';

describe('demo trades', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp({ demo: true })));
  afterAll(async () => t.close());

  it('opens a few trades by demo shoppers that a newcomer sees and can offer on', async () => {
    const newcomer = await testShopper(t, 'newcomer');
    const res = await t.app.inject({ method: 'GET', url: '/api/trade', headers: newcomer.headers });
    const trades = res.json().trades as { createdBy: { username: string }; prizesOffered: { quantity: number }[] }[];
    expect(trades.length).toBeGreaterThanOrEqual(2);
    for (const trade of trades) expect(trade.prizesOffered[0]!.quantity).toBe(1);
    expect(new Set(trades.map((x) => x.createdBy.username)).size).toBe(trades.length);
  });
});
