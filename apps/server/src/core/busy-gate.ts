import { performance } from 'node:perf_hooks';

/** Share of the last sample period the event loop spent working, above which the instance counts as busy. */
export const BUSY_UTILISATION = 0.75;
/** How often the gate samples the event loop, and how long a waiting sender sleeps between looks. */
const SAMPLE_MS = 250;
/** The longest one sender waits: under sustained load background work still moves, only slower. */
export const BUSY_MAX_WAIT_MS = 2_000;

type Utilisation = () => number;

/** The event loop's utilisation since the previous call (Node's own measure, 0 to 1). */
function eventLoopUtilisation(): Utilisation {
  let previous = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const share = performance.eventLoopUtilization(now, previous).utilization;
    previous = now;
    return share;
  };
}

/**
 * Background senders (queued mail and push, docs/jobs.md) step aside while this instance is
 * busy: during a drop, rendering and sending hundreds of receipts competed with the buyers' requests
 * on the same event loop (docs/performance.md). `whenNotBusy` resolves at once on a quiet instance;
 * on a busy one it waits until the load drops, at most BUSY_MAX_WAIT_MS. The first sender waits one
 * sample period while the gate takes its first look.
 */
export function createBusyGate(options: { utilisation?: Utilisation; sampleMs?: number; maxWaitMs?: number } = {}) {
  const sampleMs = options.sampleMs ?? SAMPLE_MS;
  const maxWaitMs = options.maxWaitMs ?? BUSY_MAX_WAIT_MS;
  const utilisation = options.utilisation ?? eventLoopUtilisation();
  let busy = false;
  let closed = false;
  let sampler: NodeJS.Timeout | undefined;
  // The gate samples from its first sender on, and that sender waits for the first look: let through
  // unseen, a drop's first receipts (often an instance's first sends) rendered in its busiest second.
  let looked!: () => void;
  const firstLook = new Promise<void>((resolve) => (looked = resolve));

  function sample(): void {
    busy = utilisation() > BUSY_UTILISATION;
    looked();
  }

  return {
    isBusy: () => busy,
    /** Closed: the instance is shutting down (background senders also stop taking new work). */
    isClosed: () => closed,

    async whenNotBusy(): Promise<void> {
      if (closed) return;
      if (!sampler) {
        sampler = setInterval(sample, sampleMs);
        sampler.unref();
      }
      await firstLook;
      for (let waited = 0; busy && waited < maxWaitMs; waited += sampleMs) {
        await new Promise((resolve) => setTimeout(resolve, sampleMs));
      }
    },

    /**
     * The instance is shutting down: senders waiting now go on within one sample period, later ones do
     * not wait at all, so the jobs' runs in progress end inside the drain's deadline.
     */
    close(): void {
      closed = true;
      busy = false;
      looked();
      clearInterval(sampler);
      sampler = undefined;
    },
  };
}

/** The instance's one gate (one event loop per process). */
export const busyGate = createBusyGate();
