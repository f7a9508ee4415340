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

/** The writes each pipelined transaction has sent and not yet seen answered. */
const writesOf = new WeakMap<object, Promise<unknown>[]>();

type TransactionRunner = { transaction: (fn: (tx: never) => Promise<unknown>, config?: unknown) => Promise<unknown> };

/**
 * Makes every transaction of `db` (whose connections are in pg's pipeline mode) pipelined: its
 * writes sent behind (`writeBehind`) are all answered before it commits, and one that failed rolls
 * it back.
 */
export function pipelineTransactions(db: object): void {
  const runner = db as TransactionRunner;
  const original = runner.transaction.bind(db);
  runner.transaction = (fn, config) =>
    original(async (tx: never) => {
      writesOf.set(tx as object, []);
      let value: unknown;
      try {
        value = await fn(tx);
      } catch (error) {
        // A write sent earlier that failed is the cause (a deadlock withTxRetry runs again); the
        // statement that threw after it only met the aborted transaction.
        await settleWritesBehind(tx as object);
        throw error;
      }
      await settleWritesBehind(tx as object);
      return value;
    }, config);
}

/** Whether statements issued on `exec` without waiting share round trips. */
export const isPipelined = (exec: object): boolean => writesOf.has(exec);

/**
 * A write whose answer nothing in the transaction needs before its commit (an insert of new rows, an
 * update whose count is only checked): on a pipelined transaction it is sent and not waited for, so
 * the statements after it share its round trip, and the transaction checks its answer before it
 * commits; elsewhere it runs now. PostgreSQL runs it before every statement sent after it: the step's
 * first statement is sent within a microtask of this call, so only a step that reads before it writes
 * (its write goes out later) must be followed by `settleWritesBehind` where a read needs to see it.
 */
export async function writeBehind(exec: object, step: () => PromiseLike<unknown>): Promise<void> {
  const inFlight = writesOf.get(exec);
  if (!inFlight) {
    await step();
    return;
  }
  const sent = Promise.resolve(step());
  // Checked before the commit (settleWritesBehind); meanwhile its failure is not an unhandled rejection.
  sent.catch(() => {});
  inFlight.push(sent);
}

/** Waits for every write sent behind on `exec` so far; throws the first failure. */
export async function settleWritesBehind(exec: object): Promise<void> {
  const inFlight = writesOf.get(exec);
  if (!inFlight || inFlight.length === 0) return;
  const settled = await Promise.allSettled(inFlight.splice(0));
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
