import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { openTestDatabase } from '../test/test-database.ts';
import type { Database, Db, Tx } from './database.ts';
import { isDatabaseOverloaded, isDatabaseUnreachable, isDeadlock, isUniqueViolation, withTxRetry } from './errors.ts';

const pgError = (code: string, constraint?: string) => {
  const error = new pg.DatabaseError('failed', 0, 'error');
  error.code = code;
  error.constraint = constraint;
  return error;
};
/** A database whose transactions fail with the given errors in turn, then run the work. */
const failingDb = (errors: unknown[]) => {
  let calls = 0;
  const db = {
    transaction: async <T>(work: (tx: Tx) => Promise<T>) => {
      calls += 1;
      const error = errors.shift();
      if (error) throw error;
      return work({} as Tx);
    },
  } as unknown as Pick<Db, 'transaction'>;
  return { db, calls: () => calls };
};

describe('database errors', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.execute(sql`create table error_probe (k int primary key, v int not null)`);
    await database.db.execute(sql`create unique index error_probe_v_idx on error_probe (v)`);
    await database.db.execute(sql`insert into error_probe values (1, 1), (2, 2)`);
  });
  afterAll(() => database.close());

  it('recognises a real unique violation on this driver, and its constraint', async () => {
    const error = await database.db.execute(sql`insert into error_probe values (3, 1)`).catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(error, 'error_probe_v_idx')).toBe(true);
    expect(isUniqueViolation(error, 'error_probe_pkey')).toBe(false);
    expect(isDeadlock(error)).toBe(false);
    const other = await database.db.execute(sql`insert into error_probe values (4, null)`).catch((e: unknown) => e);
    expect(isUniqueViolation(other)).toBe(false);
  });

  it('recognises the node-postgres error itself and wrapped by Drizzle, and nothing else', () => {
    const unique = pgError('23505', 'users_email_idx');
    expect(isUniqueViolation(unique, 'users_email_idx')).toBe(true);
    expect(isUniqueViolation(new DrizzleQueryError('insert …', [], unique), 'users_email_idx')).toBe(true);
    expect(isDeadlock(new DrizzleQueryError('update …', [], pgError('40P01')))).toBe(true);
    expect(isDeadlock(pgError('40001'))).toBe(true);
    expect(isUniqueViolation(new Error('duplicate key value violates unique constraint'))).toBe(false);
    expect(isDeadlock(new Error('deadlock detected'))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });

  it('recognises a database out of connections or resources, or still starting, and nothing else', () => {
    expect(isDatabaseOverloaded(new DrizzleQueryError('select …', [], pgError('53300')))).toBe(true);
    expect(isDatabaseOverloaded(pgError('53200'))).toBe(true);
    expect(isDatabaseOverloaded(pgError('57P03'))).toBe(true);
    expect(isDatabaseOverloaded(pgError('23505'))).toBe(false);
    expect(isDatabaseOverloaded(pgError('57P01'))).toBe(false);
    expect(isDatabaseOverloaded(new Error('sorry, too many clients already'))).toBe(false);
  });

  it('recognises a database that cannot be reached or dropped the connection, and nothing else', () => {
    const socketError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });
    for (const code of ['57P01', '57P02', '57P03', '08006', '08001', '08P01'])
      expect(isDatabaseUnreachable(new DrizzleQueryError('select …', [], pgError(code))), code).toBe(true);
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE'])
      expect(isDatabaseUnreachable(new DrizzleQueryError('select …', [], socketError(code))), code).toBe(true);
    expect(isDatabaseUnreachable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnreachable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    // A host name with several addresses, each refused: Node's AggregateError.
    expect(isDatabaseUnreachable(new AggregateError([socketError('ECONNREFUSED')], 'connect failed'))).toBe(true);
    expect(isDatabaseUnreachable(pgError('23505'))).toBe(false);
    expect(isDatabaseUnreachable(pgError('40P01'))).toBe(false);
    expect(isDatabaseUnreachable(pgError('28P01'))).toBe(false);
    expect(isDatabaseUnreachable(new Error('relation "x" does not exist'))).toBe(false);
    expect(isDatabaseUnreachable(undefined)).toBe(false);
  });

  it('withTxRetry runs a transaction again after a deadlock or serialization failure', async () => {
    const { db, calls } = failingDb([new DrizzleQueryError('update …', [], pgError('40P01')), pgError('40001')]);
    await expect(withTxRetry(db, async () => 'done', { baseDelayMs: 1 })).resolves.toBe('done');
    expect(calls()).toBe(3);
  });

  it('withTxRetry gives up after the given attempts with the last deadlock', async () => {
    const { db, calls } = failingDb([pgError('40P01'), pgError('40P01'), pgError('40P01'), pgError('40P01')]);
    await expect(withTxRetry(db, async () => 'done', { attempts: 3, baseDelayMs: 1 })).rejects.toMatchObject({
      code: '40P01',
    });
    expect(calls()).toBe(3);
  });

  it('withTxRetry does not retry any other error', async () => {
    const { db, calls } = failingDb([pgError('23505'), pgError('40P01')]);
    await expect(withTxRetry(db, async () => 'done', { baseDelayMs: 1 })).rejects.toMatchObject({ code: '23505' });
    expect(calls()).toBe(1);
  });

  it('two transactions locking rows in opposite orders both commit through withTxRetry (PostgreSQL)', async (ctx) => {
    if (database.kind !== 'postgres') ctx.skip();
    let waiting = 0;
    let release!: () => void;
    const bothHoldFirstLock = new Promise<void>((resolve) => (release = resolve));
    const crossing = (first: number, second: number) => {
      let attempt = 0;
      return withTxRetry(database.db, async (tx) => {
        attempt += 1;
        await tx.execute(sql`select k from error_probe where k = ${first} for update`);
        if (attempt === 1 && ++waiting === 2) release();
        if (attempt === 1) await bothHoldFirstLock;
        await tx.execute(sql`update error_probe set v = v + 10 where k = ${second}`);
        return attempt;
      });
    };
    const attempts = await Promise.all([crossing(1, 2), crossing(2, 1)]);
    expect(attempts.sort()).toEqual([1, 2]);
    const result = (await database.db.execute(
      sql`select v from error_probe where k in (1, 2) order by k`,
    )) as unknown as { rows: { v: number }[] };
    expect(result.rows.map((r) => r.v)).toEqual([11, 12]);
  });
});
