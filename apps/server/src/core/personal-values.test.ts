import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, or } from 'drizzle-orm';
import { openTestDatabase } from '../test/test-database.ts';
import type { Database } from '../db/database.ts';
import { notifications } from '../modules/notifications/tables.ts';
import { mentionsAny, scrubRows, scrubText, type PersonalValues } from './personal-values.ts';

/** Scrubbing the rows that mention an anonymised account, on the notices' table. */
describe('scrubRows', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database.close());

  const personal: PersonalValues = { values: ['Annabel', 'annabel@example.com', 'SG'], pseudonym: 'deleted-1' };
  const owner = '00000000-0000-4000-8000-0000000000a1';
  const other = '00000000-0000-4000-8000-0000000000b2';
  const at = new Date('2026-06-01T00:00:00.000Z');
  const notice = (id: string, userId: string, message: string) => ({ id, userId, message, createdAt: at });
  const messages = () =>
    database.db
      .select({ id: notifications.id, message: notifications.message })
      .from(notifications)
      .where(or(eq(notifications.userId, owner), eq(notifications.userId, other)))
      .orderBy(asc(notifications.id));

  it('rewrites each picked row with its scrubbed values, skips rows it leaves, and counts what changed', async () => {
    await database.db
      .insert(notifications)
      .values([
        notice('00000000-0000-4000-8000-000000000001', other, 'ANNABEL offered a trade (annabel@example.com).'),
        notice('00000000-0000-4000-8000-000000000002', owner, 'Your order shipped to SG.'),
        notice('00000000-0000-4000-8000-000000000003', other, 'Ben bought a ticket.'),
      ]);
    const seen: unknown[] = [];
    const mentioning = mentionsAny(notifications.message, personal);
    const changed = await database.db.transaction((tx) =>
      scrubRows(tx, {
        table: notifications,
        where: mentioning && or(eq(notifications.userId, owner), mentioning),
        columns: ['message'],
        scrub: (row) => {
          seen.push(row);
          const message = scrubText(row.message, personal);
          return message === row.message ? undefined : { message };
        },
      }),
    );
    expect(changed).toBe(1);
    // Only the key and the named columns are read, in key order; the untouched third row is not picked.
    expect(seen).toEqual([
      { id: '00000000-0000-4000-8000-000000000001', message: 'ANNABEL offered a trade (annabel@example.com).' },
      { id: '00000000-0000-4000-8000-000000000002', message: 'Your order shipped to SG.' },
    ]);
    expect(await messages()).toEqual([
      { id: '00000000-0000-4000-8000-000000000001', message: 'deleted-1 offered a trade (deleted-1).' },
      { id: '00000000-0000-4000-8000-000000000002', message: 'Your order shipped to SG.' },
      { id: '00000000-0000-4000-8000-000000000003', message: 'Ben bought a ticket.' },
    ]);
  });

  it('reads and changes nothing when there is nothing to search for', async () => {
    const short: PersonalValues = { values: ['SG', ' 1 '], pseudonym: 'deleted-2' };
    const changed = await database.db.transaction((tx) =>
      scrubRows(tx, {
        table: notifications,
        where: mentionsAny(notifications.message, short),
        columns: ['message'],
        scrub: () => {
          throw new Error('no row is picked');
        },
      }),
    );
    expect(changed).toBe(0);
  });
});
