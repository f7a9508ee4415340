import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HOUR } from '../../core/clock.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { post, signUp } from './test-helpers.ts';

const guardCall = (t: TestApp, token?: string) =>
  t.ctx.guards.requireAdmin(
    { headers: token ? { authorization: `Bearer ${token}` } : {} } as FastifyRequest,
    {} as FastifyReply,
  );

describe('admin accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_USERNAME: 'Boss', ADMIN_PASSWORD: 'Boss123!' } });
  });
  afterAll(async () => t.close());

  it('creates the first admin from ADMIN_USERNAME/ADMIN_PASSWORD on start, and logs in to a role admin token', async () => {
    const res = await post(t, '/api/admin/login', { username: 'boss', password: 'Boss123!' });
    expect(res.statusCode).toBe(200);
    const { token, expiresAt } = res.json();
    expect(new Date(expiresAt).getTime()).toBe(t.clock.now().getTime() + 8 * HOUR);
    expect(await t.ctx.tokens.verify(token)).toMatchObject({ username: 'Boss', role: 'admin' });
    await expect(guardCall(t, token)).resolves.toBeUndefined();
  });

  it('keeps an existing admin as it is on the next start', async () => {
    expect(await t.services.accounts.ensureAdmin('BOSS', 'Other123!')).toEqual({ created: false });
    expect((await post(t, '/api/admin/login', { username: 'boss', password: 'Other123!' })).statusCode).toBe(401);
  });

  it('answers 401 for wrong credentials and 400 for missing ones', async () => {
    for (const body of [
      { username: 'boss', password: 'nope' },
      { username: 'nobody', password: 'Boss123!' },
    ]) {
      const res = await post(t, '/api/admin/login', body);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid username or password.', code: 'INVALID_LOGIN' });
    }
    const missing = await post(t, '/api/admin/login', { username: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Username is required.');
  });

  it('shopper credentials do not open the back office, and the admin guard refuses a shopper token', async () => {
    const shopper = await signUp(t, { username: 'shopper', email: 'shopper@example.com', password: 'Shop123!' });
    expect((await post(t, '/api/admin/login', { username: 'shopper', password: 'Shop123!' })).statusCode).toBe(401);
    await expect(guardCall(t, shopper.token)).rejects.toMatchObject({
      statusCode: 403,
      message: 'Admin authentication required',
    });
    await expect(guardCall(t)).rejects.toMatchObject({ statusCode: 401 });
    // And an admin token is no shopper session.
    const { token } = (await post(t, '/api/admin/login', { username: 'boss', password: 'Boss123!' })).json();
    const asShopper = await t.app.inject({
      method: 'GET',
      url: '/api/users/details/Boss',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(asShopper.statusCode).toBe(403);
  });

  it('admin tokens expire after 8 hours', async () => {
    const { token } = (await post(t, '/api/admin/login', { username: 'boss', password: 'Boss123!' })).json();
    t.clock.advance(8 * HOUR + 1000);
    await expect(guardCall(t, token)).rejects.toMatchObject({ statusCode: 401 });
  });
});

describe('demo accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: true });
  });
  afterAll(async () => t.close());

  it('seeds a demo shopper with a complete address and a demo admin', async () => {
    const shopper = await post(t, '/api/users/login', { username: 'demo@kujiya.sg', password: 'Demo123!' });
    expect(shopper.statusCode).toBe(200);
    const { token } = shopper.json();
    const address = await t.app.inject({
      method: 'GET',
      url: '/api/users/shipping-address/demo',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(address.json().complete).toBe(true);
    expect((await post(t, '/api/admin/login', { username: 'admin', password: 'Admin123!' })).statusCode).toBe(200);
  });

  it('the start log names both logins', async () => {
    const { seedDemoAccounts } = await import('../../demo/demo-accounts.ts');
    const lines = await seedDemoAccounts(t.ctx, t.services.accounts);
    expect(lines).toEqual([
      'Demo shopper: demo (or demo@kujiya.sg) / Demo123!',
      'Demo admin: admin / Admin123! at /admin/login',
    ]);
  });
});
