/**
 * (b) The drop: 1,000 buyers, one token ticket each, race for a 500-ticket round served by two
 * server instances on one PostgreSQL. Prints sell-out time, accepted/s, latency percentiles of the
 * accepted purchases, the consistency checks, and the same purchase as a plain-SQL transaction
 * (the anchor) on the same database, run right after so the machine's noise mostly cancels.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { systemClock } from '../apps/server/src/core/clock.ts';
import { migrateDatabase, openDatabase } from '../apps/server/src/db/database.ts';
import { insertTestShopper } from '../apps/server/src/modules/accounts/test-helpers.ts';
import {
  BenchConnection,
  JWT_SECRET,
  benchDatabase,
  percentile,
  startInstance,
  stopInstance,
  type Instance,
} from './lib.ts';

export interface DropResult {
  /** Whether each buyer's connection (and the anchor's pool) was open before the start. */
  warm: boolean;
  buyers: number;
  tickets: number;
  sellOutMs: number;
  acceptedPerSecond: number;
  p50: number;
  p90: number;
  p99: number;
  accepted: number;
  refused: number;
  serverErrors: number;
  oversold: number;
  ledgerMatches: boolean;
  plainSqlPerSecond: number;
  /** Median wait of the plain-SQL purchases that got a ticket (all started at once, like the buyers). */
  plainSqlP50: number;
  ratio: number;
}

export const TOKEN_PRICE = 10;

const smallPrizes = (tickets: number) =>
  Array.from({ length: Math.ceil(tickets / 1000) }, (_, i) => Math.min(1000, tickets - i * 1000));

export async function createRound(app: Awaited<ReturnType<typeof buildApp>>, name: string, tickets: number) {
  const image = await app.services.media.putImage(
    app.ctx.db,
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    'image/svg+xml',
  );
  const a = Math.floor(tickets / 10);
  const b = Math.floor(tickets * 0.3);
  return app.ctx.db.transaction((tx) =>
    app.services.catalogue.createProduct(tx, {
      name,
      image,
      sku: `BENCH-${crypto.randomBytes(3).toString('hex')}-001`,
      tokenPrice: TOKEN_PRICE,
      priceCents: 1000,
      tags: ['Bench'],
      prizes: [
        { kind: 'letter', letter: 'A', description: 'A', image, type: 'Big', quantity: a },
        { kind: 'letter', letter: 'B', description: 'B', image, type: 'Small', quantity: b },
        // The rest in prizes of at most 1,000 tickets each (a prize's limit): C, D, …
        ...smallPrizes(tickets - a - b).map((quantity, i) => {
          const letter = String.fromCharCode(67 + i);
          return { kind: 'letter', letter, description: letter, image, type: 'Small', quantity };
        }),
        { kind: 'last', description: 'Last', image, type: 'Big' },
      ],
    } as never),
  );
}

/**
 * `warm`: every buyer has a connection open to their instance before the start, as a shopper waiting
 * on the product page has (the page and its live socket are loaded); cold, all 1,000 connections
 * are opened in the same instant, which on this machine mostly measures the load generator.
 */
