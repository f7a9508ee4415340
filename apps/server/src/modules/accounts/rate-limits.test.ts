import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { accountLimits, loginBackoffMs } from './rate-limits.ts';
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

  it('login: a client that keeps failing waits, with Retry-After and a doubling backoff', async () => {
    const policy = accountLimits.login;
    for (let i = 0; i < policy.freeFailures; i++) {
      const res = await call(t, '/api/users/login', { username: 'Kate', password: 'wrong' }, '198.51.100.1');
      expect(res.statusCode, `try ${i}`).toBe(401);
    }
    // Even the right password waits on this client now...
    const over = await call(t, '/api/users/login', { username: 'kate', password: 'Kate123!' }, '198.51.100.1');
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(TOO_MANY);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(policy.backoffBaseMs / 1000);
    // ...the e-mail spelling is the same account on the same client...
    expect(
      (await call(t, '/api/users/login', { username: 'KATE@example.com', password: 'Kate123!' }, '198.51.100.1'))
        .statusCode,
    ).toBe(429);
    // ...but the owner on another device logs in: someone else's failures do not lock them out.
    expect(
      (await call(t, '/api/users/login', { username: 'kate@example.com', password: 'Kate123!' }, '198.51.100.2'))
        .statusCode,
    ).toBe(200);
    // Another account from the failing address is not affected.
    expect((await call(t, '/api/users/login', { username: 'someone', password: 'x' }, '198.51.100.1')).statusCode).toBe(
      401,
    );
  });

  it('login: the backoff doubles per further failure, up to the cap', () => {
    const policy = accountLimits.login;
    expect(loginBackoffMs(policy, policy.freeFailures + 1)).toBe(policy.backoffBaseMs);
    expect(loginBackoffMs(policy, policy.freeFailures + 2)).toBe(2 * policy.backoffBaseMs);
    expect(loginBackoffMs(policy, policy.freeFailures + 100)).toBe(policy.backoffMaxMs);
  });

  it('login: username and e-mail count as one account; an account under attack stops failing clients only', async () => {
    await signUp(t, { username: 'leo', email: 'leo@example.com', password: 'Leo1234!' });
    const policy = accountLimits.login;
    // Failures spread over clients, half by name and half by e-mail, 2 per client (below the free tries).
    for (let i = 0; i < policy.guardFailures; i++) {
      const username = i % 2 === 0 ? 'leo' : 'LEO@example.com';
      const res = await call(t, '/api/users/login', { username, password: 'nope' }, `198.51.101.${Math.floor(i / 2)}`);
      expect(res.statusCode, `try ${i}`).toBe(401);
    }
    // A client that failed before now waits, even with the right password.
    const failing = await call(t, '/api/users/login', { username: 'leo', password: 'Leo1234!' }, '198.51.101.0');
    expect(failing.statusCode).toBe(429);
    expect(failing.headers['retry-after']).toBeDefined();
    // The owner from a client that never failed is let in.
    expect(
      (await call(t, '/api/users/login', { username: 'leo', password: 'Leo1234!' }, '198.51.101.200')).statusCode,
    ).toBe(200);
    // Successful logins never count as failures.
    for (let i = 0; i < 40; i++) {
      expect(
        (await call(t, '/api/users/login', { username: 'leo', password: 'Leo1234!' }, '198.51.101.201')).statusCode,
      ).toBe(200);
    }
  });

  it('login: parallel wrong guesses are capped too', async () => {
    await signUp(t, { username: 'mona', email: 'mona@example.com', password: 'Mona123!' });
    const guesses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        call(t, '/api/users/login', { username: 'mona', password: `guess${i}!` }, `198.51.102.${i % 20}`),
      ),
    );
    const tried = guesses.filter((g) => g.statusCode === 401).length;
    expect(tried).toBeLessThanOrEqual(accountLimits.login.hardCapFailures);
    expect(guesses.filter((g) => g.statusCode === 429).length).toBe(60 - tried);
    // One client alone gets no more than its free tries (plus one past the backoff) in a burst.
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(t, '/api/users/login', { username: 'nobody-here', password: `g${i}` }, '198.51.103.1'),
      ),
    );
    expect(burst.filter((g) => g.statusCode === 401).length).toBeLessThanOrEqual(accountLimits.login.freeFailures + 1);
  });

  it('login: per IP across accounts', async () => {
    const { max } = accountLimits.login.perIp;
    for (let i = 0; i < max; i++) {
      const res = await call(t, '/api/users/login', { username: `user${i}`, password: 'x' }, '192.0.2.50');
      expect(res.statusCode, `try ${i}`).toBe(401);
    }
    const over = await call(t, '/api/users/login', { username: 'fresh', password: 'x' }, '192.0.2.50');
    expect(over.statusCode).toBe(429);
    expect((await call(t, '/api/users/login', { username: 'fresh', password: 'x' }, '192.0.2.51')).statusCode).toBe(
      401,
    );
  });

  it('code sending: per address', async () => {
    const { max } = accountLimits.sendCode.perAccount;
    for (let i = 0; i < max; i++) {
      expect(
        (await call(t, '/api/verification/create', { email: 'spam@example.com' }, `198.51.100.${i}`)).statusCode,
      ).toBe(200);
    }
    const over = await call(t, '/api/verification/create', { email: 'SPAM@example.com' }, '198.51.100.99');
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(TOO_MANY);
    expect(await t.services.mail.listOutbox({ to: 'spam@example.com' })).toHaveLength(max);
  });

  it('code sending: per IP across addresses', async () => {
    const { max } = accountLimits.sendCode.perIp;
    for (let i = 0; i < max; i++) {
      expect((await call(t, '/api/verification/create', { email: `a${i}@example.com` }, '192.0.2.60')).statusCode).toBe(
        200,
      );
    }
    expect((await call(t, '/api/verification/create', { email: 'b@example.com' }, '192.0.2.60')).statusCode).toBe(429);
  });

  it('code checking: per address (beyond the 5 tries of each code)', async () => {
    const { max } = accountLimits.checkCode.perAccount;
    for (let i = 0; i < max; i++) {
      const res = await call(
        t,
        '/api/verification/verify',
        { email: 'guess@example.com', code: '123456' },
        `198.51.100.${i}`,
      );
      expect(res.statusCode).toBe(400);
    }
    const over = await call(
      t,
      '/api/verification/verify',
      { email: 'guess@example.com', code: '123456' },
      '198.51.100.250',
    );
    expect(over.statusCode).toBe(429);
  });

  it('code checking: per IP across addresses', async () => {
    const { max } = accountLimits.checkCode.perIp;
    for (let i = 0; i < max; i++) {
      await call(t, '/api/verification/verify', { email: `g${i}@example.com`, code: '123456' }, '192.0.2.70');
    }
    expect(
      (await call(t, '/api/verification/verify', { email: 'h@example.com', code: '123456' }, '192.0.2.70')).statusCode,
    ).toBe(429);
  });

  it('password reset: forgot-password per address and per IP, reset-password per IP', async () => {
    const { max } = accountLimits.forgotPassword.perAccount;
    for (let i = 0; i < max; i++) {
      expect(
        (await call(t, '/api/users/forgot-password', { email: 'kate@example.com' }, `198.51.100.${i}`)).statusCode,
      ).toBe(200);
    }
    expect(
      (await call(t, '/api/users/forgot-password', { email: 'kate@example.com' }, '198.51.100.77')).statusCode,
    ).toBe(429);

    for (let i = 0; i < accountLimits.forgotPassword.perIp.max; i++) {
      await call(t, '/api/users/forgot-password', { email: `f${i}@example.com` }, '192.0.2.80');
    }
    expect((await call(t, '/api/users/forgot-password', { email: 'z@example.com' }, '192.0.2.80')).statusCode).toBe(
      429,
    );

    for (let i = 0; i < accountLimits.resetPassword.perIp.max; i++) {
      const token = `${'a'.repeat(40)}${String(i).padStart(3, '0')}`;
      expect(
        (await call(t, `/api/users/reset-password/${token}`, { password: 'Abc123!' }, '192.0.2.90')).statusCode,
      ).toBe(400);
    }
    const over = await call(t, `/api/users/reset-password/${'b'.repeat(43)}`, { password: 'Abc123!' }, '192.0.2.90');
    expect(over.statusCode).toBe(429);
  });

  it('admin login: the same policy per admin account', async () => {
    for (let i = 0; i < accountLimits.adminLogin.freeFailures; i++) {
      expect((await call(t, '/api/admin/login', { username: 'root', password: 'x' }, '198.51.104.1')).statusCode).toBe(
        401,
      );
    }
    const over = await call(t, '/api/admin/login', { username: 'ROOT', password: 'x' }, '198.51.104.1');
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    expect((await call(t, '/api/admin/login', { username: 'ROOT', password: 'x' }, '198.51.104.2')).statusCode).toBe(
      401,
    );
  });
});

