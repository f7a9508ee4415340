import pg from 'pg';

/** One statement a pg client sent, or the moment its answer came. */
export interface TracedStatement {
  client: pg.Client;
  event: 'sent' | 'answered';
  /** The statement's text, trimmed and in lower case. */
  text: string;
}

/**
 * Records every statement each pg client of this process sends and when its answer comes, until
 * `restore`: shows which statements shared a round trip (sent before the earlier ones were answered).
 */
export function traceStatements() {
  const trace: TracedStatement[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0] as string | { text?: string } | undefined;
    const text = (typeof config === 'string' ? config : (config?.text ?? '')).trim().toLowerCase();
    trace.push({ client: this, event: 'sent', text });
    const answered = () => void trace.push({ client: this, event: 'answered', text });
    // A pool's own queries pass a callback (pg.Pool#query); a client's return a promise.
    const callback = args.at(-1);
    if (typeof callback === 'function')
      args[args.length - 1] = (...results: unknown[]) => {
        answered();
        return (callback as (...r: unknown[]) => unknown)(...results);
      };
    const result = (original as (...a: unknown[]) => unknown).apply(this, args);
    if (result instanceof Promise) result.then(answered, answered);
    return result;
  } as typeof original;
  return { trace, restore: () => void (pg.Client.prototype.query = original) };
}

/** The events of the client that sent a statement containing `marker`, from that statement on. */
export function eventsOfClientFrom(trace: readonly TracedStatement[], marker: string): TracedStatement[] {
  const first = trace.findIndex((t) => t.event === 'sent' && t.text.includes(marker));
  if (first < 0) throw new Error(`no statement containing ${marker}`);
  const client = trace[first]!.client;
  return trace.slice(first).filter((t) => t.client === client);
}
