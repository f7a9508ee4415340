import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from './clock.ts';
import {
  INSTANCE_JWT_SECRET,
  callInstance,
  startInstance,
  stopInstance,
  until,
  type Instance,
} from '../test/instances.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createTestProduct } from '../modules/catalogue/test-helpers.ts';
import { fundedShopper, type Shopper } from '../modules/orders/test-helpers.ts';

/**
 * Debian's Prometheus scrapes two real server processes on one PostgreSQL database (their
 * METRICS_PORT listeners, docs/operations.md "Metrics"); after a burst of token purchases spread
 * over both, the sum of tickets sold it reports equals the database's count and the API's answers.
 * Runs in the `cluster` project (CI's PostgreSQL and Redis) when `prometheus` is installed.
 */
const prometheusBinary = spawnSync('which', ['prometheus']).stdout?.toString().trim() ?? '';
// This suite's ports: the two metrics listeners and Prometheus itself.
const METRICS_PORTS = [4201, 4202];
const PROMETHEUS_PORT = 4210;
const PROMETHEUS = `http://127.0.0.1:${PROMETHEUS_PORT}`;

/** A single-number answer of Prometheus' HTTP API, or null while it has no sample. */
async function queryPrometheus(expression: string): Promise<number | null> {
  const res = await fetch(`${PROMETHEUS}/api/v1/query?query=${encodeURIComponent(expression)}`);
  if (!res.ok) return null;
  const body = (await res.json()) as { data: { result: Array<{ value: [number, string] }> } };
  const sample = body.data.result[0];
  return sample ? Number(sample.value[1]) : null;
}

function startPrometheus(dir: string): ChildProcess {
  const targets = METRICS_PORTS.map((port) => `'127.0.0.1:${port}'`).join(', ');
  const config = path.join(dir, 'prometheus.yml');
  fs.writeFileSync(
    config,
    `global:\n  scrape_interval: 1s\n  evaluation_interval: 1s\nscrape_configs:\n  - job_name: kujiya\n    static_configs:\n      - targets: [${targets}]\n`,
  );
  return spawn(
    prometheusBinary,
    [
      `--config.file=${config}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${PROMETHEUS_PORT}`,
    ],
    { stdio: 'ignore' },
  );
}

describe.runIf(prometheusBinary !== '')('Prometheus scraping two instances', () => {
  let t: TestApp;
  const instances: Instance[] = [];
  let prometheus: ChildProcess | undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kujiya-prometheus-'));

  beforeAll(async () => {
    t = await createTestApp({ clock: new TestClock(new Date()), env: { JWT_SECRET: INSTANCE_JWT_SECRET } });
    const url = (t.database as { url?: string }).url;
    if (!url) throw new Error('the cluster tests need TEST_DB=postgres (project cluster)');
    instances.push(
      ...(await Promise.all(METRICS_PORTS.map((port) => startInstance(url, { METRICS_PORT: String(port) })))),
    );
    prometheus = startPrometheus(dir);
    await until(async () => (await fetch(`${PROMETHEUS}/-/ready`).catch(() => null))?.ok === true, 60_000);
  });
  afterAll(async () => {
    if (prometheus && prometheus.exitCode === null) {
      const exited = new Promise((resolve) => prometheus!.once('exit', resolve));
      prometheus.kill('SIGTERM');
      await exited;
    }
    await Promise.all(instances.map((instance) => stopInstance(instance)));
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('sums tickets sold over both instances to the database count after a burst of token purchases', async () => {
    // Both instances are up as Prometheus sees them before anything is sold.
    await until(async () => (await queryPrometheus('sum(up{job="kujiya"})')) === 2, 60_000);
    // A round of 200 tickets: more than the burst buys, so every purchase is answered 200.
    const image = await t.services.media.putImage(
      t.ctx.db,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><text>prometheus</text></svg>'),
      'image/svg+xml',
    );
    const { setId } = await createTestProduct(t, {
      prizes: [
        { kind: 'letter', letter: 'A', description: 'Figure', image, type: 'Big', quantity: 50 },
        { kind: 'letter', letter: 'B', description: 'Plush', image, type: 'Small', quantity: 150 },
        { kind: 'last', description: 'Last figure', image, type: 'Big' },
      ],
    });
    const shoppers: Shopper[] = [];
    for (let i = 0; i < 24; i++) shoppers.push(await fundedShopper(t, `prom${i}`, 12 * 20));
    // Three purchases per shopper, spread over both instances, all at once.
    const answers = await Promise.all(
      shoppers.flatMap((shopper, i) =>
        [1, 2, 3].map((k) =>
          callInstance(instances[(i + k) % 2]!, shopper.headers.authorization, 'POST', '/api/token/use', {
            username: shopper.user.username,
            setId,
            ticketsBought: 1 + ((i + k) % 3),
          }),
        ),
      ),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const answered = answers.reduce((n, answer) => n + Number(answer.json!.totalTicketsBought), 0);
    const { rows } = await t.database.executeSql(
      `select coalesce(sum(number_of_tickets), 0)::int as sold from orders where status = 'paid' and payment_method = 'token'`,
      [],
    );
    const sold = Number(rows[0]!.sold);
    expect(sold).toBe(answered);
    expect(sold).toBeGreaterThan(0);

    // Prometheus sees the sum once it has scraped both instances after the burst.
    let seen: number | null = null;
    await until(async () => {
      seen = await queryPrometheus('sum(kujiya_tickets_sold_total)');
      return seen === sold;
    }, 60_000).catch(() => {
      throw new Error(`Prometheus reports ${seen} tickets sold, the database ${sold}`);
    });
    console.log(`prometheus: sum(kujiya_tickets_sold_total) = ${seen}, database ${sold}, ${answers.length} purchases`);
    // The scrape-time gauges of both instances: their job queues, pools and Redis.
    await until(async () => (await queryPrometheus('count(count by (instance) (kujiya_queue_depth))')) === 2, 30_000);
    await until(
      async () => (await queryPrometheus('count(kujiya_db_pool_connections{state="waiting"})')) === 2,
      30_000,
    );
    await until(async () => (await queryPrometheus('sum(kujiya_redis_connected)')) === 2, 30_000);
    // Each instance sold some of them (the burst was spread over both).
    for (const port of METRICS_PORTS) {
      const own = await queryPrometheus(`sum(kujiya_tickets_sold_total{instance="127.0.0.1:${port}"})`);
      expect(own).toBeGreaterThan(0);
    }
  });
});
