import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { SignJWT, decodeJwt } from 'jose';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { DAY, MINUTE } from '../../core/clock.ts';
import { admins, revokedTokens, userSessions, users } from './tables.ts';
import { REVOCATION_KEPT_AFTER_EXPIRY_MS } from './sessions.ts';
import { bearer, insertTestShopper, latestCode, post, signUp } from './test-helpers.ts';

const JWT_SECRET = 'sessions-secret-sessions-secret-0123456';
const LOGIN_FIRST = { message: 'Please login first.', code: 'LOGIN_REQUIRED' };

/**
 * Revocable bearer tokens (docs/accounts.md, Sessions): a password reset ends every older token of the
 * account; a logout ends only the token it was called with.
 */
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
  const me = (token?: string) =>
    t.app.inject({ method: 'GET', url: '/api/users/me', headers: token ? bearer(token) : {} });
  const balance = (token: string) => t.app.inject({ method: 'GET', url: '/api/token/balance', headers: bearer(token) });
  const logout = (token?: string) =>
    t.app.inject({ method: 'GET', url: '/api/users/logout', headers: token ? bearer(token) : {} });
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
      return (await post(t, '/api/verification/verify', { email: 'liam@example.com', code })).json()
        .resetToken as string;
    };

    const wrongAccount = await post(t, '/api/users/change-password', {
      email: 'kate@example.com',
      resetToken: await codeToken(),
      password: 'Nope123!',
    });
    expect(wrongAccount.statusCode).toBe(400);
    await expectWorking(token);

    const res = await post(t, '/api/users/change-password', {
      email: 'liam@example.com',
      resetToken: await codeToken(),
      password: 'New123!',
    });
    expect(res.statusCode).toBe(200);
    await expectRefused(token);
    await expectWorking(await login('liam@example.com', 'New123!'));
  });

  it("logout ends only the presented token: the account's other sessions and other accounts go on", async () => {
    const { token } = await signUp(t, { username: 'mona', email: 'mona@example.com', password: 'Mona123!' });
    const otherDevice = await login('mona', 'Mona123!');
    const bystander = await signUp(t, { username: 'nico', email: 'nico@example.com' });
    const endedCount = async () =>
      (await t.ctx.db.select().from(userSessions).where(isNotNull(userSessions.endedAt))).length;
    const before = await endedCount();

    const res = await logout(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Logged out successfully.' });
    // Refused exactly like a made-up token.
    await expectRefused(token);
    expect([(await me('not-a-token')).statusCode, (await me('not-a-token')).json()]).toEqual([403, LOGIN_FIRST]);
    await expectWorking(otherDevice);
    await expectWorking(bystander.token);
    // The session row is the token's id, with the token's own expiry, now ended.
    const { jti, exp } = decodeJwt(token);
    const [row] = await t.ctx.db.select().from(userSessions).where(eq(userSessions.jti, jti!));
    expect(row!.expiresAt).toEqual(new Date(exp! * 1000));
    expect(row!.endedAt).not.toBeNull();
    expect(await endedCount()).toBe(before + 1);

    // Logging out again with that token, without a token or with a made-up one answers the same and changes nothing.
    for (const again of [await logout(token), await logout(), await logout('not-a-token')]) {
      expect([again.statusCode, again.json()]).toEqual([200, { message: 'Logged out successfully.' }]);
    }
    expect(await endedCount()).toBe(before + 1);
    await expectWorking(otherDevice);

    // Two logouts of one token at once: both answer 200, one row.
    const parallel = await login('mona', 'Mona123!');
    const answers = await Promise.all([logout(parallel), logout(parallel)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    await expectRefused(parallel);
    expect(await endedCount()).toBe(before + 2);

    const fresh = await login('mona', 'Mona123!');
    await expectWorking(fresh);
    expect((await logout(otherDevice)).statusCode).toBe(200);
    await expectRefused(otherDevice);
    await expectWorking(fresh);
  });

  it('a password reset still ends sessions that a logout left running', async () => {
    const { token } = await signUp(t, { username: 'paul', email: 'paul@example.com', password: 'Old123!' });
    const phone = await login('paul', 'Old123!');
    await logout(token);
    await expectWorking(phone);
    expect((await post(t, '/api/users/forgot-password', { email: 'paul@example.com' })).statusCode).toBe(200);
    const [mail] = await t.services.mail.listOutbox({ to: 'paul@example.com', limit: 1 });
    const link = mail!.text.match(/\/reset-password\/([A-Za-z0-9_-]+)/)![1]!;
    expect((await post(t, `/api/users/reset-password/${link}`, { password: 'New123!' })).statusCode).toBe(200);
    await expectRefused(phone);
    await expectWorking(await login('paul', 'New123!'));
  });

  it('checks that arrive together share one query, and each gets the answer it would get alone', async () => {
    const quinn = await signUp(t, { username: 'quinn', email: 'quinn@example.com', password: 'Quinn123!' });
    const quinnPhone = await login('quinn', 'Quinn123!');
    const rosa = await signUp(t, { username: 'rosa', email: 'rosa@example.com', password: 'Rosa123!' });
    const rosaPhone = await login('rosa', 'Rosa123!');
    await logout(rosa.token);
    const sam = await signUp(t, { username: 'sam', email: 'sam@example.com' });
    await t.ctx.db.update(users).set({ disabledAt: t.clock.now() }).where(eq(users.email, 'sam@example.com'));
    const cases: [string, number][] = [
      [quinn.token, 200],
      [quinnPhone, 200],
      [rosa.token, 403],
      [rosaPhone, 200],
      [sam.token, 403],
      ['not-a-token', 403],
    ];
    const execute = vi.spyOn(t.ctx.db, 'execute');
    try {
      const burst = Array.from({ length: 5 }, () => cases).flat();
      const answers = await Promise.all(burst.map(([token]) => me(token)));
      expect(answers.map((a) => a.statusCode)).toEqual(burst.map(([, status]) => status));
      expect(answers.filter((a) => a.statusCode === 200).map((a) => a.json().username)).toEqual(
        Array.from({ length: 5 }, () => ['quinn', 'quinn', 'rosa']).flat(),
      );
      const batched = execute.mock.calls.filter(([query]) =>
        new PgDialect().sqlToQuery(query as SQL).sql.includes('json_to_recordset'),
      );
      expect(batched.length).toBeGreaterThan(0);
      expect(batched.length).toBeLessThan(5);
    } finally {
      execute.mockRestore();
    }
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
    // Versioned but without an id (every token we sign has one): it could not be revoked alone.
    const withoutId = await new SignJWT({ username: 'olive', role: 'user', ver: row!.tokenVersion })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(row!.id)
      .setIssuedAt(iat)
      .setExpirationTime(iat + 3600)
      .sign(new TextEncoder().encode(JWT_SECRET));
    await expectRefused(withoutId);

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

    // What an operator does to end an admin's sessions (no API call does it).
    await t.ctx.db.update(admins).set({ tokenVersion: sql`${admins.tokenVersion} + 1` });
    await expect(guard(token)).rejects.toMatchObject(INVALID);
    expect(await t.ctx.tokens.verify(token)).toBeNull();

    const fresh = await adminLogin();
    await expect(guard(fresh)).resolves.toBeUndefined();
  });

  it("a revoked admin token id is refused; the admin's other tokens go on", async () => {
    const token = await adminLogin();
    const other = await adminLogin();
    const { jti, exp } = decodeJwt(token);
    await t.ctx.db.insert(revokedTokens).values({ jti: jti!, expiresAt: new Date(exp! * 1000) });
    await expect(guard(token)).rejects.toMatchObject(INVALID);
    await expect(guard(other)).resolves.toBeUndefined();
  });

  it("admin checks that arrive together keep each token's own answer and the admin's role", async () => {
    const tokens = await Promise.all([adminLogin(), adminLogin(), adminLogin()]);
    const { jti, exp } = decodeJwt(tokens[1]!);
    await t.ctx.db.insert(revokedTokens).values({ jti: jti!, expiresAt: new Date(exp! * 1000) });
    const verified = await Promise.all([...tokens, ...tokens].map((token) => t.ctx.tokens.verify(token)));
    expect(verified.map((p) => p?.adminRole ?? null)).toEqual(['owner', null, 'owner', 'owner', null, 'owner']);
    expect(verified[0]).toMatchObject({ username: 'Chief', role: 'admin' });
  });

  it('refuses the token of a removed admin', async () => {
    const token = await adminLogin();
    await expect(guard(token)).resolves.toBeUndefined();
    await t.ctx.db.delete(admins);
    await expect(guard(token)).rejects.toMatchObject(INVALID);
  });
});

describe('revoked token purge', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('removes only the rows of tokens expired for longer than the skew margin', async () => {
    const now = t.clock.now().getTime();
    const at = (offsetMs: number) => new Date(now + offsetMs);
    await t.ctx.db.insert(revokedTokens).values([
      { jti: 'expired-a-day-ago', expiresAt: at(-DAY) },
      { jti: 'expired-just-past-the-margin', expiresAt: at(-REVOCATION_KEPT_AFTER_EXPIRY_MS - 1) },
      { jti: 'expired-within-the-margin', expiresAt: at(-MINUTE) },
      { jti: 'expires-now', expiresAt: at(0) },
      { jti: 'live', expiresAt: at(7 * DAY) },
    ]);
    expect(await t.services.accounts.purgeRevokedTokens()).toBe(2);
    const left = await t.ctx.db.select({ jti: revokedTokens.jti }).from(revokedTokens);
    expect(left.map((row) => row.jti).sort()).toEqual(['expired-within-the-margin', 'expires-now', 'live']);
    expect(await t.services.accounts.purgeRevokedTokens()).toBe(0);
  });

  it("a shopper's ended and expired sessions are purged; a purged session's token stays refused", async () => {
    const shopper = await insertTestShopper(t, 'quinn');
    const { token: loggedOut } = await t.ctx.tokens.sign(shopper);
    const { token: live } = await t.ctx.tokens.sign(shopper);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/logout', headers: bearer(loggedOut) })).statusCode,
    ).toBe(200);
    const rows = async () =>
      (await t.ctx.db.select().from(userSessions).where(eq(userSessions.userId, shopper.id))).length;
    expect(await rows()).toBe(2);
    expect(await t.services.accounts.purgeEndedSessions()).toBeGreaterThanOrEqual(1);
    expect(await rows()).toBe(1);
    expect(await t.ctx.tokens.verify(loggedOut)).toBeNull();
    expect(await t.ctx.tokens.verify(live)).toMatchObject({ id: shopper.id });

    t.clock.advance(7 * DAY + MINUTE);
    expect(await t.services.accounts.purgeEndedSessions()).toBe(1);
    expect(await rows()).toBe(0);
    expect(await t.ctx.tokens.verify(live)).toBeNull();
    expect(await t.services.accounts.purgeEndedSessions()).toBe(0);
  });
});
