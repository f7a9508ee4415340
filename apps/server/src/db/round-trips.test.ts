import { describe, expect, it } from 'vitest';
import { isPipelined, pipelineTransactions, settleWritesBehind, startNow, writeBehind } from './round-trips.ts';

/** A failure as PostgreSQL answers it (a SQLSTATE on the error), or one raised in JavaScript. */
const failureOf = (name: string, fromDatabase: boolean) =>
  Object.assign(new Error(`${name} failed`), fromDatabase ? { code: '23505' } : {});

/** A write that records when it started and settles when told to (a failure is the database's unless told). */
function controlledWrite(log: string[], name: string) {
  let settle!: (ok: boolean, fromDatabase: boolean) => void;
  const run = () => {
    log.push(`sent ${name}`);
    return new Promise<void>((resolve, reject) => {
      settle = (ok, fromDatabase) => {
        log.push(`answered ${name}`);
        if (ok) resolve();
        else reject(failureOf(name, fromDatabase));
      };
    });
  };
  return { run, settle: (ok = true, { fromDatabase = true } = {}) => settle(ok, fromDatabase) };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

/**
 * A database whose transactions hand out a fresh transaction object; `pipelined` marks them so. Its
 * COMMIT is answered when `answerCommit` is called (as PostgreSQL answers it only after the writes
 * sent before it), or at once.
 */
function fakeDb(pipelined: boolean, { commitWaits = false } = {}) {
  const log: string[] = [];
  let answerCommit = () => {};
  const db = {
    transaction: async (fn: (tx: object) => Promise<unknown>) => {
      const value = await fn({});
      log.push('commit');
      if (commitWaits) await new Promise<void>((resolve) => (answerCommit = resolve));
      return value;
    },
  };
  if (pipelined) pipelineTransactions(db);
  return { db, log, answerCommit: () => answerCommit() };
}

describe('writeBehind', () => {
  it('runs the write before it answers outside a pipelined transaction', async () => {
    const { db, log } = fakeDb(false);
    const a = controlledWrite(log, 'a');
    await db.transaction(async (tx) => {
      expect(isPipelined(tx)).toBe(false);
      const writing = writeBehind(tx, a.run);
      await tick();
      expect(log).toEqual(['sent a']);
      a.settle();
      await writing;
      log.push('next statement');
    });
    expect(log).toEqual(['sent a', 'answered a', 'next statement', 'commit']);
  });

  it('sends the write and goes on in a pipelined transaction, its commit right behind; it answers once every write is answered', async () => {
    const { db, log, answerCommit } = fakeDb(true, { commitWaits: true });
    const a = controlledWrite(log, 'a');
    const b = controlledWrite(log, 'b');
    let answered = false;
    const committed = db
      .transaction(async (tx) => {
        expect(isPipelined(tx)).toBe(true);
        await writeBehind(tx, a.run);
        await writeBehind(tx, b.run);
        log.push('next statement');
      })
      .then(() => (answered = true));
    await tick();
    // The COMMIT does not wait for the writes' answers: it shares their round trip.
    expect(log).toEqual(['sent a', 'sent b', 'next statement', 'commit']);
    b.settle();
    await tick();
    expect(answered).toBe(false);
    a.settle();
    answerCommit();
    await committed;
    expect(log).toEqual(['sent a', 'sent b', 'next statement', 'commit', 'answered b', 'answered a']);
  });

  it('throws the first failed write once every write is answered (PostgreSQL rolled the COMMIT back)', async () => {
    const { db, log, answerCommit } = fakeDb(true, { commitWaits: true });
    const a = controlledWrite(log, 'a');
    const b = controlledWrite(log, 'b');
    const c = controlledWrite(log, 'c');
    let thrown: unknown;
    const done = db
      .transaction(async (tx) => {
        await writeBehind(tx, a.run);
        await writeBehind(tx, b.run);
        await writeBehind(tx, c.run);
      })
      .catch((error: unknown) => (thrown = error));
    await tick();
    c.settle(false);
    b.settle(false);
    await tick();
    // Not answered while a write is still out: the caller must not go on beside it.
    expect(thrown).toBeUndefined();
    a.settle();
    answerCommit();
    await done;
    expect((thrown as Error).message).toBe('b failed');
  });

  it('says a check failed in JavaScript after the COMMIT went out: the transaction committed', async () => {
    const { db, log, answerCommit } = fakeDb(true, { commitWaits: true });
    const a = controlledWrite(log, 'a');
    const done = db.transaction(async (tx) => {
      await writeBehind(tx, a.run);
    });
    done.catch(() => {});
    await tick();
    a.settle(false, { fromDatabase: false });
    answerCommit();
    await expect(done).rejects.toThrow('A write behind failed a check after its COMMIT went out (it committed)');
  });

  it('refuses a step that sends a second statement after its first answer (it would go out after the COMMIT)', async () => {
    const { db, log, answerCommit } = fakeDb(true, { commitWaits: true });
    const first = controlledWrite(log, 'first');
    const second = controlledWrite(log, 'second');
    const done = db.transaction(async (tx) => {
      await writeBehind(tx, async () => {
        await first.run();
        await second.run();
      });
    });
    done.catch(() => {});
    await tick();
    first.settle();
    answerCommit();
    await expect(done).rejects.toThrow('A write behind sent a statement after its answer');
    expect(log).toEqual(['sent first', 'commit', 'answered first', 'sent second']);
  });

  it('throws a failed write behind rather than the error of a statement that met the aborted transaction after it', async () => {
    const { db, log } = fakeDb(true);
    const a = controlledWrite(log, 'a');
    const done = db.transaction(async (tx) => {
      await writeBehind(tx, a.run);
      a.settle(false);
      await tick();
      throw new Error('current transaction is aborted');
    });
    await expect(done).rejects.toThrow('a failed');
  });

  it('settleWritesBehind waits for the writes sent so far, for a read that must see them', async () => {
    const { db, log } = fakeDb(true);
    const a = controlledWrite(log, 'a');
    const done = db.transaction(async (tx) => {
      await writeBehind(tx, a.run);
      const settled = settleWritesBehind(tx).then(() => log.push('read'));
      await tick();
      expect(log).toEqual(['sent a']);
      a.settle();
      await settled;
    });
    await done;
    expect(log).toEqual(['sent a', 'answered a', 'read', 'commit']);
  });

  it('does not take the database itself, or a transaction of another database, for a pipelined one', async () => {
    const pipelined = fakeDb(true);
    expect(isPipelined(pipelined.db)).toBe(false);
    await fakeDb(false).db.transaction(async (tx) => expect(isPipelined(tx)).toBe(false));
  });
});

describe('startNow', () => {
  it('sends a lazy query before it returns, not a microtask later', async () => {
    const log: string[] = [];
    const lazy: PromiseLike<number> = {
      then(onFulfilled) {
        log.push('sent');
        return Promise.resolve(1).then(onFulfilled);
      },
    };
    const started = startNow(lazy);
    log.push('returned');
    expect(log).toEqual(['sent', 'returned']);
    expect(await started).toBe(1);
  });
});
