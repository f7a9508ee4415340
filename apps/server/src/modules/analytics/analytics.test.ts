import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestProduct } from '../catalogue/test-helpers.ts';
import { fundedShopper, useTokens } from '../orders/test-helpers.ts';
import { testShopper } from '../token-shop/test-helpers.ts';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

describe('analytics events (docs/rules/api.md)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/analytics/event', payload: payload as object, headers });

  it('records View Product, Purchase Intent and Buy Out Intent from the browser, with the shopper when logged in', async () => {
    const shopper = await testShopper(t, 'viewer');
    expect((await post({ name: 'View Product', properties: { setId: 's1' } })).statusCode).toBe(202);
    expect(
      (await post({ name: 'Purchase Intent', properties: { setId: 's1', quantity: 2 } }, shopper.headers)).statusCode,
    ).toBe(202);
    t.clock.advance(1000); // events are listed by time, then by random id; the TestClock otherwise stands still
    expect((await post({ name: 'Buy Out Intent' }, shopper.headers)).statusCode).toBe(202);

    const views = await t.services.analytics.list({ name: 'View Product' });
    expect(views).toEqual([expect.objectContaining({ userId: null, properties: { setId: 's1' } })]);
    const mine = await t.services.analytics.list({ userId: shopper.user.id });
    expect(mine.map((e) => [e.name, e.properties])).toEqual([
      ['Purchase Intent', { setId: 's1', quantity: 2 }],
      ['Buy Out Intent', {}],
    ]);
  });

  it('refuses unknown names and bad properties with 400, recording nothing', async () => {
    const before = (await t.services.analytics.list()).length;
    const unknown = await post({ name: 'Purchase With Tokens Complete' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: 'Unknown analytics event', code: 'VALIDATION_FAILED' });
    expect((await post({ name: 'View Product', properties: { nested: { a: 1 } } })).statusCode).toBe(400);
    expect((await post([1, 2])).statusCode).toBe(400);
    expect((await t.services.analytics.list()).length).toBe(before);
  });

  it('records Purchase With Tokens Complete, Failed (a refused purchase)', async () => {
    const { setId } = await createTestProduct(t); // 12 tokens a ticket
    const buyer = await fundedShopper(t, 'tokenspender', 30);
    const ok = await useTokens(t, buyer, { setId, ticketsBought: 2 });
    expect(ok.statusCode).toBe(200);
    t.clock.advance(1000); // events are listed by time; the TestClock otherwise stands still
    const refused = await useTokens(t, buyer, { setId, ticketsBought: 2 }); // 6 tokens left: not enough
    expect(refused.statusCode).toBe(400);

    // Recorded after the answer, off the buyer's path: wait for both.
    const events = await vi.waitFor(
      async () => {
        const listed = await t.services.analytics.list({ userId: buyer.user.id });
        expect(listed).toHaveLength(2);
        return listed;
      },
      { timeout: 10_000 },
    );
    expect(events.map((e) => e.name)).toEqual(['Purchase With Tokens Complete', 'Purchase With Tokens Failed']);
    expect(events[0]!.properties).toEqual({ setId, orderId: ok.json().orderId });
    expect(events[1]!.properties).toMatchObject({ setId, status: 400, message: refused.json().message });
  });

  it('writes purchase outcomes behind the answers, many in one insert', async () => {
    const userId = (await testShopper(t, 'burst')).user.id;
    const execute = vi.spyOn(t.ctx.db, 'execute');
    const outcomes = Array.from({ length: 25 }, (_, i) =>
      t.services.analytics.trackTokenPurchase({ userId, setId: 'burst-set' }, async () => ({ orderId: `order-${i}` })),
    );
    await Promise.all(outcomes);
    await t.services.analytics.flush();
    const written = await t.services.analytics.list({ userId });
    expect(written.map((e) => e.properties.orderId).sort()).toEqual(
      Array.from({ length: 25 }, (_, i) => `order-${i}`).sort(),
    );
    // The 25 answers did not wait for 25 inserts: they went out together.
    const inserts = execute.mock.calls.filter(([query]) =>
      new PgDialect().sqlToQuery(query as SQL).sql.startsWith('insert into "analytics_events"'),
    );
    expect(inserts).toHaveLength(1);
    execute.mockRestore();
  });
});
