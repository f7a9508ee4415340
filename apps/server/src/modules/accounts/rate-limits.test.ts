import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { accountLimits } from './rate-limits.ts';
import { signUp } from './test-helpers.ts';

const TOO_MANY = /^Too many attempts\. Please try again in \d+ (seconds|minutes)\.$/;

function call(t: TestApp, url: string, payload: object, ip = '203.0.113.1', headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers });
}

describe('rate limits per account and per IP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await signUp(t, { username: 'kate', email: 'kate@example.com', password: 'Kate123!' });
  });
  afterAll(async () => t.close());

  it('login: failed tries per account, whatever the IP; then even the right password waits', async () => {
    const { max } = accountLimits.login.perAccountFailures;
    for (let i = 0; i < max; i++) {
      const res = await call(t, '/api/users/login', { username: 'Kate', password: 'wrong' }, `198.51.100.${i}`);
      expect(res.statusCode).toBe(401);
    }
    const over = await call(t, '/api/users/login', { username: 'kate', password: 'Kate123!' }, '198.51.100.200');
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(TOO_MANY);
    // Another account from the same addresses is not affected.
    expect((await call(t, '/api/users/login', { username: 'someone', password: 'x' }, '198.51.100.1')).statusCode).toBe(401);
  });

  it('login: successful logins do not count as failures, but every attempt counts toward a cap', async () => {
    await signUp(t, { username: 'leo', email: 'leo@example.com', password: 'Leo1234!' });
    const { max } = accountLimits.login.perAccount;
    for (let i = 0; i < max; i++) {
      const res = await call(t, '/api/users/login', { username: 'leo', password: 'Leo1234!' }, `198.51.100.${i}`);
      expect(res.statusCode, `login ${i}`).toBe(200);
    }
    expect((await call(t, '/api/users/login', { username: 'leo', password: 'Leo1234!' }, '198.51.100.9')).statusCode).toBe(429);
  });

  it('login: parallel wrong guesses are capped too', async () => {
    await signUp(t, { username: 'mona', email: 'mona@example.com', password: 'Mona123!' });
    const guesses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => call(t, '/api/users/login', { username: 'mona', password: `guess${i}!` }, `198.51.100.${i}`)),
    );
    const tried = guesses.filter((g) => g.statusCode === 401).length;
    expect(tried).toBeLessThanOrEqual(accountLimits.login.perAccount.max);
    expect(guesses.filter((g) => g.statusCode === 429).length).toBe(40 - tried);
  });

  it('login: per IP across accounts', async () => {
    const { max } = accountLimits.login.perIp;
    for (let i = 0; i < max; i++) {
      const res = await call(t, '/api/users/login', { username: `user${i}`, password: 'x' }, '192.0.2.50');
      expect(res.statusCode, `try ${i}`).toBe(401);
    }
    const over = await call(t, '/api/users/login', { username: 'fresh', password: 'x' }, '192.0.2.50');
    expect(over.statusCode).toBe(429);
    expect((await call(t, '/api/users/login', { username: 'fresh', password: 'x' }, '192.0.2.51')).statusCode).toBe(401);
  });

  it('code sending: per address', async () => {
    const { max } = accountLimits.sendCode.perAccount;
    for (let i = 0; i < max; i++) {
      expect((await call(t, '/api/verification/create', { email: 'spam@example.com' }, `198.51.100.${i}`)).statusCode).toBe(200);
    }
    const over = await call(t, '/api/verification/create', { email: 'SPAM@example.com' }, '198.51.100.99');
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(TOO_MANY);
    expect(await t.services.mail.listOutbox({ to: 'spam@example.com' })).toHaveLength(max);
  });

  it('code sending: per IP across addresses', async () => {
    const { max } = accountLimits.sendCode.perIp;
    for (let i = 0; i < max; i++) {
      expect((await call(t, '/api/verification/create', { email: `a${i}@example.com` }, '192.0.2.60')).statusCode).toBe(200);
    }
    expect((await call(t, '/api/verification/create', { email: 'b@example.com' }, '192.0.2.60')).statusCode).toBe(429);
  });

  it('code checking: per address (beyond the 5 tries of each code)', async () => {
    const { max } = accountLimits.checkCode.perAccount;
    for (let i = 0; i < max; i++) {
      const res = await call(t, '/api/verification/verify', { email: 'guess@example.com', code: '123456' }, `198.51.100.${i}`);
      expect(res.statusCode).toBe(400);
    }
    const over = await call(t, '/api/verification/verify', { email: 'guess@example.com', code: '123456' }, '198.51.100.250');
    expect(over.statusCode).toBe(429);
  });

  it('code checking: per IP across addresses', async () => {
    const { max } = accountLimits.checkCode.perIp;
    for (let i = 0; i < max; i++) {
      await call(t, '/api/verification/verify', { email: `g${i}@example.com`, code: '123456' }, '192.0.2.70');
    }
    expect((await call(t, '/api/verification/verify', { email: 'h@example.com', code: '123456' }, '192.0.2.70')).statusCode).toBe(429);
  });

  it('password reset: forgot-password per address and per IP, reset-password per IP', async () => {
    const { max } = accountLimits.forgotPassword.perAccount;
    for (let i = 0; i < max; i++) {
      expect((await call(t, '/api/users/forgot-password', { email: 'kate@example.com' }, `198.51.100.${i}`)).statusCode).toBe(200);
    }
    expect((await call(t, '/api/users/forgot-password', { email: 'kate@example.com' }, '198.51.100.77')).statusCode).toBe(429);

    for (let i = 0; i < accountLimits.forgotPassword.perIp.max; i++) {
      await call(t, '/api/users/forgot-password', { email: `f${i}@example.com` }, '192.0.2.80');
    }
    expect((await call(t, '/api/users/forgot-password', { email: 'z@example.com' }, '192.0.2.80')).statusCode).toBe(429);

    for (let i = 0; i < accountLimits.resetPassword.perIp.max; i++) {
      const token = `${'a'.repeat(40)}${String(i).padStart(3, '0')}`;
      expect((await call(t, `/api/users/reset-password/${token}`, { password: 'Abc123!' }, '192.0.2.90')).statusCode).toBe(400);
    }
    const over = await call(t, `/api/users/reset-password/${'b'.repeat(43)}`, { password: 'Abc123!' }, '192.0.2.90');
    expect(over.statusCode).toBe(429);
  });

  it('admin login: per account', async () => {
    for (let i = 0; i < accountLimits.adminLogin.perAccount.max; i++) {
      await call(t, '/api/admin/login', { username: 'root', password: 'x' }, `198.51.100.${i}`);
    }
    expect((await call(t, '/api/admin/login', { username: 'ROOT', password: 'x' }, '198.51.100.99')).statusCode).toBe(429);
  });
});

