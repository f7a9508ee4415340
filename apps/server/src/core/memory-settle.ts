import v8 from 'node:v8';
import vm from 'node:vm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { runPeriodically } from './periodic.ts';

/** How often the process looks at its memory. */
export const MEMORY_SETTLE_INTERVAL_MS = 10_000;
/** Growth of the resident memory over its settled size that is worth a collection. */
export const MEMORY_SETTLE_GROWTH_BYTES = 64 * 1024 * 1024;
/** At most this many requests in an interval count as quiet. */
const QUIET_REQUESTS = 100;

type GcFunction = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/** V8's collector, without starting Node with --expose-gc (the way Node's own v8 docs show). */
function collector(): GcFunction {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as GcFunction;
}

/**
 * Gives memory back after a flood (docs/rules/security.md, "Request size and time"). Nothing is kept
 * per request or per key: after 170,000 rate-limited answers the live heap is what it was. But the
 * flood's short-lived garbage is promoted to the old generation faster than a full collection comes,
 * and V8 keeps the pages it frees pooled, so the resident memory stayed at its peak (about 250 →
 * 560 MB) until the next full collection, which a quiet process never reaches. When the process has
 * grown by MEMORY_SETTLE_GROWTH_BYTES since it last settled and traffic is quiet again, one
 * memory-reducing collection (V8's "last resort" flavour: compacts, releases the pool) brings it back.
 */
export function startMemorySettle(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  intervalMs = MEMORY_SETTLE_INTERVAL_MS,
): () => Promise<void> {
  const gc = collector();
  let requests = 0;
  app.addHook('onResponse', (_request, _reply, done) => {
    requests++;
    done();
  });
  let settledRss = process.memoryUsage.rss();
  return runPeriodically(
    'memory settle',
    intervalMs,
    async () => {
      const recent = requests;
      requests = 0;
      const rss = process.memoryUsage.rss();
      if (rss - settledRss < MEMORY_SETTLE_GROWTH_BYTES || recent > QUIET_REQUESTS) return;
      const started = performance.now();
      gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
      settledRss = process.memoryUsage.rss();
      const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
      log.info(
        { rssBeforeMb: mb(rss), rssAfterMb: mb(settledRss), ms: Math.round(performance.now() - started) },
        'memory settled after a burst',
      );
    },
    log,
  );
}
