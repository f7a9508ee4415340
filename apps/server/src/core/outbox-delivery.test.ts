import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { openTestDatabase } from '../test/test-database.ts';
import type { Database } from '../db/database.ts';
import { mailQueue } from '../modules/mail/tables.ts';
import { HOUR, MINUTE, TestClock } from './clock.ts';
import { busyGate } from './busy-gate.ts';
import { createOutboxDelivery, retryDelay } from './outbox-delivery.ts';

/** The outbox claim-and-send loop, on the mail queue's table with a sender that only records. */
describe('outbox delivery', () => {
  let database: Database;
  const clock = new TestClock('2026-06-01T00:00:00.000Z');
  const ctx = () => ({ db: database.db, clock });
  const outbox = createOutboxDelivery({ table: mailQueue, claimMs: 10 * MINUTE, maxAttempts: 2, batchSize: 2 });
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database.close());
  beforeEach(async () => {
    await database.db.delete(mailQueue);
  });

  const queue = (...subjects: string[]) =>
    database.db.insert(mailQueue).values(
      subjects.map((subject) => ({
        to: 'outbox@example.com',
        subject,
        text: 't',
        html: 'h',
        nextAttemptAt: clock.now(),
        createdAt: clock.now(),
      })),
    );
  const rows = () =>
    database.db
      .select({
        subject: mailQueue.subject,
        status: mailQueue.status,
        attempts: mailQueue.attempts,
        nextAttemptAt: mailQueue.nextAttemptAt,
        lastError: mailQueue.lastError,
        sentAt: mailQueue.sentAt,
      })
      .from(mailQueue)
      .orderBy(asc(mailQueue.subject));

  it('waits 1, 2, 4 … minutes after the n-th failed try, at most an hour', () => {
    expect([0, 1, 2, 3, 6, 7, 20].map(retryDelay)).toEqual([
      MINUTE,
      MINUTE,
      2 * MINUTE,
      4 * MINUTE,
      32 * MINUTE,
      HOUR,
      HOUR,
    ]);
  });

  it('claims the due rows, sends them in turn and settles each while its claim holds', async () => {
    await queue('a', 'b', 'c');
    await database.db.insert(mailQueue).values({
      to: 'later@example.com',
      subject: 'later',
      text: 't',
      html: 'h',
      nextAttemptAt: new Date(clock.now().getTime() + MINUTE),
      createdAt: clock.now(),
    });
    const batches: string[][] = [];
    const result = await outbox.deliverDue(ctx(), { sent: 0, retried: 0 }, async (claimed) => {
      batches.push(claimed.map((row) => row.subject).sort());
      return async (row) => {
        expect(row).toMatchObject({ status: 'sending', attempts: 1 });
        if (row.subject === 'b') {
          await outbox.markFailed(ctx(), row, 'refused');
          return 'retried';
        }
        await outbox.markSent(ctx(), row);
        return 'sent';
      };
    });
    expect(result).toEqual({ sent: 2, retried: 1 });
    // A run claims at most its batch size (2) at a time: the three due rows take two claims.
    expect(batches.map((batch) => batch.length)).toEqual([2, 1]);
    expect(batches.flat().sort()).toEqual(['a', 'b', 'c']);
    const at = clock.now();
    expect(await rows()).toEqual([
      { subject: 'a', status: 'sent', attempts: 1, nextAttemptAt: expect.any(Date), lastError: null, sentAt: at },
      {
        subject: 'b',
        status: 'pending',
        attempts: 1,
        nextAttemptAt: new Date(at.getTime() + retryDelay(1)),
        lastError: 'refused',
        sentAt: null,
      },
      { subject: 'c', status: 'sent', attempts: 1, nextAttemptAt: expect.any(Date), lastError: null, sentAt: at },
      {
        subject: 'later',
        status: 'pending',
        attempts: 0,
        nextAttemptAt: expect.any(Date),
        lastError: null,
        sentAt: null,
      },
    ]);
  });

  it('marks a row failed at the attempt limit and takes a lapsed claim again, past the limit', async () => {
    await queue('flaky');
    const failures: unknown[] = [];
    const failing = async () => async (row: typeof mailQueue.$inferSelect) => {
      failures.push(await outbox.markFailed(ctx(), row, `try ${row.attempts}`));
      return 'done' as const;
    };
    await outbox.deliverDue(ctx(), { done: 0 }, failing);
    clock.advance(retryDelay(1));
    await outbox.deliverDue(ctx(), { done: 0 }, failing);
    expect(failures).toEqual([{ outcome: 'retried', nextAttemptAt: clock.now() }, { outcome: 'failed' }]);
    expect(await rows()).toMatchObject([{ status: 'failed', attempts: 2, lastError: 'try 2' }]);

    // A sender that vanished mid-try: its claim lapses after claimMs and the row is due again.
    await database.db
      .update(mailQueue)
      .set({ status: 'sending', nextAttemptAt: new Date(clock.now().getTime() + 10 * MINUTE) })
      .where(eq(mailQueue.subject, 'flaky'));
    const seen: { attempts: number; pastLimit: boolean }[] = [];
    const record = async () => async (row: typeof mailQueue.$inferSelect) => {
      seen.push({ attempts: row.attempts, pastLimit: outbox.pastLimit(row) });
      return 'seen' as const;
    };
    expect(await outbox.deliverDue(ctx(), { seen: 0 }, record)).toEqual({ seen: 0 });
    clock.advance(10 * MINUTE);
    expect(await outbox.deliverDue(ctx(), { seen: 0 }, record)).toEqual({ seen: 1 });
    expect(seen).toEqual([{ attempts: 3, pastLimit: true }]);
  });

  it('leaves a row alone once its claim is lost (another run took it)', async () => {
    await queue('raced');
    await outbox.deliverDue(ctx(), { sent: 0 }, async () => async (row) => {
      // Another run claims the row meanwhile (a lapsed claim taken again): this run's settling is void.
      await database.db
        .update(mailQueue)
        .set({ attempts: row.attempts + 1 })
        .where(eq(mailQueue.id, row.id));
      await outbox.markSent(ctx(), row);
      await outbox.markFailed(ctx(), row, 'late');
      return 'sent';
    });
    expect(await rows()).toMatchObject([{ status: 'sending', attempts: 2, lastError: null, sentAt: null }]);
  });

  // Last in this file: it closes the process's one gate, as the shutdown does.
  it('claims no new batch once the instance is shutting down; the rows stay due for the others', async () => {
    await queue('a', 'b');
    busyGate.close();
    const running = { ...ctx(), config: { env: 'development' as const } };
    const sent: string[] = [];
    const result = await outbox.deliverDue(running, { sent: 0 }, async () => async (row) => {
      sent.push(row.subject);
      return 'sent';
    });
    expect(result).toEqual({ sent: 0 });
    expect(sent).toEqual([]);
    expect((await rows()).map((row) => [row.subject, row.status, row.attempts])).toEqual([
      ['a', 'pending', 0],
      ['b', 'pending', 0],
    ]);
  });
});
