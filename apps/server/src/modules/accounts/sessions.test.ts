import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { admins, users } from './tables.ts';
import { bearer, latestCode, post, signUp } from './test-helpers.ts';

const JWT_SECRET = 'sessions-secret-sessions-secret-0123456';
const LOGIN_FIRST = { message: 'Please login first.' };

/** Revocable bearer tokens (docs/accounts.md, Sessions): a password reset or a logout ends every older token. */
describe('shopper sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { JWT_SECRET, PUBLIC_URL: 'https://shop.example.sg' } });
  });
  afterAll(async () => t.close());

  const login = async (username: string, password: string) => {
    const res = await post(t, '/api/users/login', { username, password });
    expect(res.statusCode).toBe(200);
    return res.json().token as string;
  };
  const me = (token?: string) => t.app.inject({ method: 'GET', url: '/api/users/me', headers: token ? bearer(token) : {} });
  const balance = (token: string) => t.app.inject({ method: 'GET', url: '/api/token/balance', headers: bearer(token) });
  const logout = (token?: string) => t.app.inject({ method: 'GET', url: '/api/users/logout', headers: token ? bearer(token) : {} });
  const expectRefused = async (token: string) => {
    for (const res of [await me(token), await balance(token)]) {
      expect([res.statusCode, res.json()]).toEqual([403, LOGIN_FIRST]);
    }
  };
  const expectWorking = async (token: string) => {
    expect((await me(token)).statusCode).toBe(200);
    expect((await balance(token)).statusCode).toBe(200);
  };

  it('a password reset by link refuses every older token; a new login works', async () => {
    const signedUp = await signUp(t, { username: 'kate', email: 'kate@example.com', password: 'Old123!' });
    const otherDevice = await login('kate', 'Old123!');
    await expectWorking(signedUp.token);
    await expectWorking(otherDevice);

    expect((await post(t, '/api/users/forgot-password', { email: 'kate@example.com' })).statusCode).toBe(200);
    const [mail] = await t.services.mail.listOutbox({ to: 'kate@example.com', limit: 1 });
    const link = mail!.text.match(/\/reset-password\/([A-Za-z0-9_-]+)/)![1]!;
    expect((await post(t, `/api/users/reset-password/${link}`, { password: 'New123!' })).statusCode).toBe(200);

    await expectRefused(signedUp.token);
    await expectRefused(otherDevice);
    // Exactly what a made-up token answers.
    expect((await me('not-a-token')).json()).toEqual(LOGIN_FIRST);
    const fresh = await login('kate', 'New123!');
    await expectWorking(fresh);
  });

  it('a password reset by code (change-password) refuses older tokens; a failed one changes nothing', async () => {
    const { token } = await signUp(t, { username: 'liam', email: 'liam@example.com', password: 'Old123!' });
    const codeToken = async () => {
      await post(t, '/api/verification/create', { email: 'liam@example.com', process: 'forgetPassword' });
      const code = await latestCode(t, 'liam@example.com');
      return (await post(t, '/api/verification/verify', { email: 'liam@example.com', code })).json().resetToken as string;
    };

    const wrongAccount = await post(t, '/api/users/change-password', { email: 'kate@example.com', resetToken: await codeToken(), password: 'Nope123!' });
    expect(wrongAccount.statusCode).toBe(400);
    await expectWorking(token);

    const res = await post(t, '/api/users/change-password', { email: 'liam@example.com', resetToken: await codeToken(), password: 'New123!' });
    expect(res.statusCode).toBe(200);
    await expectRefused(token);
    await expectWorking(await login('liam@example.com', 'New123!'));
  });

  it('logout revokes the token and the account\'s other sessions; logging in again works', async () => {
    const { token } = await signUp(t, { username: 'mona', email: 'mona@example.com', password: 'Mona123!' });
    const otherDevice = await login('mona', 'Mona123!');
    const bystander = await signUp(t, { username: 'nico', email: 'nico@example.com' });

    const res = await logout(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Logged out successfully.' });
    await expectRefused(token);
    await expectRefused(otherDevice);
    await expectWorking(bystander.token);
    // Logging out again, or without a token, answers the same and changes nothing.
    expect((await logout(token)).json()).toEqual({ message: 'Logged out successfully.' });
    expect((await logout()).statusCode).toBe(200);
    await expectWorking(bystander.token);

    const fresh = await login('mona', 'Mona123!');
    await expectWorking(fresh);
  });

  it('refuses a correctly signed token without a version, or of an account that is gone', async () => {
    const { token } = await signUp(t, { username: 'olive', email: 'olive@example.com' });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.email, 'olive@example.com'));
    const iat = Math.floor(t.clock.now().getTime() / 1000);
    const unversioned = await new SignJWT({ username: 'olive', role: 'user' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(row!.id)
      .setIssuedAt(iat)
      .setExpirationTime(iat + 3600)
      .sign(new TextEncoder().encode(JWT_SECRET));
    await expectRefused(unversioned);

    await expectWorking(token);
    await t.ctx.db.delete(users).where(eq(users.id, row!.id));
    await expectRefused(token);
  });
});

describe('admin sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_USERNAME: 'Chief', ADMIN_PASSWORD: 'Chief123!' } });
  });
  afterAll(async () => t.close());

  const adminLogin = async () => {
    const res = await post(t, '/api/admin/login', { username: 'chief', password: 'Chief123!' });
    expect(res.statusCode).toBe(200);
    return res.json().token as string;
  };
  const guard = (token: string) =>
    t.ctx.guards.requireAdmin({ headers: { authorization: `Bearer ${token}` } } as FastifyRequest, {} as FastifyReply);
  const INVALID = { statusCode: 401, message: 'Admin authentication required' };

  it('a raised token version refuses older admin tokens exactly like an invalid token; a new login works', async () => {
    const token = await adminLogin();
    await expect(guard(token)).resolves.toBeUndefined();
    await expect(guard('not-a-token')).rejects.toMatchObject(INVALID);

    // What an operator does to end an admin's sessions (no API call in the spec does it).
    await t.ctx.db.update(admins).set({ tokenVersion: sql`${admins.tokenVersion} + 1` });
    await expect(guard(token)).rejects.toMatchObject(INVALID);
    expect(await t.ctx.tokens.verify(token)).toBeNull();

    const fresh = await adminLogin();
    await expect(guard(fresh)).resolves.toBeUndefined();
  });

  it('refuses the token of a removed admin', async () => {
    const token = await adminLogin();
    await expect(guard(token)).resolves.toBeUndefined();
    await t.ctx.db.delete(admins);
    await expect(guard(token)).rejects.toMatchObject(INVALID);
  });
});
