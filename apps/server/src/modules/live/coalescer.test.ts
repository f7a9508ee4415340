import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { Coalescer } from './coalescer.ts';

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('coalescer', () => {
  it('merges requests during a slow run into one run, a full period after the run ended', async () => {
    const runs: Array<{ start: number; end: number }> = [];
    const coalescer = new Coalescer(100, async () => {
      const start = performance.now();
      await tick(60);
      runs.push({ start, end: performance.now() });
    });
    coalescer.request('k');
    await tick(20);
    for (let i = 0; i < 10; i++) coalescer.request('k');
    for (let i = 0; i < 200 && runs.length < 2; i++) await tick(10);
    await tick(250);
    expect(runs).toHaveLength(2);
    // Timers may fire a millisecond or two early by performance.now(); without the rule the gap would be ~0.
    expect(runs[1]!.start - runs[0]!.end).toBeGreaterThanOrEqual(90);
    coalescer.stop();
  });

  it('keeps keys apart and reports a failed run instead of throwing', async () => {
    const errors: unknown[] = [];
    const ran: string[] = [];
    const coalescer = new Coalescer(
      50,
      (key) => {
        ran.push(key);
        if (key === 'bad') throw new Error('read failed');
      },
      (error) => errors.push(error),
    );
    coalescer.request('a');
    coalescer.request('bad');
    coalescer.request('a');
    for (let i = 0; i < 200 && ran.length < 2; i++) await tick(10);
    expect(ran.sort()).toEqual(['a', 'bad']);
    expect(errors).toHaveLength(1);
    coalescer.stop();
  });
});
