/**
 * (f) The drop with a waiting room (issue 31): 5,000 shoppers join a 2,000-ticket round's room
 * before its opening, over three server instances on one PostgreSQL (and Redis for the live bus,
 * BENCH_REDIS_URL); each keeps a live socket (or polls its status every 2 s) and buys up to the
 * set's limit as soon as the room admits it. Printed: sold out after the opening, admission to
 * accepted purchase, position-update delay, oversell and limits in SQL, and the admission order
 * against the verifiable order. Without a room (the join answers 404) it measures the plain drop
 * with the same shoppers: everyone buys at the opening.
 */
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { systemClock } from '../apps/server/src/core/clock.ts';
import { migrateDatabase, openDatabase } from '../apps/server/src/db/database.ts';
import { users } from '../apps/server/src/modules/accounts/tables.ts';
import { TEST_VAPID_ENV } from '../apps/server/src/test/test-app.ts';
import { tokenLedger, tokenLots } from '../apps/server/src/modules/wallet/tables.ts';
import { TOKEN_PRICE, createRound } from './drop.ts';
import {
  JWT_SECRET,
  benchDatabase,
  namedBenchDatabase,
  percentile,
  startInstance,
  stopInstance,
  type Instance,
} from './lib.ts';
import {
  admissionOrderCheck,
  admissionToPurchase,
  admissionToPurchaseBySecond,
  admissionToldLate,
  positionUpdateDelays,
  sqlChecks,
  type SqlChecks,
} from './room-checks.ts';
import { RoomShopper, wallClock, type BenchShopper } from './room-shopper.ts';
import { entrantListHash, roomOrder } from '@kujiya/shared';

export interface RoomOptions {
  shoppers: number;
  tickets: number;
  /** The set's `maxTicketsPerShopper`. */
  limit: number;
  instances: number;
  /** The opening is this many seconds after the shoppers' pages are open (then they join). */
  leadSeconds: number;
  /** Live sockets (`/ws`) for the room's updates; else status polls every 2 s. */
  sockets: boolean;
  /** Shoppers who buy one ticket of another set before the drop (BENCH_ROOM_WARMUP; 0: fresh instances). */
  warmUp: number;
}

export interface RoomResult extends Omit<SqlChecks, 'room'> {
  options: RoomOptions;
  /** Whether the join answered 2xx (a room exists); the status codes of the joins otherwise. */
  room: boolean;
  joins: Record<string, number>;
  /** How long before the opening the last join was answered (negative: after it). */
  joinsDoneBeforeOpeningMs: number;
  socketsAuthenticated: number;
  /** Opening → last accepted purchase, when every ticket was sold. */
  soldOutMs: number | undefined;
  admittedShoppers: number;
  admissionToPurchaseP50: number;
  admissionToPurchaseP99: number;
  /** From each admission's time in the room's rows to the shopper learning of it. */
  admissionToldLateP50: number;
  admissionToldLateP99: number;
  /** The same by when the shopper was admitted: the opening's first second, the next, after. */
  admissionToPurchaseBySecond: { label: string; shoppers: number; p50: number; p99: number }[];
  positionUpdates: number;
  positionDelayP50: number;
  positionDelayP99: number;
  /** Admitted entrants out of the verifiable order (undefined: no hash published, or no room). */
  orderCheck:
    { admitted: number; outOfOrder: number; toleranceMs: number; sameOrder: boolean; hashMatches: boolean } | undefined;
  refusals: Record<string, number>;
  serverErrors: number;
  /** The load generator during the drop (opening → stop): its event loop's p99 delay and its CPU (share of one core). */
  generator: {
    loopDelayP99Ms: number;
    cpuShare: number;
    /** The same over the opening's first second: the longest loop delay and the CPU share. */
    firstSecond: { loopDelayMaxMs: number; cpuShare: number } | undefined;
  };
  /** Probes beyond the limit after a shopper reached it: accepted, or each refusal code. */
  probes: Record<string, number>;
}

type App = Awaited<ReturnType<typeof buildApp>>;

