// Recognising PostgreSQL errors and retrying transactions that lost a lock race: the one place every
// module reads a database error code from (docs/architecture.md, "Database errors and lock order").
import type { Db, Tx } from './database.ts';

const UNIQUE_VIOLATION = '23505';
/** deadlock_detected and serialization_failure: the transaction was rolled back and may simply run again. */
const RETRYABLE = new Set(['40P01', '40001']);

/**
 * The PostgreSQL errors on an error's `cause` chain: node-postgres throws the error itself, Drizzle and
 * PGlite may wrap it (`DrizzleQueryError` with the driver's error as `cause`).
 */
function* databaseErrors(error: unknown): Generator<{ code?: unknown; constraint?: unknown }> {
  const seen = new Set<unknown>();
  for (let e: unknown = error; e && typeof e === 'object' && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    yield e as { code?: unknown; constraint?: unknown };
  }
}

/**
 * The SQLSTATE of the database error on an error's `cause` chain; undefined when none came from the
 * database (Node's own codes, EPIPE and the like, are not SQLSTATEs: no SQLSTATE class starts with E).
 */
export function databaseErrorCode(error: unknown): string | undefined {
  for (const e of databaseErrors(error))
    if (typeof e.code === 'string' && /^[0-9A-DF-Z][0-9A-Z]{4}$/.test(e.code)) return e.code;
  return undefined;
}

/** True when a database error is a unique violation (optionally of the named constraint or index). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (const e of databaseErrors(error)) {
    if (e.code === UNIQUE_VIOLATION) return constraint === undefined || e.constraint === constraint;
  }
  return false;
}

/**
 * Class 53 (insufficient resources: too many connections, out of memory or disk) and 57P03 (the server
 * is starting or shutting down): the database cannot take the request now; a moment later it may.
 */
const OVERLOADED_CLASS = '53';
const CANNOT_CONNECT_NOW = '57P03';

/** True when the database refused the work for lack of resources or while starting: answered 503, not 500. */
export function isDatabaseOverloaded(error: unknown): boolean {
  for (const e of databaseErrors(error)) {
    if (typeof e.code === 'string' && (e.code.startsWith(OVERLOADED_CLASS) || e.code === CANNOT_CONNECT_NOW))
      return true;
  }
  return false;
}

/**
 * The database cannot be reached, or dropped the connection: the server is stopped, crashed,
 * restarting or failing over (docs/operations.md, "Database outages"). Class 08 (connection
 * exception), 57P01/57P02 (terminated by an administrator or a crash), 57P03 (not accepting
 * connections yet), Node's socket errors and node-postgres's own texts for a connection that ended.
 */
const CONNECTION_CLASS = '08';
const SHUT_DOWN_CODES = new Set(['57P01', '57P02', '57P03']);
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
const CONNECTION_ENDED =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|terminating connection/i;

/** True when the database is unreachable or dropped the connection: answered 503, not 500. */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (const e of databaseErrors(error)) {
    const code = typeof e.code === 'string' ? e.code : undefined;
    if (code && (code.startsWith(CONNECTION_CLASS) || SHUT_DOWN_CODES.has(code) || SOCKET_CODES.has(code))) return true;
    // An AggregateError (a host name with several addresses, each refused) carries its causes in `errors`.
    const inner = (e as { errors?: unknown }).errors;
    if (Array.isArray(inner) && inner.some((one) => isDatabaseUnreachable(one))) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && CONNECTION_ENDED.test(message)) return true;
  }
  return false;
}

/** True when a transaction was rolled back as a deadlock victim or for a serialization failure. */
export function isDeadlock(error: unknown): boolean {
  for (const e of databaseErrors(error)) {
    if (typeof e.code === 'string' && RETRYABLE.has(e.code)) return true;
  }
  return false;
}

export interface TxRetryOptions {
  /** Attempts in all, the first included (default 4). */
  attempts?: number;
  /** Wait before the second attempt in ms, doubled each time, plus jitter (default 10). */
  baseDelayMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` in a transaction on `db`, running it again (after a short, growing, jittered wait) when
 * PostgreSQL rolled it back for a deadlock or serialization failure; any other error, or the last
 * attempt's, is thrown. `work` must be safe to run again: it does everything inside the transaction.
 */
export async function withTxRetry<T>(
  db: Pick<Db, 'transaction'>,
  work: (tx: Tx) => Promise<T>,
  options: TxRetryOptions = {},
): Promise<T> {
  const attempts = options.attempts ?? 4;
  const baseDelayMs = options.baseDelayMs ?? 10;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (attempt >= attempts || !isDeadlock(error)) throw error;
      await sleep(baseDelayMs * 2 ** (attempt - 1) * (1 + Math.random()));
    }
  }
}
