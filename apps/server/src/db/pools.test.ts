import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database.ts';
import { openDatabase, type Database } from './database.ts';

// Connection pools are PostgreSQL's (PGlite is one in-process connection): this file runs in the
// server-postgres project and is skipped on PGlite.
describe.skipIf(process.env.TEST_DB !== 'postgres')('the PostgreSQL pools', () => {
  let database: Database & { url?: string };
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('keep every connection they opened, however long it sits idle (a drop opens on warm connections)', async () => {
    const shop = await openDatabase({ url: database.url!, poolSize: 3, idleTimeoutMs: 50 });
    try {
      await Promise.all([1, 2, 3].map(() => shop.executeSql('select pg_sleep(0.05)')));
      expect(shop.connections()).toEqual({ inUse: 0, idle: 3, waiting: 0 });
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(shop.connections()).toEqual({ inUse: 0, idle: 3, waiting: 0 });
    } finally {
      await shop.close();
    }
  });
});
