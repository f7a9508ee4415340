import type { Db, Executor } from '../db/database.ts';

/**
 * Work that must wait until a transaction has committed (live events, nudges): `afterCommit(exec,
 * task)` from inside a transaction runs `task` once the outermost transaction commits, and never if
 * it rolls back; from outside one (the plain database) it runs right after the current call.
 * Tasks run on a later tick and must not throw into the caller: errors are handed to `onError`.
 */
type Task = () => void | Promise<void>;

const pendingOf = new WeakMap<object, Task[]>();
const installed = new WeakSet<object>();
let onError: (error: unknown) => void = () => {};

export function setAfterCommitErrorHandler(handler: (error: unknown) => void): void {
  onError = handler;
}

function runSoon(tasks: Task[]): void {
  if (tasks.length === 0) return;
  setImmediate(() => {
    for (const task of tasks) {
      try {
        void Promise.resolve(task()).catch(onError);
      } catch (error) {
        onError(error);
      }
    }
  });
}

export function afterCommit(exec: Executor, task: Task): void {
  const pending = pendingOf.get(exec);
  if (pending) pending.push(task);
  else runSoon([task]);
}

type TransactionRunner = { transaction: (fn: (tx: never) => Promise<unknown>, config?: unknown) => Promise<unknown> };

/** Wraps `transaction` of a transaction object so a nested one (savepoint) hands its tasks up on success. */
function trackNested(tx: object, parentTasks: Task[]): void {
  const runner = tx as unknown as TransactionRunner;
  const original = runner.transaction.bind(tx);
  runner.transaction = async (fn, config) => {
    const tasks: Task[] = [];
    const result = await original(async (nested: never) => {
      pendingOf.set(nested as object, tasks);
      trackNested(nested as object, tasks);
      return fn(nested);
    }, config);
    parentTasks.push(...tasks);
    return result;
  };
}

/** Makes `db.transaction` collect after-commit tasks (once per database object). */
export function installAfterCommit(db: Db): void {
  if (installed.has(db)) return;
  installed.add(db);
  const runner = db as unknown as TransactionRunner;
  const original = runner.transaction.bind(db);
  runner.transaction = async (fn, config) => {
    const tasks: Task[] = [];
    const result = await original(async (tx: never) => {
      pendingOf.set(tx as object, tasks);
      trackNested(tx as object, tasks);
      return fn(tx);
    }, config);
    runSoon(tasks);
    return result;
  };
}
