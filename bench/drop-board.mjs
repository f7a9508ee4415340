#!/usr/bin/env node
// Live prize board benchmark (not a test, docs/rules/drops.md "Live board"): two server instances on
// one PostgreSQL database and one Redis; SOCKETS anonymous sockets on instance A watch one demo set;
// BUYERS token purchases of 1 ticket are made on instance B, CONCURRENCY at a time. Prints how many
// boards each socket got, the most any socket got within one second (the bound is 4), and how long
// after the last purchase's answer each socket saw the final board (p50 / p99 / max).
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/<an empty database> REDIS_URL=redis://127.0.0.1:6379/4 \
//     npx node bench/drop-board.mjs
//
// Settings (environment): SOCKETS (500), BUYERS (20), CONCURRENCY (10), PORT_A / PORT_B (5201 / 5202).
// The database must be empty (the demo data is seeded into it); the Redis number names the channel.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/4';
const SOCKETS = Number(process.env.SOCKETS ?? 500);
const BUYERS = Number(process.env.BUYERS ?? 20);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 10);
const PORT_A = process.env.PORT_A ?? '5201';
const PORT_B = process.env.PORT_B ?? '5202';

function startInstance(port, demoData) {
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
        JWT_SECRET: 'drop-board-bench-secret-drop-board-0123',
        DEMO_DATA: demoData ? '1' : '0',
        LOG_LEVEL: 'warn',
        SHUTDOWN_DRAIN_SECONDS: '0',
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

/** A socket watching `setId`, recording the arrival time and `left` of each board. */
function watchingSocket(url, setId) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/ws`);
    const boards = [];
    ws.on('message', (data) => {
      const message = JSON.parse(String(data));
      if (message.type === 'connected') ws.send(JSON.stringify({ type: 'watch', setIds: [setId] }));
      if (message.type !== 'board') return;
      boards.push({ at: performance.now(), left: message.left });
      if (boards.length === 1) resolve({ ws, boards });
    });
    ws.once('error', reject);
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const ms = (n) => `${n.toFixed(1)} ms`;
const leftOf = (product) => Number(String(product.quantity).split('/')[0]);

async function main() {
  if (!databaseUrl) throw new Error('Set DATABASE_URL to an empty PostgreSQL database');
  const instances = [];
  const sockets = [];
  try {
    const a = await startInstance(PORT_A, true);
    instances.push(a);
    const b = await startInstance(PORT_B, false);
    instances.push(b);
    console.log(`instances: A ${a.url}, B ${b.url}; Redis ${redisUrl}`);
    const login = await fetch(`${b.url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo', password: 'Demo123!' }),
    }).then((r) => r.json());
    // Enough tokens for every purchase: the owner credits the demo shopper.
    const owner = await fetch(`${b.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'Admin123!' }),
    }).then((r) => r.json());
    const shopperId = JSON.parse(Buffer.from(login.token.split('.')[1], 'base64url').toString()).sub;
    const credited = await fetch(`${b.url}/api/admin/shoppers/${shopperId}/tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ delta: 100_000, reason: 'drop board bench' }),
    });
    if (credited.status !== 200) throw new Error(`credit answered ${credited.status}: ${await credited.text()}`);
    const products = await fetch(`${b.url}/api/ichiban-kuji-products`).then((r) => r.json());
    const product = products.all
      .filter((p) => !p.promotion && !p.lottery.enabled && !p.preorder)
      .sort((x, y) => leftOf(y) - leftOf(x))[0];
    const buyers = Math.min(BUYERS, leftOf(product) - 1);
    for (let i = 0; i < SOCKETS; i += 100) {
      const batch = Array.from({ length: Math.min(100, SOCKETS - i) }, () => watchingSocket(a.url, product.setId));
      sockets.push(...(await Promise.all(batch)));
    }
    const startLeft = leftOf(product);
    console.log(`${sockets.length} sockets on A watch "${product.name}" (${startLeft} left); ${buyers} purchases on B`);

    const started = performance.now();
    let lastAnswer = 0;
    let next = 0;
    const buyOne = async () => {
      while (next < buyers) {
        next++;
        const res = await fetch(`${b.url}/api/token/use`, {
          method: 'POST',
          headers: { authorization: `Bearer ${login.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'demo', setId: product.setId, ticketsBought: 1 }),
        });
        if (res.status !== 200) throw new Error(`purchase answered ${res.status}: ${await res.text()}`);
        lastAnswer = performance.now();
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, buyOne));
    const finalLeft = startLeft - buyers;
    const deadline = performance.now() + 30_000;
    while (sockets.some((s) => s.boards.at(-1).left !== finalLeft) && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const behind = sockets.filter((s) => s.boards.at(-1).left !== finalLeft).length;
    const delays = sockets
      .map((s) => s.boards.find((x) => x.left === finalLeft)?.at - lastAnswer)
      .filter((d) => d >= 0);
    const counts = sockets.map((s) => s.boards.length - 1);
    const perSecond = sockets.map((s) => {
      const times = s.boards.slice(1).map((x) => x.at);
      return Math.max(0, ...times.map((t) => times.filter((u) => u >= t && u < t + 1000).length));
    });
    const sorted = [...delays].sort((x, y) => x - y);
    console.log(`purchases took ${ms(lastAnswer - started)}; sockets not on the final board after 30 s: ${behind}`);
    console.log(`boards per socket after the first: min ${Math.min(...counts)}, max ${Math.max(...counts)}`);
    console.log(`most boards within any 1 s on one socket: ${Math.max(...perSecond)} (bound 4)`);
    console.log(
      `final board after the last answer: p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted.at(-1))}`,
    );
  } finally {
    for (const s of sockets) s.ws.terminate();
    await Promise.all(
      instances.map(
        ({ child }) =>
          new Promise((resolve) =>
            child.exitCode !== null ? resolve() : (child.once('exit', resolve), child.kill('SIGTERM')),
          ),
      ),
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
