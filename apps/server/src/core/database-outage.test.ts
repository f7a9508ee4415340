import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { ErrorCode, IDEMPOTENT_REPLAYED_HEADER } from '@kujiya/shared';
import { buildApp, type KujiyaApp } from '../app.ts';
import { startServer } from '../server.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { freePort } from '../test/free-port.ts';
import { until } from '../test/instances.ts';
import { tcpForwarder, type TcpForwarder } from '../test/tcp-forwarder.ts';
import { createTestProduct } from '../modules/catalogue/test-helpers.ts';
import { fundedShopper } from '../modules/orders/test-helpers.ts';
import { insertTestShopper } from '../modules/accounts/test-helpers.ts';
import { DATABASE_UNREACHABLE } from './http-setup.ts';
import { createProcessLog } from './process-log.ts';

/**
 * The API while its database cannot be reached (docs/operations.md, "Database outages"): every call
 * that needs it answers 503 with Retry-After and SERVICE_UNAVAILABLE, never 500; a purchase that
 * committed is answered as done even when its answer can no longer be recorded.
 */
const unavailable = { message: DATABASE_UNREACHABLE, code: ErrorCode.SERVICE_UNAVAILABLE };
const quietLog = createProcessLog(undefined, () => {});

const onPostgres = process.env.TEST_DB === 'postgres';
const testConfig = (env: Record<string, string> = {}) =>
  loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    DEMO_DATA: '0',
    LOG_LEVEL: 'silent',
    ...env,
  });

/** A test database reached through a port the test can close (a stopped server) and open again. */
async function forwardedDatabase(t: TestApp): Promise<{ forwarder: TcpForwarder; url: string }> {
  const direct = new URL((t.database as { url?: string }).url!);
  const forwarder = tcpForwarder(await freePort(), { host: direct.hostname, port: Number(direct.port || 5432) });
  const url = new URL(direct);
  url.port = String(forwarder.port);
  return { forwarder, url: url.toString() };
}