/** `count` shoppers written straight into the database with enough tokens for the limit and a probe. */
async function seedShoppers(app: App, count: number, tokensEach: number): Promise<BenchShopper[]> {
  const now = new Date();
  const expiresAt = new Date(now.getTime() + 365 * 86_400_000);
  const shoppers: BenchShopper[] = [];
  for (let from = 0; from < count; from += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - from) }, (_, i) => {
      const id = crypto.randomUUID();
      const username = `room${from + i}`;
      return { id, username, email: `${username}@bench.invalid`, passwordHash: 'bench: no password' };
    });
    await app.ctx.db.insert(users).values(rows.map((r) => ({ ...r, createdAt: now, updatedAt: now })));
    const lots = await app.ctx.db
      .insert(tokenLots)
      .values(
        rows.map((r) => ({
          userId: r.id,
          amount: tokensEach,
          amountLeft: tokensEach,
          expiresAt,
          source: 'adjustment' as const,
          reference: 'bench',
          createdAt: now,
        })),
      )
      .returning({ id: tokenLots.id, userId: tokenLots.userId });
    await app.ctx.db.insert(tokenLedger).values(
      lots.map((lot) => ({
        userId: lot.userId,
        delta: tokensEach,
        reason: 'adjustment' as const,
        lotId: lot.id,
        reference: 'bench',
        createdAt: now,
      })),
    );
    for (const r of rows) {
      const { token } = await app.ctx.tokens.sign({ id: r.id, username: r.username, role: 'user', tokenVersion: 0 });
      shoppers.push({ id: r.id, username: r.username, token });
    }
  }
  return shoppers;
}

/** The round's opening and the set's limit, set in SQL (the admin PUT refuses an opening < 60 s ahead). */
async function scheduleDrop(app: App, setId: string, opensAt: Date, limit: number) {
  await app.ctx.db.execute(sql`update set_rounds set sales_start_at = ${opensAt} where id = ${setId}`);
  await app.ctx.db.execute(
    sql`update products set max_tickets_per_shopper = ${limit} where id = (select product_id from set_rounds where id = ${setId})`,
  );
  // BENCH_ROOM_RATE: the owner's admission rate (the room's row, as the drop monitor's form saves it).
  const rate = Number(process.env.BENCH_ROOM_RATE ?? 0);
  if (rate > 0) {
    await app.ctx.db.execute(
      sql`insert into drop_rooms (set_id, created_at, admissions_per_second) values (${setId}, now(), ${rate})`,
    );
  }
}

/**
 * The servers run as a shop runs them (NODE_ENV=production: React's production build for the mails,
 * no development checks), with the built-in test gateway and courier switched on as production asks.
 */
export const productionEnv = {
  NODE_ENV: 'production',
  PAYMENTS: 'test',
  TEST_COURIER: '1',
  ADMIN_TWO_FACTOR: 'optional',
  // The tests' key pair: the bench sends no push.
  ...TEST_VAPID_ENV,
};
function startInstances(url: string, count: number): Promise<Instance[]> {
  const base = Number(process.env.BENCH_PORT_BASE ?? 0);
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      startInstance({
        DATABASE_URL: url,
        // Three instances' pools (and their lock pools) within PostgreSQL's 100 connections.
        DATABASE_POOL_SIZE: process.env.BENCH_POOL_SIZE ?? '12',
        // Every shopper's socket comes from 127.0.0.1.
        LIVE_MAX_SOCKETS_PER_IP: '20000',
        PORT: base ? String(base + i) : '0',
        ...(process.env.BENCH_REDIS_URL ? { REDIS_URL: process.env.BENCH_REDIS_URL } : {}),
        ...productionEnv,
      }),
    ),
  );
}

/** Runs `step` for every shopper, 250 at a time (the generator's pace for a crowd arriving). */
async function inWaves(shoppers: RoomShopper[], step: (shopper: RoomShopper) => Promise<unknown>) {
  for (let from = 0; from < shoppers.length; from += 250) {
    await Promise.all(shoppers.slice(from, from + 250).map(step));
  }
}

/** Each shopper opens the set's page: the listing on its connection, and its live socket. */
function openPages(shoppers: RoomShopper[], sockets: boolean) {
  return inWaves(shoppers, async (s) => {
    await s.openPage().catch(() => undefined);
    if (sockets) await s.openSocket();
  });
}

/**
 * BENCH_ROOM_WARMUP: before the drop, that many shoppers each buy one ticket of another set, as on an
 * instance that has been selling for a while and so has run the purchase path before
 * (docs/performance.md: it did not change the opening's figures).
 */
async function warmUp(app: App, buyers: RoomShopper[]) {
  const { setId } = await createRound(app, 'Bench Warm-up', buyers.length);
  await inWaves(buyers, (s) => s.buyOne(setId).catch(() => undefined));
}

