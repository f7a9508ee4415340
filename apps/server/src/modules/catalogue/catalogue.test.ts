import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { productListingSchema, prizeListSchema, type Product } from '@kujiya/shared';
import { MINUTE, DAY, TestClock } from '../../core/clock.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createChallengeTestProduct, createTestProduct } from './test-helpers.ts';

async function listing(t: TestApp) {
  const res = await t.app.inject({ method: 'GET', url: '/api/ichiban-kuji-products' });
  expect(res.statusCode).toBe(200);
  return productListingSchema.parse(res.json());
}
const find = (list: Product[], productId: string) => list.find((p) => p.productId === productId);

describe('catalogue API', () => {
  let t: TestApp;
  const clock = new TestClock('2026-11-21T04:00:00.000Z');
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(async () => t.close());

  it('lists an active product with every spec field', async () => {
    const promotionId = await t.services.catalogue.createPromotion(t.ctx.db, {
      type: 'BUY_X_GET_Y_FREE',
      description: 'Buy 3 get 1',
      requiredQuantity: 3,
      freeQuantity: 1,
    });
    const created = await createTestProduct(t, {
      name: 'Field Check',
      tags: ['Moonlit Academy', 'Figures'],
      preorder: true,
      arrival: 'Estimated arrival: March 2027',
      doubleChance: false,
      promotionId,
    });
    const body = await listing(t);
    const product = find(body.all, created.productId)!;
    expect(product).toEqual({
      setId: created.setId,
      productId: created.productId,
      name: 'Field Check',
      description: '',
      image: created.image,
      token: 12,
      price: 12.5,
      quantity: '10/10',
      tags: ['Moonlit Academy', 'Figures'],
      preorder: true,
      arrival: 'Estimated arrival: March 2027',
      doubleChance: false,
      lottery: { enabled: false },
      promotion: { type: 'BUY_X_GET_Y_FREE', details: { requiredQuantity: 3, freeQuantity: 1 } },
      commitment: expect.stringMatching(/^[0-9a-f]{64}$/),
      rulesHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      holdTimeLeft: 0,
      salesStartAt: null,
      maxTicketsPerShopper: null,
      maxTicketsPerOrder: null,
      orderCooldownSeconds: null,
      createdAt: '2026-11-21T04:00:00.000Z',
    });
    expect(find(body.newProducts, created.productId)).toBeDefined();
    expect(find(body.promotions, created.productId)).toBeDefined();
    expect(find(body.chance, created.productId)).toBeUndefined();
    // The image named in the listing is served.
    const image = await t.app.inject({ method: 'GET', url: `/api/images/${product.image}` });
    expect(image.statusCode).toBe(200);
  });

  it('puts lottery sets in chance, challenge sets in promotions, hides inactive ones', async () => {
    const lottery = await createTestProduct(t, { lotteryEnabled: true });
    const challenge = await createChallengeTestProduct(t);
    const hidden = await createTestProduct(t, { active: false });
    const body = await listing(t);
    expect(find(body.chance, lottery.productId)?.lottery).toEqual({ enabled: true });
    expect(find(body.promotions, challenge.productId)?.promotion).toEqual({
      type: 'CHALLENGE',
      details: { minimumQuantity: 3, challengeAlphabet: 'A' },
    });
    expect(find(body.promotions, lottery.productId)).toBeUndefined();
    expect(find(body.all, hidden.productId)).toBeUndefined();
    expect(body.all.every((p) => p.preorder || p.arrival === null)).toBe(true);
  });

  it('keeps a product new for 30 days after its round opened', async () => {
    const old = await createTestProduct(t);
    clock.advance(31 * DAY);
    const fresh = await createTestProduct(t);
    const body = await listing(t);
    expect(find(body.newProducts, old.productId)).toBeUndefined();
    expect(find(body.all, old.productId)).toBeDefined();
    expect(body.newProducts[0]!.productId).toBe(fresh.productId);
    // A reload opens a new round: the set is new again.
    clock.advance(MINUTE);
    await t.ctx.db.transaction((tx) => t.services.catalogue.reloadSet(tx, old.productId));
    const after = await listing(t);
    expect(after.newProducts[0]!.productId).toBe(old.productId);
  });

  it('excludes tickets of an unexpired reservation and frees them after expiry', async () => {
    const { productId, setId } = await createTestProduct(t);
    await t.ctx.db.transaction((tx) =>
      t.services.stock.reserve(tx, {
        roundId: setId,
        orderId: null,
        userId: '00000000-0000-4000-8000-000000000001',
        quantity: 4,
        expiresAt: new Date(clock.now().getTime() + 10 * MINUTE),
      }),
    );
    expect(find((await listing(t)).all, productId)!.quantity).toBe('6/10');
    clock.advance(10 * MINUTE - 1000);
    expect(find((await listing(t)).all, productId)!.quantity).toBe('6/10');
    clock.advance(1000);
    expect(find((await listing(t)).all, productId)!.quantity).toBe('10/10');
  });

  it('shows tickets taken and a sold-out set as 0/N, last in all', async () => {
    const { productId, setId } = await createTestProduct(t);
    await t.ctx.db.transaction((tx) =>
      t.services.stock.takeTickets(tx, { roundId: setId, count: 3, clientSeed: 'seed', orderId: null }),
    );
    expect(find((await listing(t)).all, productId)!.quantity).toBe('7/10');
    await t.ctx.db.transaction((tx) =>
      t.services.stock.takeTickets(tx, { roundId: setId, count: 7, clientSeed: 'seed', orderId: null }),
    );
    const body = await listing(t);
    expect(find(body.all, productId)!.quantity).toBe('0/10');
    expect(body.all.at(-1)!.quantity).toMatch(/^0\//);
    const firstSoldOut = body.all.findIndex((p) => p.quantity.startsWith('0/'));
    expect(body.all.slice(firstSoldOut).every((p) => p.quantity.startsWith('0/'))).toBe(true);
  });

  it('lists prizes in order with remaining/initial counts', async () => {
    const image = await t.services.media.putImage(t.ctx.db, Buffer.from('<svg/>'), 'image/svg+xml');
    const { productId, setId } = await createTestProduct(t, {
      doubleChance: true,
      prizes: [
        { kind: 'letter', letter: 'B', description: 'Plush', image, type: 'Small', quantity: 3 },
        { kind: 'last', description: 'Last figure', image, type: 'Big' },
        { kind: 'double', description: 'Signed poster', image, type: 'Big', quantity: 1 },
        { kind: 'letter', letter: 'A', description: 'Big figure', image, type: 'Big', quantity: 2 },
      ],
    });
    const res = await t.app.inject({ method: 'GET', url: `/api/prizes/${setId}/${productId}` });
    expect(res.statusCode).toBe(200);
    const prizes = prizeListSchema.parse(res.json());
    expect(prizes.map((p) => [p.name, p.rank, p.quantity, p.type, p.doubleChance])).toEqual([
      ['Prize A', 'A', '2/2', 'Big', false],
      ['Prize B', 'B', '3/3', 'Small', false],
      ['Double Chance 1', 'DC1', '1/1', 'Big', true],
      ['Last Prize', 'LAST', '1/1', 'Big', false],
    ]);
    expect(prizes[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Prize A',
      rank: 'A',
      image,
      description: 'Big figure',
      quantity: '2/2',
      type: 'Big',
      doubleChance: false,
    });

    const taken = await t.ctx.db.transaction((tx) =>
      t.services.stock.takeTickets(tx, { roundId: setId, count: 5, clientSeed: 'all', orderId: null }),
    );
    expect(taken.finalTicket).toBe(true);
    expect(taken.lastPrize).toBe(true);
    const after = prizeListSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/prizes/${setId}/${productId}` })).json(),
    );
    expect(after.map((p) => p.quantity)).toEqual(['0/2', '0/3', '1/1', '0/1']);
  });

  it('answers 404 Product not found for unknown or mismatched ids, 400 for malformed ids', async () => {
    const a = await createTestProduct(t);
    const b = await createTestProduct(t);
    const unknown = '11111111-1111-4111-8111-111111111111';
    for (const url of [
      `/api/prizes/${unknown}/${a.productId}`,
      `/api/prizes/${a.setId}/${unknown}`,
      `/api/prizes/${a.setId}/${b.productId}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'Product not found', code: 'PRODUCT_NOT_FOUND' });
    }
    const badSet = await t.app.inject({ method: 'GET', url: `/api/prizes/not-a-uuid/${a.productId}` });
    expect(badSet.statusCode).toBe(400);
    expect(badSet.json()).toEqual({ message: 'Invalid setId', code: 'VALIDATION_FAILED' });
    const badProduct = await t.app.inject({ method: 'GET', url: `/api/prizes/${a.setId}/123` });
    expect(badProduct.statusCode).toBe(400);
    expect(badProduct.json()).toEqual({ message: 'Invalid productId', code: 'VALIDATION_FAILED' });
  });

  it('commits to the seed with sha256 and never shows the seed before sell-out', async () => {
    const { productId, setId } = await createTestProduct(t);
    const round = (await t.services.catalogue.findRound(t.ctx.db, setId))!;
    expect(round.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(round.commitment).toBe(bytesToHex(sha256(hexToBytes(round.serverSeed))));
    const listRes = await t.app.inject({ method: 'GET', url: '/api/ichiban-kuji-products' });
    const prizeRes = await t.app.inject({ method: 'GET', url: `/api/prizes/${setId}/${productId}` });
    expect(listRes.body).toContain(round.commitment);
    expect(listRes.body).not.toContain(round.serverSeed);
    expect(prizeRes.body).not.toContain(round.serverSeed);
    expect((await t.services.catalogue.publicRound(t.ctx.db, setId)).serverSeed).toBeNull();
  });

  it('reloads a set: new round, SKU + 1, full counts, new seed, old seed revealed', async () => {
    const { productId, setId } = await createTestProduct(t, { sku: 'RELOAD-009' });
    await t.ctx.db.transaction((tx) =>
      t.services.stock.takeTickets(tx, { roundId: setId, count: 4, clientSeed: 'x', orderId: null }),
    );
    const before = (await t.services.catalogue.findRound(t.ctx.db, setId))!;
    const reloaded = await t.ctx.db.transaction((tx) => t.services.catalogue.reloadSet(tx, productId));
    expect(reloaded.sku).toBe('RELOAD-010');
    expect(reloaded.setId).not.toBe(setId);
    const product = find((await listing(t)).all, productId)!;
    expect(product.setId).toBe(reloaded.setId);
    expect(product.quantity).toBe('10/10');
    expect(product.commitment).not.toBe(before.commitment);
    const old = await t.services.catalogue.publicRound(t.ctx.db, setId);
    expect(old.status).toBe('closed');
    expect(old.serverSeed).toBe(before.serverSeed);
    const prizes = prizeListSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/prizes/${reloaded.setId}/${productId}` })).json(),
    );
    expect(prizes.map((p) => p.quantity)).toEqual(['2/2', '3/3', '5/5', '1/1']);
  });

  it('rejects an invalid product', async () => {
    await expect(createTestProduct(t, { prizes: [{ kind: 'last', description: 'x', image: 'y' }] })).rejects.toThrow(
      'A set needs at least one letter prize',
    );
    await expect(createTestProduct(t, { preorder: true, arrival: null })).rejects.toThrow(
      'A pre-order needs an arrival',
    );
  });
});
