import { outsideClaims } from './idempotency-scope.ts';

/**
 * Group commit for work that serialises on one lock per key (a round's purchases, docs/performance.md):
 * requests for a key queue up, and while one batch of them runs, the next requests gather into the
 * next batch. A request that finds its key idle starts a batch on the next turn of the event loop
 * (with whatever else arrived in that turn), so nothing waits for a timer; under a
 * crowd, one transaction serves many requests and the lock changes hands once per batch.
 */
export type Outcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

interface Waiting<I, R> {
  item: I;
  resolve: (value: R) => void;
  reject: (error: unknown) => void;
}

export interface KeyedBatchesOptions<I, R> {
  /** Most requests in one batch. */
  maxBatch: number;
  /** Requests with the same member key never share a batch (e.g. one buyer's two purchases). */
  memberKey: (item: I) => string;
  /** Runs one batch; answers one outcome per item, in order. A throw fails the whole batch. */
  run: (key: string, items: I[]) => Promise<Outcome<R>[]>;
}

/** Requests answered between two turns of the event loop. */
const SETTLE_CHUNK = 16;

export function createKeyedBatches<I, R>(options: KeyedBatchesOptions<I, R>) {
  const queues = new Map<string, Waiting<I, R>[]>();

  async function drain(key: string): Promise<void> {
    for (;;) {
      const queue = queues.get(key)!;
      if (queue.length === 0) {
        queues.delete(key);
        return;
      }
      const batch: Waiting<I, R>[] = [];
      const rest: Waiting<I, R>[] = [];
      const members = new Set<string>();
      for (const waiting of queue) {
        const member = options.memberKey(waiting.item);
        if (batch.length < options.maxBatch && !members.has(member)) {
          batch.push(waiting);
          members.add(member);
        } else rest.push(waiting);
      }
      queues.set(key, rest);
      let outcomes: Outcome<R>[];
      try {
        outcomes = await options.run(
          key,
          batch.map((w) => w.item),
        );
      } catch (error) {
        outcomes = batch.map(() => ({ ok: false, error }));
      }
      void settle(batch, outcomes);
    }
  }

  /**
   * Answers a batch's requests a few at a time: each answer runs its request's remaining work (the
   * reply) at once, so a whole batch answered in one go would hold the event loop for long enough to
   * delay the next batch's own database round trips (docs/performance.md).
   */
  async function settle(batch: Waiting<I, R>[], outcomes: Outcome<R>[]): Promise<void> {
    for (const [i, waiting] of batch.entries()) {
      if (i > 0 && i % SETTLE_CHUNK === 0) await new Promise((resolve) => setImmediate(resolve));
      const outcome = outcomes[i] ?? { ok: false, error: new Error('batch answered too few outcomes') };
      if (outcome.ok) waiting.resolve(outcome.value);
      else waiting.reject(outcome.error);
    }
  }

  return {
    /** Queues `item` under `key`; settles with its own outcome. */
    submit(key: string, item: I): Promise<R> {
      return new Promise<R>((resolve, reject) => {
        const queue = queues.get(key);
        if (queue) {
          queue.push({ item, resolve, reject });
          return;
        }
        queues.set(key, [{ item, resolve, reject }]);
        // One turn of the event loop first: the requests read in the same turn (a crowd arriving at
        // once) join this batch instead of waiting behind a batch of one.
        // Outside the first request's idempotency claim: a batch marks the claims of the items it
        // carried out itself (core/idempotency-scope.ts).
        outsideClaims(() => setImmediate(() => void drain(key)));
      });
    },
    /** Keys with requests queued or running (for tests). */
    get busyKeys(): number {
      return queues.size;
    },
  };
}