/** Joins, as shoppers arriving over the last minutes. */
function joinAll(shoppers: RoomShopper[]) {
  return inWaves(shoppers, (s) => s.join().catch(() => 0));
}

/** Waits until every ticket is sold (then 1 s for answers in flight) or `deadline` (wall clock). */
function untilSoldOut(sold: () => number, tickets: number, deadline: number): Promise<void> {
  return new Promise((resolve) => {
    const check = setInterval(() => {
      if (sold() >= tickets || wallClock() > deadline) {
        clearInterval(check);
        setTimeout(resolve, 1000);
      }
    }, 50);
  });
}

/** Whether the load generator kept up: its event loop's delay and its CPU while the drop runs. */
function watchGenerator() {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const cpu = process.cpuUsage();
  const start = performance.now();
  const share = (since: NodeJS.CpuUsage, from: number) => {
    const used = process.cpuUsage(since);
    return (used.user + used.system) / 1000 / (performance.now() - from);
  };
  // The opening's first second on its own: the generator reads 5,000 places in it.
  let firstSecond: RoomResult['generator']['firstSecond'];
  const firstSecondTimer = setTimeout(() => {
    firstSecond = { loopDelayMaxMs: loop.max / 1e6, cpuShare: share(cpu, start) };
  }, 1000);
  return {
    stop(): RoomResult['generator'] {
      clearTimeout(firstSecondTimer);
      loop.disable();
      return { loopDelayP99Ms: loop.percentile(99) / 1e6, cpuShare: share(cpu, start), firstSecond };
    },
  };
}

const tally = (values: Iterable<string>) => {
  const counts: Record<string, number> = {};
  for (const v of values) counts[v] = (counts[v] ?? 0) + 1;
  return counts;
};

export async function runRoomDrop(options: RoomOptions): Promise<RoomResult> {
  const named = process.env.BENCH_ROOM_DATABASE;
  const database = named ? await namedBenchDatabase(named) : await benchDatabase();
  const db = await openDatabase({ url: database.url });
  await migrateDatabase(db, database.url);
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET,
    DEMO_DATA: '0',
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.url,
  });
  const app = await buildApp({ config, database: db, clock: systemClock, logger: false, webDist: false });
  let instances: Instance[] = [];
  let shoppers: RoomShopper[] = [];
  try {
    const { setId } = await createRound(app, 'Bench Room Drop', options.tickets);
    const warmUps = Math.min(options.warmUp, options.shoppers);
    // Tokens for the limit and the probe (and the warm-up's one ticket).
    const seeded = await seedShoppers(app, options.shoppers, (options.limit + 1 + (warmUps > 0 ? 1 : 0)) * TOKEN_PRICE);
    instances = await startInstances(database.url, options.instances);
    let sold = 0;
    const plan = {
      setId,
      limit: options.limit,
      perOrder: options.limit,
      probe: true,
      pollMs: options.sockets ? null : 2000,
    };
    shoppers = seeded.map((s, i) => new RoomShopper(s, instances[i % instances.length]!.url, plan, (n) => (sold += n)));
    await openPages(shoppers, options.sockets);
    if (warmUps > 0) await warmUp(app, shoppers.slice(0, warmUps));
    // Scheduled once the instances serve: their listing shows it within LISTING_MAX_AGE_MS (1 s).
    const openingAt = Date.now() + options.leadSeconds * 1000;
    await scheduleDrop(app, setId, new Date(openingAt), options.limit);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await joinAll(shoppers);
    const joinsDoneBeforeOpeningMs = openingAt - wallClock();
    const room = shoppers.some((s) => s.joinStatus >= 200 && s.joinStatus < 300);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, openingAt - wallClock())));
    const generator = watchGenerator();
    for (const s of shoppers) {
      if (room) s.waitInRoom();
      else s.admitAt(openingAt);
    }
    await untilSoldOut(
      () => sold,
      options.tickets,
      openingAt + Number(process.env.BENCH_ROOM_TIMEOUT_SECONDS ?? 120) * 1000,
    );
    await Promise.all(shoppers.map((s) => s.stop()));
    const generatorLoad = generator.stop();
    await Promise.all(instances.map(stopInstance));
    const checks = await sqlChecks(database.url, setId, options.limit);
    if (process.env.BENCH_ROOM_DUMP) {
      const rows = shoppers.map((s) => ({ admittedAt: s.admittedAt, accepted: s.accepted, id: s.shopper.id }));
      fs.writeFileSync(process.env.BENCH_ROOM_DUMP, JSON.stringify({ openingAt, rows, room: checks.room }));
    }
    return summarize({ options, shoppers, checks, openingAt, room, joinsDoneBeforeOpeningMs, generatorLoad });
  } finally {
    await Promise.all(shoppers.map((s) => s.stop()));
    await Promise.all(instances.map(stopInstance));
    await app.app.close();
    await db.close();
    if (!named) await database.drop();
  }
}

