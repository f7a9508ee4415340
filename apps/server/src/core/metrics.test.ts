import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { startServer } from '../server.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { signUp } from '../modules/accounts/test-helpers.ts';
import { createTestProduct } from '../modules/catalogue/test-helpers.ts';
import { api, fundedShopper, useTokens } from '../modules/orders/test-helpers.ts';
import { confirmWithCard } from '../modules/token-shop/test-helpers.ts';
import { JOB } from '../jobs/names.ts';

const METRICS_TOKEN = 'metrics-token-0123456789';

/** The value of one series (`name` or `name{labels}` exactly as printed) in a Prometheus text, 0 when absent. */
function valueOf(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

/** Prometheus metrics (docs/operations.md, "Metrics"): counters after commit, labels, the token guard. */
describe('metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN } });
  });
  afterAll(async () => t.close());

  const scrape = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it('exports every counter from the start, at 0 for each known label value (increase() sees the first sale)', async () => {
    const text = await scrape();
    const counters = [...text.matchAll(/^# TYPE (kujiya_\w+) counter$/gm)].map((m) => m[1]!);
    expect(counters.length).toBeGreaterThanOrEqual(7);
    const unlabelled = counters.filter(
      (name) => !['kujiya_tickets_sold_total', 'kujiya_purchase_refusals_total'].includes(name),
    );
    const series = [
      ...unlabelled,
      'kujiya_tickets_sold_total{payment_method="token"}',
      'kujiya_tickets_sold_total{payment_method="card"}',
      ...[
        'SALES_NOT_OPEN',
        'DROP_NOT_ADMITTED',
        'SHOPPER_LIMIT_REACHED',
        'NOT_ENOUGH_TICKETS',
        'INSUFFICIENT_TOKENS',
      ].map((reason) => `kujiya_purchase_refusals_total{reason="${reason}"}`),
    ];
    const lines = new Set(text.split('\n'));
    for (const name of series) expect(lines.has(`${name} 0`), name).toBe(true);
  });

  it('counts token purchases, tokens spent and a sell-out once committed; a refused purchase counts nothing', async () => {
    const { setId } = await createTestProduct(t); // 10 tickets at 12 tokens
    const alice = await fundedShopper(t, 'alice', 100);
    const bob = await fundedShopper(t, 'bob', 200);
    const poor = await fundedShopper(t, 'poor', 5);
    const [a, b, refused] = await Promise.all([
      useTokens(t, alice, { setId, ticketsBought: 3 }),
      useTokens(t, bob, { setId, ticketsBought: 2 }),
      useTokens(t, poor, { setId, ticketsBought: 1 }),
    ]);
    expect([a.statusCode, b.statusCode, refused.statusCode]).toEqual([200, 200, 400]);
    let text = await scrape();
    expect(valueOf(text, 'kujiya_tickets_sold_total{payment_method="token"}')).toBe(5);
    expect(valueOf(text, 'kujiya_tokens_spent_total')).toBe(60);
    expect(valueOf(text, 'kujiya_rounds_sold_out_total')).toBe(0);

    expect((await useTokens(t, bob, { setId, buyOut: true })).statusCode).toBe(200);
    text = await scrape();
    expect(valueOf(text, 'kujiya_tickets_sold_total{payment_method="token"}')).toBe(10);
    expect(valueOf(text, 'kujiya_tokens_spent_total')).toBe(120);
    expect(valueOf(text, 'kujiya_rounds_sold_out_total')).toBe(1);
    // The round's lock was asked for (and timed) by every batch.
    expect(valueOf(text, 'kujiya_round_lock_wait_seconds_count')).toBeGreaterThanOrEqual(2);
  });

  it('counts nothing for a transaction that rolls back, and at commit for one that commits', async () => {
    const series = 'kujiya_tickets_sold_total{payment_method="card"}';
    const before = valueOf(await scrape(), series);
    await expect(
      t.ctx.db.transaction(async (tx) => {
        t.ctx.metrics.ticketsSold(tx, 'card', 5);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(valueOf(await scrape(), series)).toBe(before);
    await t.ctx.db.transaction(async (tx) => {
      t.ctx.metrics.ticketsSold(tx, 'card', 5);
      // Not yet: the transaction is still open (this counter alone: a whole scrape reads the database).
      const counter = await t.ctx.metrics.registry.getSingleMetricAsString('kujiya_tickets_sold_total');
      expect(valueOf(counter, series)).toBe(before);
    });
    expect(valueOf(await scrape(), series)).toBe(before + 5);
    t.ctx.metrics.ticketsSold(t.ctx.db, 'card', -5);
    expect(valueOf(await scrape(), series)).toBe(before + 5);
  });

  it('counts card tickets and card revenue when the payment succeeds, not when it is declined', async () => {
    const { setId } = await createTestProduct(t); // $12.50 a ticket
    const gina = await fundedShopper(t, 'gina', 0);
    const intent = await api(t, gina, 'POST', '/api/payment/kuji/create-intent', {
      username: gina.user.username,
      setId,
      ticketsBought: 2,
    });
    expect(intent.statusCode).toBe(200);
    const card = 'kujiya_tickets_sold_total{payment_method="card"}';
    const before = valueOf(await scrape(), card);
    expect((await confirmWithCard(t, intent.json().clientSecret, '4000 0000 0000 0002')).statusCode).toBe(402);
    let text = await scrape();
    expect(valueOf(text, card)).toBe(before);
    expect(valueOf(text, 'kujiya_card_revenue_cents_total')).toBe(0);
    expect((await confirmWithCard(t, intent.json().clientSecret)).statusCode).toBe(200);
    text = await scrape();
    expect(valueOf(text, card)).toBe(before + 2);
    expect(valueOf(text, 'kujiya_card_revenue_cents_total')).toBe(2500);
  });

  it('counts a sign-up through the API; labels hold route patterns and no user data', async () => {
    const before = valueOf(await scrape(), 'kujiya_signups_total');
    const shopper = await signUp(t, { username: 'metricsfan', email: 'metrics.fan@example.com' });
    const orderId = '0f7ad0a4-5a8e-4d07-9d3c-6a1b1c2d3e4f';
    const headers = { authorization: `Bearer ${shopper.token}` };
    expect((await t.app.inject({ method: 'GET', url: `/api/order/status/${orderId}`, headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/no-such-page/secret-path-xyz' })).statusCode).toBe(404);
    const text = await scrape();
    expect(valueOf(text, 'kujiya_signups_total')).toBe(before + 1);
    expect(text).toMatch(
      /kujiya_http_request_duration_seconds_count\{method="POST",route="\/api\/users\/create",status_class="2xx"\} 1/,
    );
    expect(text).toMatch(/route="\/api\/order\/status\/:orderId",status_class="4xx"/);
    expect(text).toMatch(/route="unmatched",status_class="4xx"/);
    for (const secret of [orderId, 'secret-path-xyz', 'metricsfan', 'metrics.fan', 'example.com', shopper.token]) {
      expect(text).not.toContain(secret);
    }
    const { rows } = await t.database.executeSql(`select id from users where username = 'metricsfan'`, []);
    expect(text).not.toContain(String(rows[0]!.id));
  });

  it('reports the gauges: pool connections, live sockets, Redis, default process metrics', async () => {
    const text = await scrape();
    expect(text).toMatch(/^kujiya_db_pool_connections\{state="in_use"\} \d/m);
    expect(text).toMatch(/^kujiya_db_pool_connections\{state="waiting"\} \d/m);
    expect(valueOf(text, 'kujiya_live_sockets_open')).toBe(0);
    expect(text).toMatch(/^kujiya_redis_connected 0$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d/m);
  });

  it('serves the public /metrics only with the token: 401 without or with a wrong one', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', `Basic ${METRICS_TOKEN}`]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'A metrics token is required', code: 'UNAUTHENTICATED' });
    }
  });
});

describe('metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A built web app is served, so a path it does not know would get its page: /metrics must not.
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'kujiya-metrics-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    t = await createTestApp({ webDist });
  });
  afterAll(async () => t.close());

  it('answers the public /metrics with a JSON 404 (not the web app), even with a bearer token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/some-page' })).headers['content-type']).toMatch(/text\/html/);
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
  });
});

