import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventsOfClientFrom, traceStatements } from '../test/statement-trace.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { openDatabase, type Database } from './database.ts';
import { checkInStatement, writeBehind } from './round-trips.ts';

// The lock pool's pipeline mode is PostgreSQL's (PGlite is one in-process connection): this file runs in
// the server-postgres project and is skipped on PGlite.
describe.skipIf(process.env.TEST_DB !== 'postgres')('a pipelined transaction commits right behind its writes', () => {
  let database: Database & { url?: string };
  let shop: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    shop = await openDatabase({ url: database.url! });
    await shop.executeSql('create table pipelined_rows (id int primary key)');
  });
  afterEach(async () => void (await shop.executeSql('delete from pipelined_rows')));
  afterAll(async () => {
    await shop.close();
    await database.close();
  });
  const rows = async () =>
    (await shop.executeSql('select id from pipelined_rows order by id')).rows.map((r) => Number(r.id));

  it('sends the COMMIT before the writes behind are answered, and keeps them', async () => {
    const { trace, restore } = traceStatements();
    try {
      await shop.lockDb.transaction(async (tx) => {
        await writeBehind(tx, () => tx.execute(sql`insert into pipelined_rows values (1)`));
        await writeBehind(tx, () => tx.execute(sql`insert into pipelined_rows values (2)`));
      });
    } finally {
      restore();
    }
    const events = eventsOfClientFrom(trace, 'pipelined_rows values (1)').map(
      (t) => `${t.event} ${t.text.split(' ')[0]}`,
    );
    // One round trip for the two inserts and the COMMIT: the COMMIT went out before either insert's answer.
    expect(events).toEqual([
      'sent insert',
      'sent insert',
      'sent commit',
      'answered insert',
      'answered insert',
      'answered commit',
    ]);
    expect(await rows()).toEqual([1, 2]);
  });

  it('rolls back on a check in the statement (checkInStatement), which fails in the database', async () => {
    const done = shop.lockDb.transaction(async (tx) => {
      await writeBehind(tx, () => tx.execute(sql`insert into pipelined_rows values (1)`));
      const inserted = sql`(select count(*) from added) = 2`;
      await writeBehind(tx, () =>
        tx.execute(sql`with added as (insert into pipelined_rows values (2) returning id)
          select ${checkInStatement(inserted, 'two rows expected')}`),
      );
    });
    await expect(done).rejects.toMatchObject({ cause: { code: 'P0001', message: 'two rows expected' } });
    expect(await rows()).toEqual([]);
  });

  it('throws a failed write and commits nothing: PostgreSQL takes the COMMIT behind it for a ROLLBACK', async () => {
    await shop.executeSql('insert into pipelined_rows values (9)');
    const done = shop.lockDb.transaction(async (tx) => {
      await writeBehind(tx, () => tx.execute(sql`insert into pipelined_rows values (1)`));
      await writeBehind(tx, () => tx.execute(sql`insert into pipelined_rows values (9)`));
      await writeBehind(tx, () => tx.execute(sql`insert into pipelined_rows values (2)`));
    });
    await expect(done).rejects.toMatchObject({ cause: { code: '23505' } });
    expect(await rows()).toEqual([9]);
    // The connection went back to the pool clean: the next transaction commits.
    await shop.lockDb.transaction(async (tx) => {
      await writeBehind(tx, () => tx.execute(sql`insert into pipelined_rows values (3)`));
    });
    expect(await rows()).toEqual([3, 9]);
  });
});