function summarize(run: {
  options: RoomOptions;
  shoppers: RoomShopper[];
  checks: SqlChecks;
  openingAt: number;
  room: boolean;
  joinsDoneBeforeOpeningMs: number;
  generatorLoad: RoomResult['generator'];
}): RoomResult {
  const { shoppers, checks, openingAt } = run;
  const lastAccepted = Math.max(...shoppers.flatMap((s) => s.accepted.map((a) => a.at)));
  const toPurchase = admissionToPurchase(shoppers);
  const toldLate = admissionToldLate(shoppers, checks.room);
  const delays = run.room ? positionUpdateDelays(shoppers, openingAt) : [];
  return {
    ...checks,
    options: run.options,
    room: run.room,
    joins: tally(shoppers.map((s) => String(s.joinStatus))),
    joinsDoneBeforeOpeningMs: run.joinsDoneBeforeOpeningMs,
    socketsAuthenticated: shoppers.filter((s) => s.authenticated).length,
    soldOutMs: checks.taken >= checks.totalTickets ? lastAccepted - openingAt : undefined,
    admittedShoppers: shoppers.filter((s) => s.admittedAt !== undefined).length,
    admissionToPurchaseP50: percentile(toPurchase, 50),
    admissionToPurchaseP99: percentile(toPurchase, 99),
    admissionToldLateP50: percentile(toldLate, 50),
    admissionToldLateP99: percentile(toldLate, 99),
    admissionToPurchaseBySecond: admissionToPurchaseBySecond(shoppers, openingAt).map(({ label, times }) => ({
      label,
      shoppers: times.length,
      p50: percentile(times, 50),
      p99: percentile(times, 99),
    })),
    positionUpdates: delays.length,
    positionDelayP50: percentile(delays, 50),
    positionDelayP99: percentile(delays, 99),
    orderCheck: run.room ? orderCheck(checks) : undefined,
    refusals: tally(shoppers.flatMap((s) => [...s.refusals].flatMap(([code, n]) => Array<string>(n).fill(code)))),
    serverErrors: shoppers.reduce((n, s) => n + s.serverErrors, 0),
    generator: run.generatorLoad,
    probes: tally(shoppers.flatMap((s) => (s.probe ? [s.probe] : []))),
  };
}

/**
 * The room's order against the verifiable one, from the room's own rows: the entrants ordered at the
 * opening must stand in the order the shared rule computes from the revealed seed, the published hash
 * must be their list's hash, and their admissions must follow that order (exact times, tolerance 0).
 */
function orderCheck(checks: SqlChecks) {
  const room = checks.room;
  if (!room?.entrantListHash) return undefined;
  const atOpening = room.entrants
    .filter((e) => e.openingNumber !== null)
    .sort((a, b) => a.openingNumber! - b.openingNumber!);
  const ids = atOpening.map((e) => e.entrantId);
  const verifiable = roomOrder(checks.serverSeed, ids);
  const admittedAt = new Map(atOpening.flatMap((e) => (e.admitAt === null ? [] : [[e.entrantId, e.admitAt] as const])));
  return {
    ...admissionOrderCheck(verifiable, admittedAt, 0),
    toleranceMs: 0,
    sameOrder: verifiable.every((id, i) => id === ids[i]),
    hashMatches: entrantListHash(ids) === room.entrantListHash,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await runRoomDrop(roomOptionsFromEnv()), null, 2));
}

export function roomOptionsFromEnv(): RoomOptions {
  return {
    shoppers: Number(process.env.BENCH_SHOPPERS ?? 5000),
    tickets: Number(process.env.BENCH_ROOM_TICKETS ?? 2000),
    limit: Number(process.env.BENCH_LIMIT ?? 2),
    instances: Number(process.env.BENCH_INSTANCES ?? 3),
    leadSeconds: Number(process.env.BENCH_ROOM_LEAD_SECONDS ?? 30),
    sockets: process.env.BENCH_ROOM_POLL !== '1',
    warmUp: Number(process.env.BENCH_ROOM_WARMUP ?? 0),
  };
}
