#!/usr/bin/env node
// Live fan-out benchmark (not a test): two server instances on one PostgreSQL database and one Redis;
// SOCKETS anonymous sockets on instance A; ROUNDS token purchases made on instance B; prints the
// delivery time of each banner to each socket (p50 / p99 / max), measured from the moment the
// purchase request was sent and from the moment its answer arrived.
//
//   DATABASE_ADMIN_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379/2 \
//     npx node bench/live-fanout.mjs
//
// Settings (environment): SOCKETS (1000), ROUNDS (5), PORT_A / PORT_B (4501 / 4502). A throwaway
// database is created and dropped again; the Redis database number also names the pub/sub channel.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import WebSocket from 'ws';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const adminUrl =
  process.env.DATABASE_ADMIN_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/2';
const SOCKETS = Number(process.env.SOCKETS ?? 1000);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const PORT_A = process.env.PORT_A ?? '4501';
const PORT_B = process.env.PORT_B ?? '4502';
const JWT_SECRET = 'live-fanout-bench-secret-live-fanout-0123';

function startInstance(databaseUrl, port, demoData) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'apps/server/src/test/server-process.ts')],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'development',
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        PORT: port,
        HOST: '127.0.0.1',
        JWT_SECRET,
        DEMO_DATA: demoData ? '1' : '0',
        LOG_LEVEL: 'warn',
        // A bench stops its servers at once: no drain window (docs/operations.md).
        SHUTDOWN_DRAIN_SECONDS: '0',
        // Every bench socket comes from 127.0.0.1.
        LIVE_MAX_SOCKETS_PER_IP: String(SOCKETS + 10),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    let buffered = '';
    child.stdout.on('data', (chunk) => {
      buffered += chunk.toString();
      for (const line of buffered.split('\n')) {
        if (line.includes('"listening"')) resolve({ url: JSON.parse(line).listening, child });
      }
    });
    child.once('exit', (code) => reject(new Error(`instance exited with ${code}`)));
  });
}

function openSocket(url) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/ws`);
    ws.once('message', () => resolve(ws)); // 'connected'
    ws.once('error', reject);
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const ms = (n) => `${n.toFixed(1)} ms`;

async function main() {
  const name = `kujiya_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${name}`;
  const instances = [];
  const sockets = [];
  try {
    // A seeds the demo shop first; B joins the same database.
    const a = await startInstance(dbUrl.toString(), PORT_A, true);
    instances.push(a);
    const b = await startInstance(dbUrl.toString(), PORT_B, false);
    instances.push(b);
    console.log(`instances: A ${a.url}, B ${b.url}; Redis ${redisUrl}`);

    const login = await fetch(`${b.url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo', password: 'Demo123!' }),
    }).then((r) => r.json());
    const products = await fetch(`${b.url}/api/ichiban-kuji-products`).then((r) => r.json());
    const product = products.all.find(
      (p) => !p.promotion && !p.lottery.enabled && Number(String(p.quantity).split('/')[0]) > ROUNDS,
    );
    if (!product) throw new Error('no plain demo set with tickets left');

    const opened = performance.now();
    for (let i = 0; i < SOCKETS; i += 100) {
      sockets.push(...(await Promise.all(Array.from({ length: Math.min(100, SOCKETS - i) }, () => openSocket(a.url)))));
    }
    console.log(`${sockets.length} sockets open on A in ${ms(performance.now() - opened)}`);

    const fromRequest = [];
    const fromAnswer = [];
    for (let round = 0; round < ROUNDS; round++) {
      let answeredAt = 0;
      const sentAt = performance.now();
      const received = Promise.all(
        sockets.map(
          (ws) =>
            new Promise((resolve) => {
              const onMessage = (data) => {
                if (!String(data).includes('"purchase"')) return;
                ws.off('message', onMessage);
                resolve(performance.now());
              };
              ws.on('message', onMessage);
            }),
        ),
      );
      const res = await fetch(`${b.url}/api/token/use`, {
        method: 'POST',
        headers: { authorization: `Bearer ${login.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'demo', setId: product.setId, ticketsBought: 1 }),
      });
      answeredAt = performance.now();
      if (res.status !== 200) throw new Error(`purchase answered ${res.status}: ${await res.text()}`);
      const times = await received;
      for (const t of times) {
        fromRequest.push(t - sentAt);
        fromAnswer.push(Math.max(0, t - answeredAt));
      }
      // Past the banner period, so each purchase is its own banner.
      await new Promise((resolve) => setTimeout(resolve, 700));
    }
    for (const [label, list] of [
      ['from purchase request', fromRequest],
      ['from purchase answer', fromAnswer],
    ]) {
      const sorted = [...list].sort((x, y) => x - y);
      console.log(
        `${label}: ${sorted.length} deliveries; p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted[sorted.length - 1])}`,
      );
    }
  } finally {
    for (const ws of sockets) ws.terminate();
    await Promise.all(
      instances.map(
        ({ child }) =>
          new Promise((resolve) =>
            child.exitCode !== null ? resolve() : (child.once('exit', resolve), child.kill('SIGTERM')),
          ),
      ),
    );
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
