import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';
import { pipelineTransactions } from './round-trips.ts';
import { createProcessLog, type ProcessLog } from '../core/process-log.ts';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is behind it (PGlite or node-postgres). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** What a service method runs its queries on: the database, or a caller's open transaction. */
export type Executor = Db | Tx;

/** Whether `exec` is a transaction (named statements are prepared on the database itself only). */
export const isTransaction = (exec: Executor): exec is Tx => 'rollback' in exec;

/**
 * Statements prepared once per database (named, so neither query building nor planning is paid
 * again): `build` runs on the first use with each database and its result is kept with it.
 */
export function preparedPerDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const kept = new WeakMap<Db, T>();
  return (db) => {
    let prepared = kept.get(db);
    if (!prepared) kept.set(db, (prepared = build(db)));
    return prepared;
  };
}

export interface Database {
  db: Db;
  /**
   * Connections kept for transactions that take a hot lock (a round's purchase batches,
   * docs/performance.md), so they never queue for a connection behind every request's reads while
   * holding up the buyers waiting on that lock. PGlite has one connection: the same as `db`.
   */
  lockDb: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Plain SQL for the job queue (pg-boss's `db` option, src/jobs/queue.ts): on the main pool, or on
   * PGlite's one connection (queued behind an open transaction, never inside it). Without values the
   * text may hold several statements; the last one's rows are returned. A `prepared` name keeps the
   * statement's plan on each PostgreSQL connection (a frequent query without values is planned once
   * per connection, not on every run); PGlite runs it as plain text.
   */
  executeSql(text: string, values?: unknown[], prepared?: string): Promise<{ rows: Record<string, unknown>[] }>;
  /**
   * The connections now, for the metrics (docs/operations.md, "Metrics"): both PostgreSQL pools
   * summed; PGlite's one connection is in use while a transaction is open on it, idle otherwise.
   */
  connections(): { inUse: number; idle: number; waiting: number };
  close(): Promise<void>;
}

type Rows = { rows: Record<string, unknown>[] };
/** The rows of the last statement, whether the driver answered one result or one per statement. */
const lastRows = (result: Rows | Rows[]): Rows => ({
  rows: (Array.isArray(result) ? result.at(-1)?.rows : result.rows) ?? [],
});

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
// Any constant works; it only has to be the same in every instance sharing the database.
const MIGRATION_LOCK_KEY = 727_001;

/** Connections of `lockDb` per instance: one purchase batch per round at a time, a few rounds selling at once. */
export const LOCK_POOL_SIZE = 4;

/** Opens PostgreSQL when `url` is given, otherwise embedded PGlite in `pgliteDir` (in memory if absent). */
export async function openDatabase(opts: {
  url?: string;
  pgliteDir?: string;
  poolSize?: number;
  /** An in-memory PGlite started from this dumped data folder instead of a fresh one (tests). */
  pgliteImage?: Blob;
  /** How long a connection above the kept ones may sit idle before it closes (pg's 10 s; tests shorten it). */
  idleTimeoutMs?: number;
  /** Where a lost connection is logged (a JSON line on stderr by default). */
  log?: ProcessLog;
}): Promise<Database> {
  if (opts.url) {
    // Both pools keep every connection they have opened (min = max): a drop's opening, after minutes
    // of joins that needed few connections, must not pay for opening a dozen new ones per instance
    // (new backends, their caches cold, each named statement prepared again) in its busiest second.
    const kept = (max: number) => ({
      connectionString: opts.url,
      max,
      min: max,
      idleTimeoutMillis: opts.idleTimeoutMs,
    });
    const log = opts.log ?? createProcessLog();
    const pool = new pg.Pool(kept(opts.poolSize ?? 10));
    keepRunningOnLostConnections(pool, log);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    // In pg's pipeline mode: a batch's statements that do not wait for each other share a round
    // trip while it holds its round's lock (round-trips.ts).
    const lockPool = new pg.Pool({ ...kept(LOCK_POOL_SIZE), pipeline: true });
    keepRunningOnLostConnections(lockPool, log);
    const lockDb = drizzlePg(lockPool, { schema }) as unknown as Db;
    pipelineTransactions(lockDb);
    const executeSql = async (text: string, values: unknown[] = [], prepared?: string) =>
      lastRows(
        (prepared
          ? await pool.query({ name: prepared, text, values })
          : await pool.query(text, values.length ? values : undefined)) as unknown as Rows | Rows[],
      );
    const pools = [pool, lockPool];
    const connections = () => ({
      inUse: pools.reduce((n, p) => n + p.totalCount - p.idleCount, 0),
      idle: pools.reduce((n, p) => n + p.idleCount, 0),
      waiting: pools.reduce((n, p) => n + p.waitingCount, 0),
    });
    return {
      db,
      lockDb,
      kind: 'postgres',
      executeSql,
      connections,
      close: async () => void (await Promise.all([endPool(pool), endPool(lockPool)])),
    };
  }
  if (opts.pgliteDir) await fs.mkdir(opts.pgliteDir, { recursive: true });
  const client = opts.pgliteDir
    ? new PGlite(opts.pgliteDir)
    : new PGlite(opts.pgliteImage ? { loadDataDir: opts.pgliteImage } : {});
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const executeSql = async (text: string, values: unknown[] = []) =>
    values.length
      ? lastRows((await client.query(text, values)) as Rows)
      : lastRows((await client.exec(text)) as Rows[]);
  const connections = () => {
    const inUse = client.isInTransaction() ? 1 : 0;
    return { inUse, idle: 1 - inUse, waiting: 0 };
  };
  return { db, lockDb: db, kind: 'pglite', executeSql, connections, close: () => client.close() };
}

/**
 * A connection the server drops (stopped, restarted, failed over, an administrator's terminate)
 * emits 'error' on its client. The pool listens on idle clients only; a client checked out for a
 * transaction had none, and Node stopped the process on it. Every client gets a listener when it
 * connects: the query in flight fails on its own (answered 503, core/http-setup.ts), the pool drops
 * the broken client, and the next query opens a new one (docs/operations.md, "Database outages").
 */
function keepRunningOnLostConnections(pool: pg.Pool, log: ProcessLog): void {
  const lost = (error: Error) =>
    log.warn('PostgreSQL connection lost', { err: error, database: { inUse: pool.totalCount - pool.idleCount } });
  // The pool re-emits an idle client's error: already logged by the client's own listener.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', lost));
}

/**
 * Ends a pool and waits until every connection is really closed: `pool.end()` resolves as soon as
 * the clients are handed back, before their sockets close (a database dropped right after would
 * terminate them mid-goodbye and raise errors).
 */
async function endPool(pool: pg.Pool): Promise<void> {
  let open = pool.totalCount;
  const closed = new Promise<void>((resolve) => {
    if (open === 0) return resolve();
    pool.on('remove', () => {
      if (--open === 0) resolve();
    });
  });
  await pool.end();
  // Bounded: a socket that never reports its close must not keep a shutdown waiting.
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
}

/** Applies the committed migrations. On PostgreSQL an advisory lock keeps two starting instances apart. */
export async function migrateDatabase(database: Database, url?: string): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder });
    return;
  }
  const client = new pg.Client({ connectionString: url });
  // A connection lost mid-migration fails the query in flight (the start-up tries again); without a
  // listener its 'error' event would end the process.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await client.end().catch(() => {});
  }
}
