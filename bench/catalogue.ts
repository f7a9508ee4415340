/**
 * (a) GET /api/ichiban-kuji-products against a bare Fastify serving the same bytes, alternating,
 * on PGlite and on PostgreSQL; (c) the same request as the shop grows from 12 to 500 products.
 * Each product is a 100-ticket set with a share of its tickets sold, so a listing that recounted
 * tickets would show it.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { systemClock } from '../apps/server/src/core/clock.ts';
import { migrateDatabase, openDatabase, type Database } from '../apps/server/src/db/database.ts';
import { insertTestShopper } from '../apps/server/src/modules/accounts/test-helpers.ts';
import {
  JWT_SECRET,
  benchDatabase,
  hasWrk,
  load,
  median,
  repoRoot,
  startInstance,
  stopInstance,
  wrkLoad,
  type Instance,
} from './lib.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SLICE_MS = Number(process.env.BENCH_SLICE_MS ?? 3000);
const CONNECTIONS = 50;

type Target =
  | { kind: 'pglite'; dir: string; drop: () => Promise<void> }
  | { kind: 'postgres'; url: string; drop: () => Promise<void> };

async function newTarget(kind: 'pglite' | 'postgres'): Promise<Target> {
  if (kind === 'postgres') return { kind, ...(await benchDatabase()) };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kujiya-bench-'));
  return { kind, dir, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Fills the target with `count` products (100 tickets each, 30 sold) through the services. */
async function seed(target: Target, count: number): Promise<void> {
  const database: Database =
    target.kind === 'postgres'
      ? await openDatabase({ url: target.url })
      : await openDatabase({ pgliteDir: path.join(target.dir, 'pglite') });
  await migrateDatabase(database, target.kind === 'postgres' ? target.url : undefined);
  const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET, DEMO_DATA: '0', LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, database, clock: systemClock, logger: false, webDist: false });
  try {
    const image = await app.services.media.putImage(
      app.ctx.db,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'image/svg+xml',
    );
    const buyer = await insertTestShopper(app, 'seeder');
    await app.ctx.db.transaction((tx) =>
      app.services.wallet.credit(tx, { userId: buyer.id, amount: 1_000_000, source: 'purchase', reference: 'bench' }),
    );
    const { token } = await app.ctx.tokens.sign(buyer);
    for (let i = 0; i < count; i++) {
      const { setId } = await app.ctx.db.transaction((tx) =>
        app.services.catalogue.createProduct(tx, {
          name: `Bench Set ${i}`,
          image,
          sku: `BENCH-${crypto.randomBytes(4).toString('hex')}-001`,
          tokenPrice: 10,
          priceCents: 1000,
          tags: ['Bench'],
          prizes: [
            { kind: 'letter', letter: 'A', description: 'A', image, type: 'Big', quantity: 10 },
            { kind: 'letter', letter: 'B', description: 'B', image, type: 'Small', quantity: 90 },
            { kind: 'last', description: 'Last', image, type: 'Big' },
          ],
        } as never),
      );
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/token/use',
        headers: { authorization: `Bearer ${token}` },
        payload: { setId, username: buyer.username, ticketsBought: 30 },
      });
      if (res.statusCode !== 200) throw new Error(`seed purchase failed: ${res.body}`);
    }
  } finally {
    await app.app.close();
    await database.close();
  }
}

function startBare(bodyFile: string): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'bench/bare-server.ts'), bodyFile], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) =>
      resolve({ url: JSON.parse(chunk.toString()).listening, process: child }),
    );
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
}

const getter = (url: string) => async () => {
  const res = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  await res.arrayBuffer();
  return res.status;
};

/** Closed-loop GETs of `url` (uncompressed): with wrk when installed, else with Node's fetch. */
async function loadUrl(url: string, opts: { connections: number; durationMs: number }) {
  return hasWrk ? wrkLoad(url, opts) : load(getter(url), opts);
}

/** Which load generator measured (printed with the figures). */
export const loadGenerator = hasWrk ? 'wrk (1 thread)' : "Node's fetch";

/** Starts the shop on a seeded target; answers its instance and one catalogue body. */
async function startShop(target: Target) {
  const shop = await startInstance(
    target.kind === 'postgres' ? { DATABASE_URL: target.url } : { DATA_DIR: target.dir },
  );
  const res = await fetch(`${shop.url}/api/ichiban-kuji-products`, { headers: { 'accept-encoding': 'identity' } });
  return { shop, body: Buffer.from(await res.arrayBuffer()) };
}

export interface CatalogueVsBare {
  database: string;
  shopRps: number;
  shopP99: number;
  bareRps: number;
  bareP99: number;
  ratio: number;
  bodyBytes: number;
}

