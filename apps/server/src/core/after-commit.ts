import type { Db, Executor, Tx } from '../db/database.ts';
import { outsideClaims } from './idempotency-scope.ts';

/**
 * Work that must wait until a transaction has committed (live events, nudges): `afterCommit(exec,
 * task)` from inside a transaction runs `task` once the outermost transaction commits, and never if
 * it rolls back; from outside one (the plain database) it runs right after the current call.
 * Tasks run on a later tick and must not throw into the caller: errors are handed to `onError`.
 */
type Task = () => void | Promise<void>;

const pendingOf = new WeakMap<object, Task[]>();
/** Cheap, synchronous tasks run the moment the outermost transaction commits (see `atCommit`). */
const syncPendingOf = new WeakMap<object, Array<() => void>>();
const installed = new WeakSet<object>();
let onError: (error: unknown) => void = () => {};

export function setAfterCommitErrorHandler(handler: (error: unknown) => void): void {
  onError = handler;
}

function runSoon(tasks: Task[]): void {
  if (tasks.length === 0) return;
  // Outside the request's idempotency claim: a task's own transaction is not the request's work.
  outsideClaims(() =>
    setImmediate(() => {
      for (const task of tasks) {
        try {
          void Promise.resolve(task()).catch(onError);
        } catch (error) {
          onError(error);
        }
      }
    }),
  );
}

export function afterCommit(exec: Executor, task: Task): void {
  const pending = pendingOf.get(exec);
  if (pending) pending.push(task);
  else runSoon([task]);
}

/**
 * `task` runs synchronously as soon as the outermost transaction commits, before the code that
 * awaited the transaction goes on (never on rollback); outside a transaction, at once. Only for
 * cheap in-memory work that must be visible to the very next request (dropping a cached answer).
 */
export function atCommit(exec: Executor, task: () => void): void {
  const pending = syncPendingOf.get(exec);
  if (pending) pending.push(task);
  else runSync([task]);
}

function runSync(tasks: Array<() => void>): void {
  for (const task of tasks) {
    try {
      task();
    } catch (error) {
      onError(error);
    }
  }
}

type TransactionRunner = { transaction: (fn: (tx: never) => Promise<unknown>, config?: unknown) => Promise<unknown> };

/** Wraps `transaction` of a transaction object so a nested one (savepoint) hands its tasks up on success. */
function trackNested(tx: object, parentTasks: Task[], parentSync: Array<() => void>): void {
  const runner = tx as unknown as TransactionRunner;
  const original = runner.transaction.bind(tx);
  runner.transaction = async (fn, config) => {
    const tasks: Task[] = [];
    const syncTasks: Array<() => void> = [];
    const result = await original(async (nested: never) => {
      pendingOf.set(nested as object, tasks);
      syncPendingOf.set(nested as object, syncTasks);
      trackNested(nested as object, tasks, syncTasks);
      return fn(nested);
    }, config);
    parentTasks.push(...tasks);
    parentSync.push(...syncTasks);
    return result;
  };
}

export interface AfterCommitOptions {
  /**
   * The outermost transaction's last statements before it commits; a throw rolls it back. The
   * idempotency claims in scope are marked here (docs/operations.md, "Idempotent money calls").
   */
  beforeCommit?: (tx: Tx) => Promise<void>;
}

/** Makes `db.transaction` collect after-commit tasks (once per database object). */
export function installAfterCommit(db: Db, options: AfterCommitOptions = {}): void {
  if (installed.has(db)) return;
  installed.add(db);
  const runner = db as unknown as TransactionRunner;
  const original = runner.transaction.bind(db);
  runner.transaction = async (fn, config) => {
    const tasks: Task[] = [];
    const syncTasks: Array<() => void> = [];
    const result = await original(async (tx: never) => {
      pendingOf.set(tx as object, tasks);
      syncPendingOf.set(tx as object, syncTasks);
      trackNested(tx as object, tasks, syncTasks);
      const value = await fn(tx);
      await options.beforeCommit?.(tx as Tx);
      return value;
    }, config);
    runSync(syncTasks);
    runSoon(tasks);
    return result;
  };
}