export async function runDrop(
  opts: { buyers: number; tickets: number; warm: boolean } = { buyers: 1000, tickets: 500, warm: true },
): Promise<DropResult> {
  const database = await benchDatabase();
  const instances: Instance[] = [];
  let closeApp = async () => {};
  try {
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
    closeApp = async () => {
      await app.app.close();
      await db.close();
    };
    const { setId } = await createRound(app, 'Bench Drop', opts.tickets);
    const { setId: anchorSetId } = await createRound(app, 'Bench Anchor', opts.tickets);

    // Buyers: each with 1 ticket's worth of tokens twice (drop + anchor).
    const buyers: { id: string; username: string; authorization: string }[] = [];
    for (let i = 0; i < opts.buyers; i += 50) {
      const chunk = await Promise.all(
        Array.from({ length: Math.min(50, opts.buyers - i) }, async (_, j) => {
          const user = await insertTestShopper(app, `bench${i + j}`);
          await app.ctx.db.transaction((tx) =>
            app.services.wallet.credit(tx, {
              userId: user.id,
              amount: 2 * TOKEN_PRICE,
              source: 'purchase',
              reference: 'bench',
            }),
          );
          const { token } = await app.ctx.tokens.sign(user);
          return { id: user.id, username: user.username, authorization: `Bearer ${token}` };
        }),
      );
      buyers.push(...chunk);
    }

    const env = { DATABASE_URL: database.url };
    instances.push(...(await Promise.all([startInstance(env), startInstance(env)])));
    // Buyer i's instance, alternating; a connection to it that has served the catalogue.
    const instanceUrl = (i: number) => instances[i % instances.length]!.url;
    const openWarm = async (i: number) => {
      const connection = BenchConnection.open(instanceUrl(i));
      await connection.request('GET', '/api/ichiban-kuji-products');
      return connection;
    };
    // Warm both instances (JIT, pool connections) and the load generator on the catalogue, each
    // request on a connection of its own that is closed after.
    for (let round = 0; round < 4; round++) {
      await Promise.all(Array.from({ length: 100 }, async (_, i) => (await openWarm(i)).close()));
    }

    // Warm: each buyer's connection is open (and has served the catalogue) before the start, as a
    // shopper's on the product page; cold, it is opened at the start, the request written as soon as
    // it is up.
    const connections = opts.warm ? await Promise.all(buyers.map((_, i) => openWarm(i))) : undefined;
    const start = performance.now();
    const outcomes = await Promise.all(
      buyers.map(async (buyer, i) => {
        const t0 = performance.now();
        const connection = connections?.[i] ?? BenchConnection.open(instanceUrl(i));
        const res = await connection.request(
          'POST',
          '/api/token/use',
          { authorization: buyer.authorization, 'content-type': 'application/json' },
          JSON.stringify({ setId, username: buyer.username, ticketsBought: 1 }),
        );
        const t1 = performance.now();
        connection.close();
        return { status: res.status, latency: t1 - t0, end: t1 - start };
      }),
    );
    const accepted = outcomes.filter((o) => o.status === 200);
    const sellOutMs = Math.max(...accepted.map((o) => o.end));
    const latencies = accepted.map((o) => o.latency).sort((x, y) => x - y);

    // Consistency: no ticket twice, tickets = orders = accepted, tokens spent = tickets sold.
    const checks = (await app.ctx.db.execute(sql`
      select
        (select count(*) from tickets where round_id = ${setId} and nonce is not null)::int as taken,
        (select count(distinct ticket_index) from tickets where round_id = ${setId} and nonce is not null)::int as distinct_taken,
        (select coalesce(sum(number_of_tickets), 0) from orders where round_id = ${setId} and status = 'paid')::int as ordered,
        (select coalesce(-sum(delta), 0) from token_ledger where reason = 'spend')::int as spent,
        (select coalesce(sum(amount - amount_left), 0) from token_lots)::int as lots_spent`)) as unknown as {
      rows: { taken: number; distinct_taken: number; ordered: number; spent: number; lots_spent: number }[];
    };
    const c = checks.rows[0]!;
    const oversold = Math.max(0, c.taken - opts.tickets) + (c.taken - c.distinct_taken) + Math.abs(c.ordered - c.taken);
    const ledgerMatches = c.spent === c.lots_spent && c.spent === c.taken * TOKEN_PRICE && accepted.length === c.taken;

    await Promise.all(instances.map(stopInstance));
    const plain = await plainSqlDrop(database.url, anchorSetId, buyers, opts.tickets, opts.warm);
    const acceptedPerSecond = accepted.length / (sellOutMs / 1000);
    return {
      warm: opts.warm,
      buyers: opts.buyers,
      tickets: opts.tickets,
      sellOutMs,
      acceptedPerSecond,
      p50: percentile(latencies, 50),
      p90: percentile(latencies, 90),
      p99: percentile(latencies, 99),
      accepted: accepted.length,
      refused: outcomes.filter((o) => o.status >= 400 && o.status < 500).length,
      serverErrors: outcomes.filter((o) => o.status >= 500).length,
      oversold,
      ledgerMatches,
      plainSqlPerSecond: plain.perSecond,
      plainSqlP50: plain.p50,
      ratio: acceptedPerSecond / plain.perSecond,
    };
  } finally {
    await Promise.all(instances.map(stopInstance));
    await closeApp();
    await database.drop();
  }
}