/** (a) Alternates shop and bare slices; the ratio of the medians. */
export async function catalogueVsBare(kind: 'pglite' | 'postgres'): Promise<CatalogueVsBare> {
  const target = await newTarget(kind);
  let shop: Instance | undefined;
  let bare: Instance | undefined;
  try {
    await seed(target, 12);
    const started = await startShop(target);
    shop = started.shop;
    const bodyFile = path.join(os.tmpdir(), `kujiya-bench-body-${process.pid}.json`);
    fs.writeFileSync(bodyFile, started.body);
    bare = await startBare(bodyFile);
    const shopRuns = [];
    const bareRuns = [];
    for (let i = 0; i < ROUNDS; i++) {
      shopRuns.push(
        await loadUrl(`${shop.url}/api/ichiban-kuji-products`, { connections: CONNECTIONS, durationMs: SLICE_MS }),
      );
      bareRuns.push(
        await loadUrl(`${bare.url}/api/ichiban-kuji-products`, { connections: CONNECTIONS, durationMs: SLICE_MS }),
      );
    }
    const shopRps = median(shopRuns.map((r) => r.rps));
    const bareRps = median(bareRuns.map((r) => r.rps));
    return {
      database: kind,
      shopRps,
      shopP99: median(shopRuns.map((r) => r.p99)),
      bareRps,
      bareP99: median(bareRuns.map((r) => r.p99)),
      ratio: shopRps / bareRps,
      bodyBytes: started.body.length,
    };
  } finally {
    await stopInstance(shop);
    await stopInstance(bare);
    await target.drop();
  }
}

export interface Growth {
  small: { products: number; rps: number; p50: number; bodyBytes: number; sentBytes: number };
  large: { products: number; rps: number; p50: number; bodyBytes: number; sentBytes: number };
  latencyRatio: number;
  throughputRatio: number;
  encoding: string;
}

/**
 * (c) 12 -> 500 products on PostgreSQL: both shops seeded and running, slices alternating so the
 * machine's noise cancels, 10 connections, asking for brotli as a browser does (the body a shopper
 * receives). Needs wrk for the brotli header; Node's fetch would decode every answer it times.
 */
export async function growth(): Promise<Growth> {
  const targets = await Promise.all([newTarget('postgres'), newTarget('postgres')]);
  const shops: Instance[] = [];
  try {
    await seed(targets[0]!, 12);
    await seed(targets[1]!, 500);
    const started = [await startShop(targets[0]!), await startShop(targets[1]!)];
    shops.push(...started.map((s) => s.shop));
    const headers = hasWrk ? { 'accept-encoding': 'br' } : undefined;
    const sent = await Promise.all(
      shops.map(async (shop) => {
        const res = await fetch(`${shop.url}/api/ichiban-kuji-products`, {
          headers: { 'accept-encoding': hasWrk ? 'br' : 'identity' },
        });
        return Number(res.headers.get('content-length') ?? (await res.arrayBuffer()).byteLength);
      }),
    );
    const runs: Array<Array<{ rps: number; p50: number }>> = [[], []];
    for (let i = 0; i < ROUNDS; i++) {
      for (const [k, shop] of shops.entries()) {
        const url = `${shop.url}/api/ichiban-kuji-products`;
        runs[k]!.push(
          hasWrk
            ? wrkLoad(url, { connections: 10, durationMs: SLICE_MS, headers })
            : await load(getter(url), { connections: 10, durationMs: SLICE_MS }),
        );
      }
    }
    const [small, large] = [0, 1].map((k) => ({
      products: k === 0 ? 12 : 500,
      rps: median(runs[k]!.map((r) => r.rps)),
      p50: median(runs[k]!.map((r) => r.p50)),
      bodyBytes: started[k]!.body.length,
      sentBytes: sent[k]!,
    }));
    return {
      small: small!,
      large: large!,
      latencyRatio: large!.p50 / small!.p50,
      throughputRatio: small!.rps / large!.rps,
      encoding: hasWrk ? 'br' : 'identity',
    };
  } finally {
    await Promise.all(shops.map(stopInstance));
    await Promise.all(targets.map((target) => target.drop()));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const which = process.argv[2] ?? 'all';
  if (which === 'all' || which === 'bare') {
    console.log(JSON.stringify(await catalogueVsBare('pglite'), null, 2));
    console.log(JSON.stringify(await catalogueVsBare('postgres'), null, 2));
  }
  if (which === 'all' || which === 'growth') console.log(JSON.stringify(await growth(), null, 2));
}
