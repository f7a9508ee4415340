import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

describe('health and readiness (GET /healthz, GET /readyz)', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    // A built web app, so unknown GETs would be the SPA: the probes and /metrics must not be.
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'kujiya-health-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Kujiya</title>');
    t = await createTestApp({ webDist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('answers liveness without I/O and readiness with its checks, never cached', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    expect(live.headers['cache-control']).toBe('no-store');
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', redis: 'off' } });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('is never the web app: the probes are JSON and /metrics is a JSON 404, while other paths are the SPA', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/some/page' });
    expect(page.headers['content-type']).toContain('text/html');
    for (const url of ['/metrics', '/metrics?x=1', '/healthz/more']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('is not rate-limited: a probe every few milliseconds keeps answering', async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < 300; i++) {
      statuses.add((await t.app.inject({ method: 'GET', url: i % 2 ? '/readyz' : '/healthz' })).statusCode);
    }
    expect([...statuses]).toEqual([200]);
  });

  it('is in the OpenAPI document with its 503', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, { get?: { operationId: string; responses: Record<string, unknown> } }>;
    };
    expect(document.paths['/healthz']?.get?.operationId).toBe('getHealthz');
    expect(Object.keys(document.paths['/readyz']?.get?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '503']),
    );
  });

  it('answers 503 with draining: true once the instance drains', async () => {
    const other = await createTestApp();
    try {
      other.services.health.startDraining();
      const res = await other.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        status: 'unready',
        draining: true,
        code: 'SERVICE_UNAVAILABLE',
        checks: { database: 'ok', migrations: 'ok' },
      });
      expect((await other.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('stays ready but degraded while Redis is down (the shop works without it)', async () => {
    // A port nothing listens on (this file's own range).
    const degraded = await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:4198' } });
    try {
      const res = await degraded.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'degraded', checks: { database: 'ok', migrations: 'ok', redis: 'down' } });
    } finally {
      await degraded.close();
    }
  });

  it.runIf(Boolean(process.env.TEST_REDIS_URL))('reports Redis ok when it answers', async () => {
    const withRedis = await createTestApp({ env: { REDIS_URL: process.env.TEST_REDIS_URL! } });
    try {
      let body: unknown;
      for (let i = 0; i < 100; i++) {
        body = (await withRedis.app.inject({ method: 'GET', url: '/readyz' })).json();
        if ((body as { checks: { redis: string } }).checks.redis === 'ok') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(body).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', redis: 'ok' } });
    } finally {
      await withRedis.close();
    }
  });
});

describe('request ids (X-Request-Id)', () => {
  it('keeps a valid incoming id only behind a trusted proxy, and answers every request with one', async () => {
    const trusted = await createTestApp({ env: { TRUST_PROXY: '1' } });
    const direct = await createTestApp();
    try {
      const kept = await trusted.app.inject({
        method: 'GET',
        url: '/healthz',
        headers: { 'x-request-id': 'lb-1.a:b_c' },
      });
      expect(kept.headers['x-request-id']).toBe('lb-1.a:b_c');
      const refused = await trusted.app.inject({
        method: 'GET',
        url: '/healthz',
        headers: { 'x-request-id': 'has spaces and ; semicolons' },
      });
      expect(refused.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      const replaced = await direct.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'lb-1' } });
      expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      // Errors and unknown routes carry it too.
      const missing = await direct.app.inject({ method: 'GET', url: '/api/no-such-route' });
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      const invalid = await direct.app.inject({ method: 'POST', url: '/api/analytics/event', payload: { name: 1 } });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.headers['x-request-id']).toBeTruthy();
      const ids = new Set(
        await Promise.all(
          [1, 2, 3].map(
            async () => (await direct.app.inject({ method: 'GET', url: '/healthz' })).headers['x-request-id'],
          ),
        ),
      );
      expect(ids.size).toBe(3);
    } finally {
      await trusted.close();
      await direct.close();
    }
  });
});
