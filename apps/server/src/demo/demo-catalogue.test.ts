import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildPublicFairnessVerdict,
  maskBuyerName,
  parseTicketCount,
  prizeListSchema,
  productListingSchema,
  type Prize,
  type ProductListing,
} from '@kujiya/shared';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { seedCatalogueDemo } from './demo-catalogue.ts';
import { DEMO_SETS } from './catalogue-data.ts';
import { artworkOf } from './art/demo-art.ts';
import { DEMO_BUYERS } from './demo-buyers.ts';

describe('demo catalogue', () => {
  let t: TestApp;
  let listing: ProductListing;
  const prizesOf = new Map<string, Prize[]>();

  beforeAll(async () => {
    t = await createTestApp();
    expect(await t.services.catalogue.isEmpty()).toBe(true);
    await seedCatalogueDemo(t.ctx, t.services);
    listing = productListingSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/ichiban-kuji-products' })).json(),
    );
    for (const product of listing.all) {
      const res = await t.app.inject({ method: 'GET', url: `/api/prizes/${product.setId}/${product.productId}` });
      prizesOf.set(product.productId, prizeListSchema.parse(res.json()));
    }
  });
  afterAll(async () => t.close());

  it('has at least 10 sets across at least 4 anime', async () => {
    expect(await t.services.catalogue.isEmpty()).toBe(false);
    expect(listing.all.length).toBeGreaterThanOrEqual(10);
    expect(new Set(listing.all.map((p) => p.tags[0])).size).toBeGreaterThanOrEqual(4);
  });

  it('has every kind of listing', () => {
    const { all } = listing;
    expect(all.some((p) => p.preorder && /^Estimated arrival: \w+ \d{4}$/.test(p.arrival ?? ''))).toBe(true);
    expect(all.some((p) => !p.preorder && p.arrival === null)).toBe(true);
    expect(listing.promotions.some((p) => p.promotion?.type === 'BUY_X_GET_Y_FREE')).toBe(true);
    expect(listing.promotions.some((p) => p.promotion?.type === 'CHALLENGE')).toBe(true);
    expect(listing.chance.length).toBeGreaterThanOrEqual(1);
    expect(listing.newProducts.length).toBeGreaterThan(0);
    expect(listing.newProducts.length).toBeLessThan(all.length);
    const double = all.filter((p) => p.doubleChance);
    expect(double.length).toBeGreaterThanOrEqual(1);
    for (const product of double) expect(prizesOf.get(product.productId)!.some((p) => p.doubleChance)).toBe(true);
    const counts = all.map((p) => parseTicketCount(p.quantity));
    expect(counts.some((c) => c.left > 0 && c.left <= 3)).toBe(true);
    expect(counts.some((c) => c.left === 0 && c.total > 0)).toBe(true);
  });

  it('shows a sold-out set as 0/N with its prizes gone and its seed revealed', async () => {
    const soldOut = listing.all.find((p) => p.quantity.startsWith('0/'))!;
    const prizes = prizesOf.get(soldOut.productId)!;
    for (const prize of prizes.filter((p) => !p.doubleChance)) expect(prize.quantity).toMatch(/^0\/\d+$/);
    const round = await t.services.catalogue.publicRound(t.ctx.db, soldOut.setId);
    expect(round.status).toBe('sold_out');
    expect(round.serverSeed).toMatch(/^[0-9a-f]{64}$/);
  });

  it('sold every demo ticket through the purchase engine, by demo buyers who paid in tokens', async () => {
    let soldSets = 0;
    for (const product of listing.all) {
      const { total, left } = parseTicketCount(product.quantity);
      const orders = await t.services.orders.ordersOfRound(product.setId);
      const log = await t.services.stock.drawLog(t.ctx.db, product.setId);
      expect(log).toHaveLength(total - left);
      if (log.length === 0) continue;
      soldSets += 1;
      const byId = new Map(orders.map((o) => [o.id, o]));
      expect(log.every((e) => e.orderId !== null && byId.get(e.orderId)?.status === 'paid')).toBe(true);
      expect(orders.reduce((n, o) => n + o.numberOfTickets, 0)).toBe(log.length);
      for (const order of orders) {
        expect(DEMO_BUYERS).toContain(order.username);
        expect(order).toMatchObject({ paymentMethod: 'token', totalCost: order.paidTickets * product.token });
      }
      // The public log names the buyers masked.
      const fairness = (await t.app.inject({ method: 'GET', url: `/api/fairness/${product.setId}` })).json();
      for (const entry of fairness.log)
        expect(entry.buyer).toBe(maskBuyerName(byId.get(log[entry.nonce].orderId!)!.username));
    }
    expect(soldSets).toBeGreaterThanOrEqual(5);
    for (const username of DEMO_BUYERS) {
      const buyer = (await t.services.accounts.findAccount(username))!;
      expect(await t.services.wallet.ledgerBalance(buyer.id)).toBe(await t.services.wallet.balance(t.ctx.db, buyer.id));
    }
  });

  it('the sold-out set ends with the Last Prize and its public log verifies', async () => {
    const soldOut = listing.all.find((p) => p.quantity.startsWith('0/'))!;
    const orders = await t.services.orders.ordersOfRound(soldOut.setId);
    expect(orders.filter((o) => o.selectedPrizes.includes('LAST'))).toHaveLength(1);
    const fairness = (await t.app.inject({ method: 'GET', url: `/api/fairness/${soldOut.setId}` })).json();
    const verdict = buildPublicFairnessVerdict(fairness);
    expect(verdict.firstMismatch).toBeUndefined();
    expect(verdict).toMatchObject({ revealed: true, ok: true });
  });

  it('gives every set 4 to 8 letter prizes and a Last Prize, Small and Big, sensible prices', () => {
    for (const product of listing.all) {
      const prizes = prizesOf.get(product.productId)!;
      const letters = prizes.filter((p) => /^[A-H]$/.test(p.rank));
      expect(letters.length).toBeGreaterThanOrEqual(4);
      expect(letters.length).toBeLessThanOrEqual(8);
      expect(letters.map((p) => p.name)).toEqual(letters.map((p) => `Prize ${p.rank}`));
      expect(prizes.at(-1)).toMatchObject({ name: 'Last Prize', rank: 'LAST' });
      expect(new Set(prizes.map((p) => p.type))).toEqual(new Set(['Small', 'Big']));
      expect(product.token).toBeGreaterThanOrEqual(10);
      expect(product.token).toBeLessThanOrEqual(30);
      expect(product.price).toBeGreaterThanOrEqual(8);
      expect(product.price).toBeLessThanOrEqual(25);
      const total = letters.reduce((sum, p) => sum + parseTicketCount(p.quantity).total, 0);
      expect(parseTicketCount(product.quantity).total).toBe(total);
    }
  });

  it('serves every product and prize image as a cacheable SVG', async () => {
    const names = new Set([...listing.all.map((p) => p.image), ...[...prizesOf.values()].flat().map((p) => p.image)]);
    for (const name of names) {
      const res = await t.app.inject({ method: 'GET', url: `/api/images/${name}` });
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.body.startsWith('<svg')).toBe(true);
    }
  });

  it('draws the same artwork every time', () => {
    for (const set of DEMO_SETS.slice(0, 3)) expect(artworkOf(set)).toEqual(artworkOf(set));
  });
});
