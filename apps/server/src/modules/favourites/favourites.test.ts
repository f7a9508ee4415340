import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestProduct } from '../catalogue/test-helpers.ts';
import { testShopper } from '../token-shop/test-helpers.ts';

describe('favourites', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string>) =>
    t.app.inject({ method, url, headers });
  const check = async (setId: string, headers: Record<string, string>) => {
    const res = await call('GET', `/api/users/favorites/check/${setId}`, headers);
    expect(res.statusCode).toBe(200);
    return res.json().isFavorite as boolean;
  };

  it('answers 403 Please login first. when logged out, for check, add and remove', async () => {
    const { setId } = await createTestProduct(t);
    for (const [method, url] of [
      ['GET', `/api/users/favorites/check/${setId}`],
      ['POST', `/api/users/favorites/${setId}`],
      ['DELETE', `/api/users/favorites/${setId}`],
    ] as const) {
      const res = await call(method, url, {});
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Please login first.', code: 'LOGIN_REQUIRED' });
    }
  });

  it('answers 403 too when a body-less add or remove says it is JSON; a bad JSON body is still a 400', async () => {
    const { setId } = await createTestProduct(t);
    for (const method of ['POST', 'DELETE'] as const) {
      const res = await call(method, `/api/users/favorites/${setId}`, { 'content-type': 'application/json' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Please login first.', code: 'LOGIN_REQUIRED' });
    }
    const alice = await testShopper(t, 'alice');
    const added = await call('POST', `/api/users/favorites/${setId}`, {
      ...alice.headers,
      'content-type': 'application/json',
    });
    expect(added.json()).toEqual({ isFavorite: true });
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/token/use',
      headers: { ...alice.headers, 'content-type': 'application/json' },
      payload: '{"setId":',
    });
    expect(broken.statusCode).toBe(400);
  });

  it('adds, checks and removes a favourite; adding twice keeps one; each user has their own', async () => {
    const { setId, productId } = await createTestProduct(t);
    const alice = await testShopper(t, 'alice');
    const bob = await testShopper(t, 'bob');
    expect(await check(setId, alice.headers)).toBe(false);

    const added = await call('POST', `/api/users/favorites/${setId}`, alice.headers);
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({ isFavorite: true });
    expect((await call('POST', `/api/users/favorites/${setId}`, alice.headers)).statusCode).toBe(200);
    expect(await check(setId, alice.headers)).toBe(true);
    expect(await check(setId, bob.headers)).toBe(false);
    expect((await call('GET', '/api/users/favorites', alice.headers)).json()).toEqual({ productIds: [productId] });

    const removed = await call('DELETE', `/api/users/favorites/${setId}`, alice.headers);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ isFavorite: false });
    expect(await check(setId, alice.headers)).toBe(false);
    expect((await call('GET', '/api/users/favorites', alice.headers)).json()).toEqual({ productIds: [] });
  });

  it('follows the product across a Reload Set: the new round is a favourite, and removing it through the new setId works', async () => {
    const { setId: oldSetId, productId } = await createTestProduct(t);
    const alice = await testShopper(t, 'alice');
    await call('POST', `/api/users/favorites/${oldSetId}`, alice.headers);

    const { setId: newSetId } = await t.ctx.db.transaction((tx) => t.services.catalogue.reloadSet(tx, productId));
    expect(newSetId).not.toBe(oldSetId);
    expect(await check(newSetId, alice.headers)).toBe(true);
    expect(await check(oldSetId, alice.headers)).toBe(true);

    await call('DELETE', `/api/users/favorites/${newSetId}`, alice.headers);
    expect(await check(oldSetId, alice.headers)).toBe(false);
  });

  it('answers 404 Product not found for an unknown setId, 400 for a malformed one, and stores nothing', async () => {
    const alice = await testShopper(t, 'alice');
    const cases = [
      { setId: crypto.randomUUID(), status: 404, message: 'Product not found', code: 'PRODUCT_NOT_FOUND' },
      { setId: 'not-a-set', status: 400, message: 'Invalid setId', code: 'VALIDATION_FAILED' },
    ];
    for (const { setId, status, message, code } of cases) {
      for (const method of ['POST', 'DELETE'] as const) {
        const res = await call(method, `/api/users/favorites/${setId}`, alice.headers);
        expect(res.statusCode).toBe(status);
        expect(res.json()).toEqual({ message, code });
      }
      expect((await call('GET', `/api/users/favorites/check/${setId}`, alice.headers)).statusCode).toBe(status);
    }
    expect((await call('GET', '/api/users/favorites', alice.headers)).json()).toEqual({ productIds: [] });
  });
});
