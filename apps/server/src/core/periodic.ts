import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `task` every `intervalMs` on this process. A slow run is never overlapped by the next one, a
 * failure is logged as `{job} failed`, and the timer does not keep the process alive. The returned
 * stop waits for a run in progress, so closing the database right after it is safe.
 */
export function runPeriodically(
  job: string,
  intervalMs: number,
  task: () => Promise<unknown>,
  log: FastifyBaseLogger,
): () => Promise<void> {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = task()
      .catch((err: unknown) => log.error({ err }, `${job} failed`))
      .finally(() => (running = undefined));
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
