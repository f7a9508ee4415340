import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProductListing } from '@kujiya/shared';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { fundedShopper, useTokens } from '../orders/test-helpers.ts';
import { createTestProduct } from './test-helpers.ts';
import { MINUTE, TestClock } from '../../core/clock.ts';
import { NEW_PRODUCT_WINDOW_MS } from './service.ts';
import {
  LISTING_ALONE_MAX_AGE_MS,
  LISTING_MAX_AGE_MS,
  createListingCache,
  createListingChanges,
} from './listing-cache.ts';

/** The catalogue listing's per-instance cache (docs/rules/catalogue.md): same bytes until a change commits. */
describe('catalogue listing cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const list = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/ichiban-kuji-products', headers });
  const quantityOf = (body: string, setId: string) =>
    (JSON.parse(body) as ProductListing).all.find((p) => p.setId === setId)?.quantity;

  it('answers an ETag, and 304 without a body when it still matches', async () => {
    await createTestProduct(t);
    const first = await list();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await list({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await list({ 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('shows a purchase, a new product and a deactivation at once (dropped at commit)', async () => {
    const { setId, productId } = await createTestProduct(t);
    const before = await list();
    expect(quantityOf(before.body, setId)).toBe('10/10');
    const buyer = await fundedShopper(t, 'cachebuyer', 100);
    expect((await useTokens(t, buyer, { setId, ticketsBought: 3 })).statusCode).toBe(200);
    const after = await list();
    expect(quantityOf(after.body, setId)).toBe('7/10');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((await list({ 'if-none-match': before.headers.etag as string })).statusCode).toBe(200);

    await t.services.catalogue.setActive(productId, false);
    expect(quantityOf((await list()).body, setId)).toBeUndefined();
  });

  it('rebuilds a body older than the staleness bound (changes made elsewhere): 1 s on a shared database, 60 s alone on PGlite', async () => {
    const { setId } = await createTestProduct(t);
    expect(quantityOf((await list()).body, setId)).toBe('10/10');
    // A change this instance is not told about (as from another instance without Redis, or by hand).
    await t.ctx.db.execute(`update set_rounds set next_nonce = 4 where id = '${setId}'` as never);
    expect(quantityOf((await list()).body, setId)).toBe('10/10');
    const bound = t.ctx.database.kind === 'pglite' ? LISTING_ALONE_MAX_AGE_MS : LISTING_MAX_AGE_MS;
    t.clock.advance(bound - 1);
    expect(quantityOf((await list()).body, setId)).toBe('10/10');
    t.clock.advance(1);
    expect(quantityOf((await list()).body, setId)).toBe('6/10');
  });

  it('changes by time alone exactly when due: a reservation lapsing, a hold counting down, a set ceasing to be new', async () => {
    const openedAt = t.clock.now();
    const { setId } = await createTestProduct(t);
    const reservedUntil = new Date(t.clock.now().getTime() + 10 * MINUTE + 300);
    await t.ctx.db.transaction((tx) =>
      t.services.stock.reserve(tx, {
        roundId: setId,
        orderId: null,
        userId: crypto.randomUUID(),
        quantity: 4,
        expiresAt: reservedUntil,
      }),
    );
    expect(quantityOf((await list()).body, setId)).toBe('6/10');
    t.clock.set(new Date(reservedUntil.getTime() - 1));
    expect(quantityOf((await list()).body, setId)).toBe('6/10');
    t.clock.set(reservedUntil);
    expect(quantityOf((await list()).body, setId)).toBe('10/10');

    // A buy-out hold of 2.5 s: the listing shows 3, then 2 from 0.5 s on, then 1, then none.
    const holdOf = (body: string) =>
      (JSON.parse(body) as ProductListing).all.find((p) => p.setId === setId)?.holdTimeLeft;
    const holdStart = t.clock.now().getTime();
    await t.ctx.db.transaction((tx) =>
      t.services.catalogue.setHold(tx, setId, new Date(holdStart + 2_500), crypto.randomUUID()),
    );
    const seen: number[] = [];
    for (const offset of [0, 499, 500, 1_499, 1_500, 2_499, 2_500]) {
      t.clock.set(new Date(holdStart + offset));
      seen.push(holdOf((await list()).body)!);
    }
    expect(seen).toEqual([3, 3, 2, 2, 1, 1, 0]);

    const isNew = async () =>
      (JSON.parse((await list()).body) as ProductListing).newProducts.some((p) => p.setId === setId);
    t.clock.set(new Date(openedAt.getTime() + NEW_PRODUCT_WINDOW_MS - 1));
    expect(await isNew()).toBe(true);
    t.clock.set(new Date(openedAt.getTime() + NEW_PRODUCT_WINDOW_MS));
    expect(await isNew()).toBe(false);
  });
});

describe('catalogue listing compression', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    for (let i = 0; i < 3; i++) await createTestProduct(t);
  });
  afterAll(async () => t.close());

  it('sends the same bytes brotli- or gzip-compressed as the client accepts', async () => {
    const plain = await t.app.inject({
      method: 'GET',
      url: '/api/ichiban-kuji-products',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await t.app.inject({
      method: 'GET',
      url: '/api/ichiban-kuji-products',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await t.app.inject({
      method: 'GET',
      url: '/api/ichiban-kuji-products',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(new Set([plain.headers.etag, br.headers.etag, gzip.headers.etag]).size).toBe(3);
  });
});

describe('catalogue listing rebuilds', () => {
  it('keeps an unchanged body, its ETag and its compressed bytes, and checks only bodies that changed', async () => {
    const clock = new TestClock(new Date('2026-11-23T00:00:00Z'));
    let listing: unknown = { all: [{ quantity: '10/10' }] };
    const check = vi.fn();
    const changes = createListingChanges({ log: console as never });
    const cache = createListingCache({
      build: async () => ({ listing, changesAt: null }),
      check,
      changes,
      clock,
      alone: false,
    });
    const first = await cache.get();
    const firstBrotli = first.encoded('br');
    clock.advance(LISTING_MAX_AGE_MS);
    const same = await cache.get();
    expect(same.etag).toBe(first.etag);
    expect(same.encoded('br')).toBe(firstBrotli);
    expect(check).toHaveBeenCalledTimes(1);

    listing = { all: [{ quantity: '9/10' }] };
    clock.advance(LISTING_MAX_AGE_MS);
    const changed = await cache.get();
    expect(changed.etag).not.toBe(first.etag);
    expect(zlib.brotliDecompressSync(changed.encoded('br')).toString()).toBe(JSON.stringify(listing));
    expect(check).toHaveBeenCalledTimes(2);

    // A body the check refuses is not served (the route answers 500), and the next rebuild checks again.
    check.mockImplementationOnce(() => {
      throw new Error('does not match its schema');
    });
    listing = { all: [] };
    changes.invalidate();
    await expect(cache.get()).rejects.toThrow('does not match its schema');
    expect((await cache.get()).body).toBe(JSON.stringify(listing));
    expect(check).toHaveBeenCalledTimes(4);
    changes.close();
  });
});
