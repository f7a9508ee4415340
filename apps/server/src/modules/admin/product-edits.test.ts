import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPublicFairnessVerdict } from '@kujiya/shared';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestProduct } from '../catalogue/test-helpers.ts';
import { fundedShopper, useTokens } from '../orders/test-helpers.ts';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="12" height="12"><circle r="6" cx="6" cy="6"/></svg>';

type Prize = {
  id: string;
  letter: string;
  name: string;
  description: string;
  image: string;
  initialQuantity: number;
  remainingQuantity: number;
};

/**
 * PUT /api/admin/products/{id} as the shop's client sends it (docs/rules/back-office.md): Reload Set
 * from the editable payload, partial edits of what a shop changes after creation, and the lottery's
 * orders on the product page.
 */
describe('product edits through PUT /api/admin/products/{id}', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'Boss123!' } });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'boss', password: 'Boss123!' },
    });
    headers = { authorization: `Bearer ${login.json().token}` };
  });
  afterAll(async () => t.close());

  const detailOf = async (productId: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/admin/products/${productId}`, headers })).json();
  const put = (productId: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/admin/products/${productId}`, headers, payload });
  const fairnessOf = async (setId: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/fairness/${setId}` })).json();
  const prizeOf = (detail: { prizes: Prize[] }, letter: string) => detail.prizes.find((p) => p.letter === letter)!;

  /** The client's Reload Set: the loaded payload with SKU suffix + 1, sold 0, active, no promotion, lottery reset, initial counts. */
  const specReloadPayload = (
    detail: { productSku: string; productQuantity: number; arrival: string | null; doubleChance: boolean },
    nextSku: string,
    prizesQuantities: unknown,
  ) => ({
    sku: nextSku,
    quantity: detail.productQuantity,
    sold: 0,
    status: 'active',
    arrival: detail.arrival,
    doubleChance: detail.doubleChance,
    promotionId: null,
    lottery: { enabled: false, completed: false, totalTickets: 0, ticketsLeft: 0, orders: [] },
    prizesQuantities,
  });

  it("takes the shop client's Reload Set payload (prizesQuantities as a list, then as an object): old round closed and revealed, a new committed round", async () => {
    const { productId, setId } = await createTestProduct(t, { sku: 'SPEC-001' });
    const buyer = await fundedShopper(t, 'spec_reloader', 500);
    expect((await useTokens(t, buyer, { setId, ticketsBought: 3 })).statusCode).toBe(200);
    const before = await detailOf(productId);
    expect(before.sold).toBe(3);
    const asList = before.prizes.map((p: Prize, i: number) =>
      i % 2 === 0 ? { _id: p.id, quantity: p.initialQuantity } : { name: p.name, quantity: p.initialQuantity },
    );
    const res = await put(productId, specReloadPayload(before, 'SPEC-002', asList));
    expect([res.statusCode, res.json().message]).toEqual([200, undefined]);
    const after = res.json();
    expect(after).toMatchObject({
      productSku: 'SPEC-002',
      sold: 0,
      active: true,
      promotion: null,
      roundNumber: 2,
      roundStatus: 'open',
      productQuantity: 10,
      totalSold: 3,
    });
    expect(after.setId).not.toBe(setId);
    expect(after.commitment).not.toBe(before.commitment);
    expect(after.prizes.every((p: Prize) => p.remainingQuantity === p.initialQuantity)).toBe(true);
    // The closed round's seed is out and its log verifies, as after the reload route.
    const old = await fairnessOf(setId);
    expect(old.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(buildPublicFairnessVerdict(old).ok).toBe(true);
    expect((await fairnessOf(after.setId)).serverSeed).toBeNull();

    // Object keyed by prize (name, letter or id), with a new count for the next round.
    const keyed = { 'Prize A': 4, B: 3, [prizeOf(after, 'C').id]: 5, 'Last Prize': 1 };
    const again = await put(productId, specReloadPayload(after, 'SPEC-003', keyed));
    expect([again.statusCode, again.json().message]).toEqual([200, undefined]);
    expect(again.json()).toMatchObject({ productSku: 'SPEC-003', roundNumber: 3, productQuantity: 12 });
    expect(prizeOf(again.json(), 'A')).toMatchObject({ initialQuantity: 4, remainingQuantity: 4 });
    expect((await fairnessOf(again.json().setId)).rules).toContain(
      '"box":["A","A","A","A","B","B","B","C","C","C","C","C"]',
    );
    const audit = (
      await t.app.inject({ method: 'GET', url: `/api/admin/audit?entityType=product&entityId=${productId}`, headers })
    ).json();
    expect(audit.entries.map((e: { action: string }) => e.action)).toEqual([
      'product.update+reload',
      'product.update+reload',
    ]);
  });

  it('still refuses a box change without a reload, an unknown prize, and a wrong total, changing nothing', async () => {
    const { productId } = await createTestProduct(t, { sku: 'GUARD-001' });
    const detail = await detailOf(productId);
    const boxChange = await put(productId, { prizesQuantities: [{ name: 'Prize A', quantity: 7 }] });
    expect(boxChange.statusCode).toBe(409);
    const unknown = await put(productId, specReloadPayload(detail, 'GUARD-002', [{ name: 'Prize Z', quantity: 1 }]));
    expect([unknown.statusCode, unknown.json().message]).toEqual([400, 'Prize not found: Prize Z']);
    const total = await put(productId, { ...specReloadPayload(detail, 'GUARD-002', { A: 3 }), quantity: 99 });
    expect([total.statusCode, total.json().message]).toEqual([400, "Quantity must equal the prizes' total (11)"]);
    const badShape = await put(productId, { prizesQuantities: 'A=3' });
    expect(badShape.statusCode).toBe(400);
    expect(await detailOf(productId)).toMatchObject({
      productSku: 'GUARD-001',
      roundNumber: 1,
      commitment: detail.commitment,
    });
  });

  it('edits name, description, tags, dollar and token prices partially, audited; the committed rules stay; new prices apply to tickets sold after', async () => {
    const { productId, setId } = await createTestProduct(t, {
      sku: 'EDIT-001',
      name: 'Before Name',
      tokenPrice: 12,
      priceCents: 1250,
    });
    const buyer = await fundedShopper(t, 'price_buyer', 100);
    expect((await useTokens(t, buyer, { setId, ticketsBought: 1 })).statusCode).toBe(200);
    // A card buyer mid-payment keeps the price their intent was made with.
    const card = await t.app.inject({
      method: 'POST',
      url: '/api/payment/kuji/create-intent',
      headers: buyer.headers,
      payload: { username: 'price_buyer', setId, ticketsBought: 2 },
    });
    const rulesBefore = (await fairnessOf(setId)).rules;

    const res = await put(productId, {
      productName: 'After Name',
      description: 'Figures of the summer set.',
      tags: ['Anime', 'Summer'],
      price: 15.5,
      token: 15,
    });
    expect([res.statusCode, res.json().message]).toEqual([200, undefined]);
    expect(res.json()).toMatchObject({
      productName: 'After Name',
      description: 'Figures of the summer set.',
      tags: ['Anime', 'Summer'],
      price: 15.5,
      token: 15,
      productSku: 'EDIT-001',
      active: true,
      roundNumber: 1,
    });
    const listed = (await t.app.inject({ method: 'GET', url: '/api/ichiban-kuji-products' }))
      .json()
      .all.find((p: { productId: string }) => p.productId === productId);
    expect(listed).toMatchObject({
      name: 'After Name',
      description: 'Figures of the summer set.',
      price: 15.5,
      token: 15,
      tags: ['Anime', 'Summer'],
    });
    expect((await fairnessOf(setId)).rules).toBe(rulesBefore);

    // The held card payment keeps its amount; the next token ticket costs the new price.
    const held = (await t.services.orders.findOrder(card.json().orderId))!;
    expect((await t.services.payments.getIntent(t.ctx.db, held.paymentIntentId))?.amount).toBe(2 * 1250);
    expect((await useTokens(t, buyer, { setId, ticketsBought: 1 })).statusCode).toBe(200);
    const orders = (await t.services.orders.ordersOfRound(setId))
      .filter((o) => o.paymentMethod === 'token')
      .map((o) => o.totalCost)
      .sort();
    expect(orders).toEqual([12, 15]);

    // A partial payload changes only what it carries.
    const partial = await put(productId, { status: 'inactive' });
    expect(partial.json()).toMatchObject({
      active: false,
      productName: 'After Name',
      price: 15.5,
      token: 15,
      productSku: 'EDIT-001',
    });
    for (const [payload, message] of [
      [{ price: 0 }, 'Price must be more than 0'],
      [{ price: 12.345 }, 'Price has at most 2 decimals'],
      [{ token: 1.5 }, 'Token value must be a whole number'],
      [{ productName: '  ' }, 'Product name is required'],
      [{ tags: [] }, 'Tags are required'],
    ] as const) {
      const refused = await put(productId, payload);
      expect([refused.statusCode, refused.json().message]).toEqual([400, message]);
    }
    const audit = (
      await t.app.inject({ method: 'GET', url: `/api/admin/audit?entityType=product&entityId=${productId}`, headers })
    ).json();
    expect(audit.entries.map((e: { action: string }) => e.action)).toEqual(['product.update', 'product.update']);
    expect(audit.entries[0].before).toMatchObject({ productName: 'Before Name', price: 12.5, token: 12 });
    expect(audit.entries[0].after).toMatchObject({ productName: 'After Name', price: 15.5, token: 15 });
  });

  it("replaces the product image and a prize's description and image with an uploaded image", async () => {
    const { productId, setId } = await createTestProduct(t, { sku: 'ART-001' });
    const form = new FormData();
    form.append('image', new Blob([SVG], { type: 'image/svg+xml' }), 'new.svg');
    const request = new Request('http://x/', { method: 'POST', body: form });
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/admin/images',
      headers: { ...headers, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(upload.statusCode).toBe(200);
    const { image } = upload.json();
    const before = await detailOf(productId);
    const prizeA = prizeOf(before, 'A');
    const res = await put(productId, {
      productImage: image,
      prizes: [{ id: prizeA.id, description: 'Signed figure', image }],
    });
    expect([res.statusCode, res.json().message]).toEqual([200, undefined]);
    expect(res.json().productImage).toBe(image);
    expect(prizeOf(res.json(), 'A')).toMatchObject({
      description: 'Signed figure',
      image,
      initialQuantity: prizeA.initialQuantity,
    });
    const shopPrizes = (await t.app.inject({ method: 'GET', url: `/api/prizes/${setId}/${productId}` })).json();
    expect(shopPrizes.find((p: { rank: string }) => p.rank === 'A')).toMatchObject({
      description: 'Signed figure',
      image,
    });
    const notStored = await put(productId, { productImage: `${'0'.repeat(32)}.png` });
    expect([notStored.statusCode, notStored.json().message]).toEqual([400, 'Image not found: upload it first']);
    const otherPrize = await put(productId, {
      prizes: [{ id: '00000000-0000-4000-8000-000000000000', description: 'x' }],
    });
    expect([otherPrize.statusCode, otherPrize.json().message]).toEqual([400, 'Prize not found']);
  });

  it('lists each lottery order of the round with its buyer and result', async () => {
    const { productId, setId } = await createTestProduct(t, { lotteryEnabled: true, sku: 'LOT-001' });
    const [ann, ben] = await Promise.all(['lot_ann', 'lot_ben'].map((name) => fundedShopper(t, name, 500)));
    expect((await useTokens(t, ann!, { setId, ticketsBought: 3 })).statusCode).toBe(200);
    const waiting = (await detailOf(productId)).lottery.orders;
    expect(waiting).toEqual([
      {
        orderId: expect.any(String),
        username: 'lot_ann',
        selectedPrizes: [],
        numberOfTickets: 3,
        paidAt: expect.any(String),
        lotteryWon: null,
      },
    ]);
    expect((await useTokens(t, ben!, { setId, ticketsBought: 7 })).statusCode).toBe(200);
    const drawn = (await detailOf(productId)).lottery.orders as {
      username: string;
      numberOfTickets: number;
      lotteryWon: boolean | null;
      selectedPrizes: string[];
    }[];
    expect(drawn.map((o) => [o.username, o.numberOfTickets])).toEqual([
      ['lot_ann', 3],
      ['lot_ben', 7],
    ]);
    for (const order of drawn) {
      expect(order.lotteryWon).toBe(order.selectedPrizes.some((p) => p !== 'LAST'));
    }
    expect(drawn.flatMap((o) => o.selectedPrizes).filter((p) => p !== 'LAST')).toHaveLength(10);
  });
});
