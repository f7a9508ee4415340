import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { accountLimits } from './rate-limits.ts';

// Needs a Redis server (CI sets TEST_REDIS_URL); without one, the in-memory store is what the other
// rate-limit tests cover.
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(Boolean(redisUrl))('rate limits shared through Redis by several instances', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ env: { REDIS_URL: redisUrl! } });
    b = await createTestApp({ env: { REDIS_URL: redisUrl! } });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('counts failed logins of one account on every instance together', async () => {
    // Counters outlive a test run in Redis: a fresh name and address each run.
    const username = `r${crypto.randomBytes(6).toString('hex')}`;
    const ip = `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
    const max = accountLimits.login.freeFailures;
    for (let i = 0; i < max; i++) {
      const app = i % 2 === 0 ? a : b;
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { username, password: 'x' },
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(401);
    }
    const over = await a.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { username, password: 'x' },
      remoteAddress: ip,
    });
    expect(over.statusCode).toBe(429);
  });
});