/**
 * The anchor: the same purchase (lock the round, pick an untaken ticket, claim it, move the nonce,
 * spend the tokens with a ledger row, write the order) as one hand-written SQL transaction over a
 * pool as large as the two instances' pools together.
 */
async function plainSqlDrop(
  url: string,
  roundId: string,
  buyers: { id: string; username: string }[],
  tickets: number,
  warm: boolean,
) {
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  const [{ product_id: productId, sku }] = (
    await pool.query('select product_id, sku from set_rounds where id = $1', [roundId])
  ).rows;
  if (warm) {
    const clients = await Promise.all(Array.from({ length: 20 }, () => pool.connect()));
    for (const client of clients) client.release();
  }
  const start = performance.now();
  const ends: number[] = [];
  await Promise.all(
    buyers.map(async (buyer) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const round = (
          await client.query('select total_tickets, next_nonce from set_rounds where id = $1 for update', [roundId])
        ).rows[0];
        const left = round.total_tickets - round.next_nonce;
        if (left < 1) {
          await client.query('rollback');
          return;
        }
        const pick = Math.floor(Math.random() * left);
        const orderId = crypto.randomUUID();
        await client.query(
          `update tickets set nonce = $3, order_id = $4, client_seed = 'x', taken_at = now()
           where round_id = $1 and ticket_index = (select ticket_index from tickets where round_id = $1 and nonce is null order by ticket_index offset $2 limit 1)`,
          [roundId, pick, round.next_nonce, orderId],
        );
        await client.query('update set_rounds set next_nonce = next_nonce + 1 where id = $1', [roundId]);
        const lot = (
          await client.query(
            'update token_lots set amount_left = amount_left - $2 where id = (select id from token_lots where user_id = $1 and amount_left >= $2 order by expires_at limit 1 for update) returning id',
            [buyer.id, TOKEN_PRICE],
          )
        ).rows[0];
        await client.query(
          `insert into token_ledger (user_id, delta, reason, lot_id, reference, created_at) values ($1, $2, 'spend', $3, $4, now())`,
          [buyer.id, -TOKEN_PRICE, lot.id, orderId],
        );
        await client.query(
          `insert into orders (id, user_id, username, round_id, product_id, product_name, product_image, sku, preorder, payment_method,
             paid_tickets, number_of_tickets, total_cost, payment_intent_id, status, client_seed, lottery_enabled, created_at)
           values ($1, $2, $3, $4, $5, 'Bench Anchor', '', $6, false, 'token', 1, 1, $7, 'TOKEN', 'paid', 'x', false, now())`,
          [orderId, buyer.id, buyer.username, roundId, productId, sku, TOKEN_PRICE],
        );
        await client.query('commit');
        ends.push(performance.now() - start);
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    }),
  );
  await pool.end();
  if (ends.length !== tickets) throw new Error(`plain SQL sold ${ends.length} of ${tickets}`);
  return {
    perSecond: ends.length / (Math.max(...ends) / 1000),
    p50: percentile(
      [...ends].sort((a, b) => a - b),
      50,
    ),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const buyers = Number(process.env.BENCH_BUYERS ?? 1000);
  const tickets = Number(process.env.BENCH_TICKETS ?? 500);
  const warm = process.env.BENCH_COLD !== '1';
  console.log(JSON.stringify(await runDrop({ buyers, tickets, warm }), null, 2));
}
