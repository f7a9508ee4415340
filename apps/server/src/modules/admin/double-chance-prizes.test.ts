import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPublicFairnessVerdict } from '@kujiya/shared';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestProduct } from '../catalogue/test-helpers.ts';
import { fundedShopper, useTokens } from '../orders/test-helpers.ts';
import { PRIZES_LOCKED } from '../catalogue/service.ts';

const ADMIN = { ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'Boss123!' };

describe('back office: double-chance prizes of a set', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({ env: ADMIN });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'boss', password: 'Boss123!' },
    });
    headers = { authorization: `Bearer ${login.json().token}` };
  });
  afterAll(async () => t.close());

  const put = (productId: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/admin/products/${productId}`, headers, payload });

  it('defines two prizes through Save and reload: committed in the new round and drawn at sell-out; refused mid-round; bad quantity is a 400', async () => {
    const { productId, setId: firstSetId } = await createTestProduct(t, { sku: 'DCP-001' });
    const detail = (await t.app.inject({ method: 'GET', url: `/api/admin/products/${productId}`, headers })).json();
    const base = {
      sku: 'DCP-001',
      quantity: detail.productQuantity,
      sold: detail.sold,
      status: 'active',
      arrival: null,
      doubleChance: true,
      promotionId: null,
      lottery: { enabled: false, completed: false },
    };
    const doubles = [
      { name: 'Signed poster', description: 'A3 poster', quantity: 2 },
      { name: 'Acrylic stand', quantity: 1 },
    ];

    const badQuantity = await put(productId, {
      ...base,
      doubleChancePrizes: [{ name: 'Poster', quantity: 0 }],
      reload: true,
    });
    expect([badQuantity.statusCode, badQuantity.json().message]).toEqual([
      400,
      'Double-chance prize quantity must be at least 1',
    ]);
    // The open round's rules are committed (even with nothing sold): only a reload may change them.
    const midRound = await put(productId, { ...base, doubleChancePrizes: doubles });
    expect([midRound.statusCode, midRound.json().message]).toEqual([409, PRIZES_LOCKED]);
    const unchanged = (await t.app.inject({ method: 'GET', url: `/api/admin/products/${productId}`, headers })).json();
    expect(unchanged.prizes.filter((p: { kind: string }) => p.kind === 'double')).toEqual([]);
    expect(unchanged.productSku).toBe('DCP-001');

    const saved = await put(productId, { ...base, doubleChancePrizes: doubles, reload: true });
    expect(saved.statusCode).toBe(200);
    const product = saved.json();
    expect(product).toMatchObject({ productSku: 'DCP-002', doubleChance: true, roundNumber: 2 });
    const savedDoubles = product.prizes.filter((p: { kind: string }) => p.kind === 'double');
    expect(
      savedDoubles.map((p: { letter: string; name: string; description: string; initialQuantity: number }) => [
        p.letter,
        p.name,
        p.description,
        p.initialQuantity,
      ]),
    ).toEqual([
      ['DC1', 'Signed poster', 'A3 poster', 2],
      ['DC2', 'Acrylic stand', 'Acrylic stand', 1],
    ]);

    const setId = product.setId as string;
    expect(setId).not.toBe(firstSetId);
    const fairness = (await t.app.inject({ method: 'GET', url: `/api/fairness/${setId}` })).json();
    expect(fairness.doubleChancePrizes).toEqual([
      { rank: 'DC1', name: 'Signed poster', quantity: 2 },
      { rank: 'DC2', name: 'Acrylic stand', quantity: 1 },
    ]);
    expect(JSON.parse(fairness.rules).doubleChance).toEqual([
      { rank: 'DC1', quantity: 2 },
      { rank: 'DC2', quantity: 1 },
    ]);
    // The closed round keeps the rules it committed to: no double-chance prizes.
    const closed = (await t.app.inject({ method: 'GET', url: `/api/fairness/${firstSetId}` })).json();
    expect(JSON.parse(closed.rules).doubleChance).toEqual([]);

    const audit = (
      await t.app.inject({ method: 'GET', url: `/api/admin/audit?entityType=product&entityId=${productId}`, headers })
    ).json();
    const entry = audit.entries.find((e: { action: string }) => e.action === 'product.update+reload');
    expect(entry.before.prizes.filter((p: { kind: string }) => p.kind === 'double')).toEqual([]);
    expect(entry.after.doubleChancePrizes).toEqual(doubles);

    // Sell the round out: three units drawn among its tickets and given to orders.
    const buyer = await fundedShopper(t, 'dcbuyer', 500);
    expect((await useTokens(t, buyer, { setId, ticketsBought: 10, clientSeed: 'dc' })).statusCode).toBe(200);
    const soldOut = (await t.app.inject({ method: 'GET', url: `/api/fairness/${setId}` })).json();
    const picks = soldOut.log.filter((e: { domain: string }) => e.domain === 'double');
    expect(picks.map((e: { letter: string }) => e.letter).sort()).toEqual(['DC1', 'DC1', 'DC2']);
    const won = (await t.services.orders.ordersOfRound(setId)).flatMap((o) => o.doubleChancePrizes);
    expect(won.sort()).toEqual(['DC1', 'DC1', 'DC2']);
    expect(buildPublicFairnessVerdict(soldOut).ok).toBe(true);
  });

  it('removes one prize and renames the other with a reload: the next round commits to the one left', async () => {
    const { productId } = await createTestProduct(t, { sku: 'DCR-001' });
    const detail = (await t.app.inject({ method: 'GET', url: `/api/admin/products/${productId}`, headers })).json();
    const base = {
      sku: 'DCR-001',
      quantity: detail.productQuantity,
      sold: detail.sold,
      status: 'active',
      arrival: null,
      doubleChance: true,
      promotionId: null,
      lottery: { enabled: false, completed: false },
    };
    const first = (
      await put(productId, {
        ...base,
        doubleChancePrizes: [
          { name: 'Poster', quantity: 1 },
          { name: 'Stand', quantity: 2 },
        ],
        reload: true,
      })
    ).json();
    const [poster] = first.prizes.filter((p: { kind: string }) => p.kind === 'double');
    const again = await put(productId, {
      ...base,
      sku: first.productSku,
      doubleChancePrizes: [
        { id: poster.id, name: 'Big poster', quantity: 1 },
        { name: 'Badge', quantity: 3 },
      ],
      reload: true,
    });
    expect(again.statusCode).toBe(200);
    const doubles = again.json().prizes.filter((p: { kind: string }) => p.kind === 'double');
    expect(
      doubles.map((p: { letter: string; name: string; initialQuantity: number }) => [
        p.letter,
        p.name,
        p.initialQuantity,
      ]),
    ).toEqual([
      ['DC1', 'Big poster', 1],
      ['DC3', 'Badge', 3],
    ]);
    const fairness = (await t.app.inject({ method: 'GET', url: `/api/fairness/${again.json().setId}` })).json();
    expect(JSON.parse(fairness.rules).doubleChance).toEqual([
      { rank: 'DC1', quantity: 1 },
      { rank: 'DC3', quantity: 3 },
    ]);
    // A rename alone keeps the committed units: a plain save, no reload needed.
    const renamed = await put(productId, {
      ...base,
      sku: again.json().productSku,
      doubleChancePrizes: doubles.map((p: { id: string; initialQuantity: number }, i: number) => ({
        id: p.id,
        name: `Renamed ${i}`,
        quantity: p.initialQuantity,
      })),
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().setId).toBe(again.json().setId);
  });
});
