import { performance } from 'node:perf_hooks';

/**
 * Runs `run(key)` at most once per `intervalMs` for each key, the period counted from the end of the
 * last run (so a run's own time, a database read, never squeezes two results closer): the first
 * request after a quiet period runs on the next tick, requests within the period or during a run are
 * merged into one run after it. A run that fails is reported to `onError` (a timer callback must
 * never throw).
 */
export class Coalescer {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly lastRunAt = new Map<string, number>();
  private readonly running = new Set<string>();
  private readonly requestedWhileRunning = new Set<string>();

  constructor(
    private readonly intervalMs: number,
    private readonly run: (key: string) => void | Promise<void>,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  request(key: string): void {
    if (this.running.has(key)) {
      this.requestedWhileRunning.add(key);
      return;
    }
    if (this.timers.has(key)) return;
    const last = this.lastRunAt.get(key) ?? -Infinity;
    const wait = Math.max(0, last + this.intervalMs - performance.now());
    const timer = setTimeout(() => void this.fire(key), wait);
    timer.unref();
    this.timers.set(key, timer);
  }

  private async fire(key: string): Promise<void> {
    this.timers.delete(key);
    this.running.add(key);
    try {
      await this.run(key);
    } catch (error) {
      this.onError(error);
    } finally {
      this.running.delete(key);
      this.lastRunAt.set(key, performance.now());
    }
    if (this.requestedWhileRunning.delete(key)) this.request(key);
    // Forget quiet keys, so the map holds only the sets that changed lately.
    for (const [other, at] of this.lastRunAt) {
      if (performance.now() - at > this.intervalMs * 4 && !this.timers.has(other)) this.lastRunAt.delete(other);
    }
  }

  stop(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.requestedWhileRunning.clear();
  }
}