describe('queue gauges', () => {
  let t: TestApp;
  let release = () => {};
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN } });
  });
  afterAll(async () => {
    release();
    await t.ctx.jobs.stop();
    await t.close();
  });

  it("reports each queue's waiting jobs and the oldest one's age, read at scrape time", async () => {
    const running = new Promise<void>((resolve) => (release = resolve));
    let started = false;
    await t.ctx.jobs.start([
      {
        name: JOB.courier,
        retryLimit: 0,
        retryDelaySeconds: 1,
        run: async () => {
          started = true;
          await running;
        },
      },
    ]);
    const scrape = async () =>
      (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } }))
        .body;
    expect(await t.ctx.jobs.send(JOB.courier)).toBeTruthy();
    // The first run holds the queue (one active run at a time); the next one waits behind it.
    for (let i = 0; !started; i++) {
      if (i > 600) throw new Error('the first run never started');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await t.ctx.jobs.send(JOB.courier)).toBeTruthy();
    const text = await scrape();
    expect(valueOf(text, 'kujiya_queue_depth{queue="courier"}')).toBe(1);
    expect(valueOf(text, 'kujiya_queue_oldest_age_seconds{queue="courier"}')).toBeGreaterThanOrEqual(0);
    // Both runs finish (and pg-boss records it) before the queue stops and the database closes.
    release();
    const unfinished = async () =>
      (
        await t.database.executeSql(
          `select count(*)::int as n from pgboss.job where name = 'courier' and state in ('created', 'retry', 'active')`,
          [],
        )
      ).rows[0]!.n;
    for (let i = 0; (await unfinished()) !== 0; i++) {
      if (i > 600) throw new Error('the courier runs never finished');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(valueOf(await scrape(), 'kujiya_queue_depth{queue="courier"}')).toBe(0);
  });
});

describe('METRICS_PORT', () => {
  it('serves /metrics on its own listener (JSON 404 elsewhere), closed with the server', async () => {
    const server = await startServer({
      config: loadConfig({
        NODE_ENV: 'test',
        PORT: '0',
        METRICS_PORT: '0',
        HOST: '127.0.0.1',
        DEMO_DATA: '0',
        LOG_LEVEL: 'silent',
        JWT_SECRET: 'x'.repeat(40),
      }),
      inMemory: true,
      logger: false,
    });
    const metricsUrl = server.metricsUrl!;
    try {
      expect(metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      expect(server.startupNotes).toContain(`Metrics: ${metricsUrl}`);
      expect((await fetch(`${server.url}/api/products`)).status).toBeLessThan(500);
      const res = await fetch(metricsUrl);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).toMatch(/^kujiya_db_pool_connections\{state="idle"\} \d/m);
      expect(text).toContain('kujiya_http_request_duration_seconds_bucket');
      const other = await fetch(metricsUrl.replace('/metrics', '/other'));
      expect(other.status).toBe(404);
      expect(await other.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
      // The public port has no token configured: its /metrics is a 404.
      expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    } finally {
      await server.close();
    }
    await expect(fetch(metricsUrl)).rejects.toThrow();
  });
});