describe.runIf(onPostgres)('an app whose PostgreSQL stops answering (PostgreSQL)', () => {
  let t: TestApp;
  let database: Database;
  let built: KujiyaApp;
  let forwarder: TcpForwarder;
  beforeAll(async () => {
    t = await createTestApp();
    const forwarded = await forwardedDatabase(t);
    forwarder = forwarded.forwarder;
    await forwarder.open();
    database = await openDatabase({ url: forwarded.url, log: quietLog });
    built = await buildApp({ config: testConfig(), database, logger: false, webDist: false });
    await built.app.ready();
  });
  afterAll(async () => {
    await built?.app.close();
    await database?.close();
    await forwarder?.close();
    await t?.close();
  });

  it('answers 503 with Retry-After to reads and sign-in, /readyz 503, /healthz 200; serves again once it is back', async () => {
    const { token } = await built.ctx.tokens.sign(await insertTestShopper(t, 'outagereader'));
    const calls = [
      // The product list may be answered from its cache: the balance is read from the database each time.
      { method: 'GET' as const, url: '/api/token/balance', headers: { authorization: `Bearer ${token}` } },
      {
        method: 'POST' as const,
        url: '/api/users/login',
        payload: { username: 'someone', password: 'secret-password' },
      },
    ];
    expect((await built.app.inject(calls[0]!)).statusCode).toBe(200);
    // Its open connections are cut and new ones refused, as when the server stops.
    await forwarder.close();
    for (const call of calls) {
      const res = await built.app.inject(call);
      expect(res.statusCode, call.url).toBe(503);
      expect(res.headers['retry-after'], call.url).toBe('2');
      expect(res.json(), call.url).toEqual(unavailable);
    }
    const ready = await built.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ code: ErrorCode.SERVICE_UNAVAILABLE, checks: { database: 'down' } });
    expect((await built.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await forwarder.open();
    expect((await built.app.inject(calls[0]!)).statusCode).toBe(200);
    expect((await built.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('an instance started while it is down waits, answering /healthz 200 and /readyz 503, and serves once it is up', async () => {
    const forwarded = await forwardedDatabase(t);
    const port = await freePort();
    const lines: string[] = [];
    const config = testConfig({ DATABASE_URL: forwarded.url, PORT: String(port), HOST: '127.0.0.1' });
    const starting = startServer({
      config,
      webDist: false,
      log: createProcessLog('waiting', (line) => lines.push(line)),
    });
    const get = (path: string) =>
      fetch(`http://127.0.0.1:${port}${path}`).then(
        async (res) => ({ status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() }),
        () => ({ status: 0, retryAfter: null, body: null }),
      );
    await until(async () => (await get('/healthz')).status === 200, 30_000, 50);
    expect((await get('/readyz')).status).toBe(503);
    expect(await get('/api/ichiban-kuji-products')).toEqual({ status: 503, retryAfter: '2', body: unavailable });
    await forwarded.forwarder.open();
    const server = await starting;
    try {
      expect((await get('/readyz')).status).toBe(200);
      expect((await get('/api/ichiban-kuji-products')).status).toBe(200);
      const logged = lines.map((line) => JSON.parse(line) as { level: number; msg: string });
      expect(logged.map((line) => line.msg)).toEqual(
        expect.arrayContaining(['database unreachable at start-up: waiting for it', 'database reached: starting']),
      );
    } finally {
      await server.close();
      await forwarded.forwarder.close();
    }
  });
});

describe('a purchase that committed but whose answer cannot be recorded afterwards', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // The reply hook's own update of the key fails as if the connection had just been lost: only
    // an update of a key already done (the purchase's transaction stored its answer) is refused.
    await t.database.executeSql(`
      create function refuse_done_key_update() returns trigger language plpgsql as $$
      begin
        if old.state = 'done' then
          raise exception 'terminating connection due to administrator command' using errcode = '57P01';
        end if;
        return new;
      end $$;
      create trigger refuse_done_key_update before update on idempotency_keys
        for each row execute function refuse_done_key_update();`);
  });
  afterAll(async () => t.close());

  it('is still answered 200 with its order, and the key replays that answer later', async () => {
    const { setId } = await createTestProduct(t);
    const shopper = await fundedShopper(t, 'outagebuyer', 1_000);
    const buy = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/token/use',
        headers: { ...shopper.headers, 'idempotency-key': 'outage-key-1' },
        payload: { username: shopper.user.username, setId, ticketsBought: 1 },
      });
    const first = await buy();
    expect(first.statusCode).toBe(200);
    const { orderId } = first.json() as { orderId: string };
    expect(orderId).toBeTruthy();
    const again = await buy();
    expect(again.statusCode).toBe(200);
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect(again.json()).toEqual(first.json());
    const { rows } = await t.database.executeSql('select count(*)::int as n from orders where user_id = $1', [
      shopper.user.id,
    ]);
    expect(rows[0]!.n).toBe(1);
  });
});

describe.runIf(onPostgres)('a connection ended under a request (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers 503, not 500, when the server terminates the session mid-query (57P01), and serves the next call', async () => {
    const url = (t.database as { url?: string }).url!;
    const shopper = await fundedShopper(t, 'terminated', 100);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      // The balance read waits on this lock; its session is then terminated as `pg_ctl stop -m fast` would.
      await admin.query('begin');
      await admin.query('lock table token_lots in access exclusive mode');
      const reading = t.app.inject({ method: 'GET', url: '/api/token/balance', headers: shopper.headers });
      const waiting = async () =>
        (
          await admin.query(
            `select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
          )
        ).rows as { pid: number }[];
      let blocked: { pid: number }[] = [];
      for (let i = 0; i < 200 && blocked.length === 0; i++) {
        blocked = await waiting();
        if (blocked.length === 0) await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(blocked.length).toBeGreaterThan(0);
      for (const { pid } of blocked) await admin.query('select pg_terminate_backend($1)', [pid]);
      const res = await reading;
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('2');
      expect(res.json()).toEqual(unavailable);
    } finally {
      await admin.query('rollback').catch(() => {});
      await admin.end();
    }
    const next = await t.app.inject({ method: 'GET', url: '/api/token/balance', headers: shopper.headers });
    expect(next.statusCode).toBe(200);
  });
});
