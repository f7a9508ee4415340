/**
 * Statements of one transaction sent together (docs/performance.md, "Round trips under the round
 * lock"). A purchase batch holds its round's lock from its first statement to its commit, and on a
 * busy machine each round trip costs milliseconds of waiting for PostgreSQL and for the event loop:
 * the lock's hold time is its number of round trips, not its rows. The lock pool's connections use
 * pg's pipeline mode, so statements issued without waiting for each other go out at once and come
 * back together; PostgreSQL still runs them one after the other, in the order they were sent.
 *
 * Elsewhere (the main pool, PGlite) the same steps run one after the other in the order given: the
 * result is the same, only the round trips differ.
 */

import { sql, type SQL } from 'drizzle-orm';
import { databaseErrorCode } from './errors.ts';

/** A write sent behind, and whether its answer has come. */
type SentWrite = { answer: Promise<unknown>; answered: boolean };

/** The writes each pipelined transaction has sent and not yet seen answered. */
const writesOf = new WeakMap<object, SentWrite[]>();

type TransactionRunner = { transaction: (fn: (tx: never) => Promise<unknown>, config?: unknown) => Promise<unknown> };

/**
 * Makes every transaction of `db` (whose connections are in pg's pipeline mode) pipelined: its
 * writes sent behind (`writeBehind`) are not waited for, and its COMMIT goes out right behind them,
 * so the last writes and the commit share one round trip (and a round's lock is released at once).
 * A write that failed makes PostgreSQL roll the transaction back at that COMMIT (a COMMIT of a failed
 * transaction is a ROLLBACK, not an error): the transaction then throws that write's failure.
 */
export function pipelineTransactions(db: object): void {
  const runner = db as TransactionRunner;
  const original = runner.transaction.bind(db);
  runner.transaction = async (fn, config) => {
    let tx: object | undefined;
    let value: unknown;
    try {
      value = await original(async (opened: never) => {
        tx = opened as object;
        writesOf.set(tx, []);
        try {
          return await fn(opened);
        } catch (error) {
          // A write sent earlier that failed is the cause (a deadlock withTxRetry runs again); the
          // statement that threw after it only met the aborted transaction.
          await settleWritesBehind(tx);
          throw error;
        }
      }, config);
    } catch (error) {
      // The COMMIT itself failed (or BEGIN): a write that failed before it is still the cause.
      if (tx) await settleWritesBehind(tx);
      throw error;
    }
    await writesAnsweredByCommit(tx!);
    return value;
  };
}

/**
 * After the COMMIT's answer every write sent before it has been answered: PostgreSQL answers in the
 * order sent. A write still out then sent a statement after an answer, that is after the COMMIT, outside
 * the transaction: a bug in the step (`writeBehind` takes one statement), refused loudly.
 */
async function writesAnsweredByCommit(tx: object): Promise<void> {
  const writes = writesOf.get(tx) ?? [];
  // Their answers' callbacks may still be queued behind the COMMIT's: one turn of the event loop.
  if (writes.some((write) => !write.answered)) await new Promise((resolve) => setImmediate(resolve));
  if (writes.some((write) => !write.answered))
    throw new Error('A write behind sent a statement after its answer, outside its transaction (one statement only)');
  try {
    await settleWritesBehind(tx);
  } catch (error) {
    // A database error aborted the transaction, so its COMMIT rolled back. Any other failure is a
    // check run on the answer, after the COMMIT went out: the transaction has committed.
    if (databaseErrorCode(error) !== undefined) throw error;
    throw new Error(
      'A write behind failed a check after its COMMIT went out (it committed): check in SQL (checkInStatement)',
      {
        cause: error,
      },
    );
  }
}

/**
 * A check that rolls a write back from inside its statement (`check_write`, migration 0025): a write
 * sent behind is answered after its transaction's COMMIT went out, so a check on its answer in
 * JavaScript would come too late. `ok` is a SQL boolean; false raises `message` in the database.
 */
export const checkInStatement = (ok: SQL, message: string): SQL => sql`check_write(${ok}, ${message})`;

/** Whether statements issued on `exec` without waiting share round trips. */
export const isPipelined = (exec: object): boolean => writesOf.has(exec);

/**
 * A write whose answer nothing in the transaction needs before its commit (an insert of new rows, an
 * update whose count is only checked): on a pipelined transaction it is sent and not waited for, so
 * the statements after it, and the COMMIT, share its round trip; its answer is checked with the
 * COMMIT's (a failure rolls the transaction back). Elsewhere it runs now. PostgreSQL runs it before
 * every statement sent after it.
 *
 * `step` sends ONE statement, at once (within a microtask of this call), and nothing after its
 * answer: another statement would go out after the COMMIT, and a check of the answer in JavaScript
 * would come after it too (so a check that must roll back goes in the statement, `checkInStatement`).
 * A step that must read first takes its read ahead of the call (`receiptRecipients` in notifications).
 */
export async function writeBehind(exec: object, step: () => PromiseLike<unknown>): Promise<void> {
  const inFlight = writesOf.get(exec);
  if (!inFlight) {
    await step();
    return;
  }
  const write: SentWrite = { answer: Promise.resolve(step()), answered: false };
  // Checked with the commit (settleWritesBehind); meanwhile its failure is not an unhandled rejection.
  write.answer.then(
    () => (write.answered = true),
    () => (write.answered = true),
  );
  inFlight.push(write);
}

/** Waits for every write sent behind on `exec` so far; throws the first failure. */
export async function settleWritesBehind(exec: object): Promise<void> {
  const inFlight = writesOf.get(exec);
  if (!inFlight || inFlight.length === 0) return;
  const settled = await Promise.allSettled(inFlight.splice(0).map((write) => write.answer));
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * Sends a Drizzle query now. Its builders are lazy (they run when awaited, a microtask later): a
 * statement that must reach the connection before the ones issued after it (a lock) is started here.
 */
export function startNow<T>(query: PromiseLike<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => void query.then(resolve, reject));
}