describe('client address behind a proxy', () => {
  /** Fills the check-email per-IP budget from X-Forwarded-For 1.2.3.4 through the socket 10.0.0.1. */
  async function exhaustForwarded(t: TestApp) {
    const { max } = accountLimits.checkEmail.perIp;
    for (let i = 0; i < max; i++) {
      const res = await call(t, '/api/users/check-email', { email: `x${i}@example.com` }, '10.0.0.1', { 'x-forwarded-for': '1.2.3.4' });
      expect(res.statusCode).toBe(200);
    }
  }

  it('without TRUST_PROXY, X-Forwarded-For is ignored: the socket address is the key', async () => {
    const t = await createTestApp();
    try {
      await exhaustForwarded(t);
      // A different forwarded address through the same socket is still the same client...
      const spoofed = await call(t, '/api/users/check-email', { email: 'y@example.com' }, '10.0.0.1', { 'x-forwarded-for': '5.6.7.8' });
      expect(spoofed.statusCode).toBe(429);
      // ...and another socket is another client.
      expect((await call(t, '/api/users/check-email', { email: 'y@example.com' }, '10.0.0.2', { 'x-forwarded-for': '1.2.3.4' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('with TRUST_PROXY, the forwarded client address is the key', async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: '1' } });
    try {
      await exhaustForwarded(t);
      // Same client behind another proxy hop address: still limited.
      expect((await call(t, '/api/users/check-email', { email: 'y@example.com' }, '10.0.0.2', { 'x-forwarded-for': '1.2.3.4' })).statusCode).toBe(429);
      // Another client through the same proxy: not limited.
      expect((await call(t, '/api/users/check-email', { email: 'y@example.com' }, '10.0.0.1', { 'x-forwarded-for': '5.6.7.8' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
