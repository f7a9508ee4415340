import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createRateLimiter } from './rate-limiter.ts';
import { createTestApp } from '../test/test-app.ts';
import { accountLimits } from '../modules/accounts/rate-limits.ts';
import { signUp } from '../modules/accounts/test-helpers.ts';

/** A logger that keeps its warnings, to count them. */
function recordingLogger() {
  const warnings: string[] = [];
  const infos: string[] = [];
  const log = pino(
    { level: 'info' },
    {
      write: (line: string) => {
        const entry = JSON.parse(line) as { level: number; msg: string };
        (entry.level === 40 ? warnings : infos).push(entry.msg);
      },
    },
  );
  return { log, warnings, infos };
}

// Nothing listens here: Redis is "down" from the start.
const CLOSED_REDIS = 'redis://127.0.0.1:6390/1';

describe('rate limits when Redis is unreachable', () => {
  it('falls back to local counters at once: no error, no wait, one warning', async () => {
    const { log, warnings } = recordingLogger();
    const limiter = createRateLimiter(CLOSED_REDIS, log);
    try {
      const started = Date.now();
      for (let i = 1; i <= 5; i++) expect((await limiter.hit('k', 60_000)).count).toBe(i);
      expect(await limiter.acquire('lock', 60_000)).toBe(0);
      expect(await limiter.acquire('lock', 60_000)).toBeGreaterThan(0);
      // Well under one command timeout per call: nothing waits for Redis.
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(warnings).toHaveLength(1);
      expect(limiter.shared).toBe(false);
    } finally {
      await limiter.close();
    }
  });

  it('logins still work and are still limited (per instance), never a 500', async () => {
    const t = await createTestApp({ env: { REDIS_URL: CLOSED_REDIS } });
    try {
      await signUp(t, { username: 'rita', email: 'rita@example.com', password: 'Rita123!' });
      const login = (password: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/users/login',
          payload: { username: 'rita', password },
          remoteAddress: '203.0.113.9',
        });
      expect((await login('Rita123!')).statusCode).toBe(200);
      for (let i = 0; i < accountLimits.login.freeFailures; i++) expect((await login('wrong')).statusCode).toBe(401);
      const over = await login('Rita123!');
      expect(over.statusCode).toBe(429);
      expect(over.headers['retry-after']).toBeDefined();
    } finally {
      await t.close();
    }
  });
});

const redisServer = '/usr/bin/redis-server';
const PORT = 6391;

describe.runIf(fs.existsSync(redisServer))('rate limits recover when Redis comes back', () => {
  let server: ChildProcess | undefined;
  const start = async () => {
    server = spawn(redisServer, ['--port', String(PORT), '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let out = '';
    server.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    for (let i = 0; i < 100 && !out.includes('Ready to accept connections'); i++) await sleep(50);
  };
  const stop = async () => {
    if (!server) return;
    const exited = once(server, 'exit');
    server.kill('SIGKILL');
    await exited;
    server = undefined;
  };
  afterAll(stop);

  it('shares counters, falls back while Redis is away, and shares them again once it is back', async () => {
    const { log, warnings, infos } = recordingLogger();
    await start();
    const limiter = createRateLimiter(`redis://127.0.0.1:${PORT}/1`, log);
    try {
      for (let i = 0; i < 50 && !limiter.shared; i++) await sleep(50);
      expect(limiter.shared).toBe(true);
      expect((await limiter.hit('a', 60_000)).count).toBe(1);
      await stop();
      // Redis gone: counting goes on locally with one warning.
      expect((await limiter.hit('a', 60_000)).count).toBe(1);
      expect((await limiter.hit('a', 60_000)).count).toBe(2);
      expect(warnings).toHaveLength(1);
      await start();
      for (let i = 0; i < 100 && !limiter.shared; i++) await sleep(50);
      expect(limiter.shared).toBe(true);
      expect(infos.some((m) => m.includes('reachable again'))).toBe(true);
      // A fresh Redis (no persistence): the shared counter starts again.
      expect((await limiter.hit('a', 60_000)).count).toBe(1);
    } finally {
      await limiter.close();
    }
  });
});
