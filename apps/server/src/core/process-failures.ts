import { isDatabaseUnreachable } from '../db/errors.ts';
import type { ProcessLog } from './process-log.ts';

/**
 * Process-level failures as JSON log lines (docs/operations.md, "Database outages"). A promise
 * rejected with nobody waiting (a library recording a job's end while the database shuts down) is
 * logged, and the instance keeps serving: the work it belonged to is retried by its own mechanism
 * (the job's expiry, the outbox's claim). An uncaught exception from a lost database connection is
 * logged the same way; any other leaves the process in an unknown state, so it is logged as fatal
 * and the process exits 1 (its supervisor starts a new one).
 */
export function logProcessFailures(log: ProcessLog, exit: (code: number) => void = (code) => process.exit(code)): void {
  process.on('unhandledRejection', (reason) => log.error('unhandled promise rejection', { err: reason }));
  process.on('uncaughtException', (error) => {
    if (isDatabaseUnreachable(error)) return log.error('database connection error outside a request', { err: error });
    log.fatal('uncaught exception: exiting', { err: error });
    exit(1);
  });
}
