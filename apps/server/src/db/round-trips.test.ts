import { describe, expect, it } from 'vitest';
import { isPipelined, pipelineTransactions, settleWritesBehind, startNow, writeBehind } from './round-trips.ts';

/** A write that records when it started and settles when told to. */
function controlledWrite(log: string[], name: string) {
  let settle!: (ok: boolean) => void;
  const run = () => {
    log.push(`sent ${name}`);
    return new Promise<void>((resolve, reject) => {
      settle = (ok) => {
        log.push(`answered ${name}`);
        if (ok) resolve();
        else reject(new Error(`${name} failed`));
      };
    });
  };
  return { run, settle: (ok = true) => settle(ok) };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** A database whose transactions hand out a fresh transaction object; `pipelined` marks them so. */
function fakeDb(pipelined: boolean) {
  const log: string[] = [];
  const db = {
    transaction: async (fn: (tx: object) => Promise<unknown>) => {
      const value = await fn({});
      log.push('commit');
      return value;
    },
  };
  if (pipelined) pipelineTransactions(db);
  return { db, log };
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

  it('sends the write and goes on in a pipelined transaction, which commits only once it is answered', async () => {
    const { db, log } = fakeDb(true);
    const a = controlledWrite(log, 'a');
    const b = controlledWrite(log, 'b');
    const committed = db.transaction(async (tx) => {
      expect(isPipelined(tx)).toBe(true);
      await writeBehind(tx, a.run);
      await writeBehind(tx, b.run);
      log.push('next statement');
    });
    await tick();
    expect(log).toEqual(['sent a', 'sent b', 'next statement']);
    b.settle();
    await tick();
    expect(log).not.toContain('commit');
    a.settle();
    await committed;
    expect(log).toEqual(['sent a', 'sent b', 'next statement', 'answered b', 'answered a', 'commit']);
  });

  it('rolls the transaction back with the first failed write, once every write is answered', async () => {
    const { db, log } = fakeDb(true);
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
    // Not answered while a write is still out: nothing may go on into the rollback beside it.
    expect(thrown).toBeUndefined();
    a.settle();
    await done;
    expect((thrown as Error).message).toBe('b failed');
    expect(log).not.toContain('commit');
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
