import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openTestDatabase } from '../test/test-database.ts';
import type { Database } from '../db/database.ts';
import { analyticsEvents } from '../modules/analytics/tables.ts';
import { insertJsonRows, jsonRows } from './json-rows.ts';

/** Rows as one JSON parameter (docs/performance.md): what goes in is what the columns hold. */
describe('json rows', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database.close());

  it('inserts rows with their dates, json, nulls and quotes as given, defaults for the columns left out', async () => {
    const at = new Date('2026-11-23T10:11:12.345Z');
    const rows = [
      {
        name: 'json "rows" \\ test',
        userId: null,
        properties: { list: ['A', 'LAST'], n: 3, yes: true, none: null },
        createdAt: at,
      },
      { name: 'json rows ✓ test', userId: '00000000-0000-4000-8000-000000000042', properties: {}, createdAt: at },
    ];
    await database.db.execute(insertJsonRows(analyticsEvents, rows));
    const stored = await database.db.select().from(analyticsEvents).where(eq(analyticsEvents.createdAt, at));
    expect(stored.map(({ id: _id, ...row }) => row).sort((a, b) => a.name.localeCompare(b.name))).toEqual(rows);
    expect(stored.every((row) => /^[0-9a-f-]{36}$/.test(row.id))).toBe(true);
  });

  it('unpacks rows for updates and joins with json_to_recordset', async () => {
    const result = (await database.db.execute(
      sql`select v.id, v.n, v.tags from json_to_recordset(${jsonRows([
        { id: 1, n: 'one', tags: ['x'] },
        { id: 2, n: null, tags: [] },
      ])}) as v(id int, n text, tags jsonb) order by v.id`,
    )) as unknown as { rows: unknown[] };
    expect(result.rows).toEqual([
      { id: 1, n: 'one', tags: ['x'] },
      { id: 2, n: null, tags: [] },
    ]);
  });

  it('refuses rows that leave a value undefined or give different columns (they would write nulls over defaults)', () => {
    const at = new Date();
    expect(() => insertJsonRows(analyticsEvents, [{ name: 'a', userId: undefined, createdAt: at }])).toThrow(
      'userId is undefined',
    );
    expect(() =>
      insertJsonRows(analyticsEvents, [
        { name: 'a', createdAt: at },
        { name: 'b', createdAt: at, userId: null },
      ]),
    ).toThrow('different columns');
    expect(() => insertJsonRows(analyticsEvents, [{ name: 'a', nope: 1 } as never])).toThrow('nope is not a column');
  });
});
