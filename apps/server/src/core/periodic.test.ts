import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { runPeriodically } from './periodic.ts';

describe('runPeriodically', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const log = () => ({ error: vi.fn() }) as unknown as FastifyBaseLogger & { error: ReturnType<typeof vi.fn> };

  it('never overlaps a slow run, logs failures and keeps going, and stop waits for the run in progress', async () => {
    const logger = log();
    let finish: () => void = () => undefined;
    let calls = 0;
    const task = vi.fn(() => {
      calls++;
      if (calls === 1) return Promise.reject(new Error('boom'));
      return new Promise<void>((resolve) => (finish = resolve));
    });
    const stop = runPeriodically('test job', 1000, task, logger);

    await vi.advanceTimersByTimeAsync(1000);
    expect(logger.error).toHaveBeenCalledWith({ err: expect.any(Error) }, 'test job failed');
    await vi.advanceTimersByTimeAsync(1000); // second run starts and hangs
    await vi.advanceTimersByTimeAsync(3000); // ticks while it runs start nothing
    expect(task).toHaveBeenCalledTimes(2);

    let stopped = false;
    const stopping = stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(task).toHaveBeenCalledTimes(2);
  });
});