describe('client address behind a proxy', () => {
  /** Fills the check-email per-IP budget from X-Forwarded-For 1.2.3.4 through the socket 10.0.0.1. */
  async function exhaustForwarded(t: TestApp) {
    const { max } = accountLimits.checkEmail.perIp;
    for (let i = 0; i < max; i++) {
      const res = await call(t, '/api/users/check-email', { email: `x${i}@example.com` }, '10.0.0.1', {
        'x-forwarded-for': '1.2.3.4',
      });
      expect(res.statusCode).toBe(200);
    }
  }

  it('without TRUST_PROXY, X-Forwarded-For is ignored: the socket address is the key', async () => {
    const t = await createTestApp();
    try {
      await exhaustForwarded(t);
      // A different forwarded address through the same socket is still the same client...
      const spoofed = await call(t, '/api/users/check-email', { email: 'y@example.com' }, '10.0.0.1', {
        'x-forwarded-for': '5.6.7.8',
      });
      expect(spoofed.statusCode).toBe(429);
      // ...and another socket is another client.
      expect(
        (
          await call(t, '/api/users/check-email', { email: 'y@example.com' }, '10.0.0.2', {
            'x-forwarded-for': '1.2.3.4',
          })
        ).statusCode,
      ).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('with TRUST_PROXY, the forwarded client address is the key', async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: '1' } });
    try {
      await exhaustForwarded(t);
      // Same client behind another proxy hop address: still limited.
      expect(
        (
          await call(t, '/api/users/check-email', { email: 'y@example.com' }, '10.0.0.2', {
            'x-forwarded-for': '1.2.3.4',
          })
        ).statusCode,
      ).toBe(429);
      // Another client through the same proxy: not limited.
      expect(
        (
          await call(t, '/api/users/check-email', { email: 'y@example.com' }, '10.0.0.1', {
            'x-forwarded-for': '5.6.7.8',
          })
        ).statusCode,
      ).toBe(200);
    } finally {
      await t.close();
    }
  });
  it("with TRUST_PROXY=1, a client-written entry left of the proxy's does not choose the address", async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: '1' } });
    try {
      await exhaustForwarded(t);
      // The proxy appended the real source (1.2.3.4) right of whatever the client wrote.
      for (const written of ['5.6.7.8', '127.0.0.1', '9.9.9.9, 8.8.8.8']) {
        const res = await call(t, '/api/users/check-email', { email: 'y@example.com' }, '10.0.0.1', {
          'x-forwarded-for': `${written}, 1.2.3.4`,
        });
        expect(res.statusCode, written).toBe(429);
      }
    } finally {
      await t.close();
    }
  });

  it('with TRUST_PROXY as a list, only those proxies are believed, each hop of them walked back', async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: '10.0.0.0/8, 192.168.7.1' } });
    try {
      await exhaustForwarded(t);
      const checkEmail = (socket: string, forwardedFor: string) =>
        call(t, '/api/users/check-email', { email: 'y@example.com' }, socket, { 'x-forwarded-for': forwardedFor });
      // Two trusted hops (10.0.0.1, then 192.168.7.1) in front of the client 1.2.3.4.
      expect((await checkEmail('10.0.0.1', '5.6.7.8, 1.2.3.4, 192.168.7.1')).statusCode).toBe(429);
      // A peer outside the list is the client itself, whatever it forwards.
      expect((await checkEmail('203.0.113.5', '1.2.3.4')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
