import os from 'node:os';

/**
 * JSON log lines for what happens outside a request and before (or after) the app's own logger
 * exists: the database's lost connections, the start-up's wait for the database, process-level
 * failures (docs/operations.md, "Database outages"). Each line has pino's shape (`level`, `time`,
 * `pid`, `hostname`, `instance`, `msg`, `err`), so a log collector reads it like the app's lines.
 */
export interface ProcessLog {
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  fatal(msg: string, fields?: Record<string, unknown>): void;
}

const LEVELS = { info: 30, warn: 40, error: 50, fatal: 60 } as const;

/** An error as pino's serializer writes it: type, message, stack and the driver's code. */
export function serializeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const { code } = error as { code?: unknown };
  return { type: error.name, message: error.message, stack: error.stack, ...(code === undefined ? {} : { code }) };
}

/** A process log writing to `write` (stderr by default) for the instance `instance`. */
export function createProcessLog(
  instance?: string,
  write: (line: string) => void = (line) => process.stderr.write(line),
): ProcessLog {
  const base = { pid: process.pid, hostname: os.hostname(), ...(instance ? { instance } : {}) };
  const at =
    (level: keyof typeof LEVELS) =>
    (msg: string, fields: Record<string, unknown> = {}): void => {
      const { err, ...rest } = fields;
      const line = {
        level: LEVELS[level],
        time: Date.now(),
        ...base,
        ...rest,
        ...(err ? { err: serializeError(err) } : {}),
        msg,
      };
      write(`${JSON.stringify(line)}\n`);
    };
  return { info: at('info'), warn: at('warn'), error: at('error'), fatal: at('fatal') };
}
