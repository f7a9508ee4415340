import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database.ts';
import type { Database } from '../db/database.ts';
import { createTestApp } from '../test/test-app.ts';
import { afterCommit, atCommit, installAfterCommit } from './after-commit.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('afterCommit', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    installAfterCommit(database.db);
  });
  afterAll(async () => database.close());

  it('runs a task only after the transaction commits, never inside it', async () => {
    const ran: string[] = [];
    await database.db.transaction(async (tx) => {
      afterCommit(tx, () => void ran.push('task'));
      await settle();
      // Still inside the transaction: nothing has run.
      ran.push('end of transaction');
    });
    expect(ran).toEqual(['end of transaction']);
    await settle();
    expect(ran).toEqual(['end of transaction', 'task']);
  });

  it('drops the tasks of a rolled-back transaction and of a rolled-back savepoint', async () => {
    const ran: string[] = [];
    await expect(
      database.db.transaction(async (tx) => {
        afterCommit(tx, () => void ran.push('rolled back'));
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    await database.db.transaction(async (tx) => {
      afterCommit(tx, () => void ran.push('outer'));
      await tx.transaction(async (nested) => afterCommit(nested, () => void ran.push('kept savepoint')));
      await tx
        .transaction(async (nested) => {
          afterCommit(nested, () => void ran.push('dropped savepoint'));
          throw new Error('savepoint');
        })
        .catch(() => {});
    });
    await settle();
    expect(ran).toEqual(['outer', 'kept savepoint']);
  });

  it('runs soon when given the database itself (nothing to wait for)', async () => {
    const ran: string[] = [];
    afterCommit(database.db, () => void ran.push('task'));
    expect(ran).toEqual([]);
    await settle();
    expect(ran).toEqual(['task']);
  });
});

describe('afterCommit in the app', () => {
  it("holds the work of a purchase batch's transaction (lockDb) until it commits", async () => {
    const t = await createTestApp();
    try {
      const ran: string[] = [];
      await t.ctx.database.lockDb.transaction(async (tx) => {
        atCommit(tx, () => void ran.push('at commit'));
        afterCommit(tx, () => void ran.push('after commit'));
        await settle();
        ran.push('end of transaction');
      });
      await settle();
      expect(ran).toEqual(['end of transaction', 'at commit', 'after commit']);
    } finally {
      await t.close();
    }
  });
});
