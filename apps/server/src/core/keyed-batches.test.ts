import { describe, expect, it } from 'vitest';
import { createKeyedBatches, type Outcome } from './keyed-batches.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('keyed batches', () => {
  it('runs a lone request at once, gathers the requests that arrive meanwhile into the next batch, and keeps keys apart', async () => {
    const batches: string[][] = [];
    let release: () => void = () => {};
    const batchesFor = createKeyedBatches<{ user: string; n: number }, number>({
      maxBatch: 3,
      memberKey: (item) => item.user,
      run: async (key, items) => {
        batches.push(items.map((i) => `${key}:${i.user}${i.n}`));
        if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
        return items.map((i) => ({ ok: true, value: i.n * 10 }));
      },
    });
    const first = batchesFor.submit('r1', { user: 'a', n: 1 });
    await tick();
    expect(batches).toEqual([['r1:a1']]);
    // While the first batch runs: four more for r1 (two from b), one for r2 (runs at once, its own key).
    const more = [
      batchesFor.submit('r1', { user: 'b', n: 2 }),
      batchesFor.submit('r1', { user: 'b', n: 3 }),
      batchesFor.submit('r1', { user: 'c', n: 4 }),
      batchesFor.submit('r1', { user: 'd', n: 5 }),
      batchesFor.submit('r1', { user: 'e', n: 6 }),
    ];
    const other = batchesFor.submit('r2', { user: 'a', n: 7 });
    expect(await other).toBe(70);
    release();
    expect(await Promise.all([first, ...more])).toEqual([10, 20, 30, 40, 50, 60]);
    // b's second request waits for the batch after its first; at most 3 per batch.
    expect(batches).toEqual([['r1:a1'], ['r2:a7'], ['r1:b2', 'r1:c4', 'r1:d5'], ['r1:b3', 'r1:e6']]);
    expect(batchesFor.busyKeys).toBe(0);
  });

  it('answers each request with its own outcome, and fails the whole batch when the run throws', async () => {
    let fail = false;
    const batchesFor = createKeyedBatches<number, number>({
      maxBatch: 10,
      memberKey: (n) => String(n),
      run: async (_key, items): Promise<Outcome<number>[]> => {
        if (fail) throw new Error('database gone');
        return items.map((n) => (n % 2 ? { ok: true, value: n } : { ok: false, error: new Error(`even ${n}`) }));
      },
    });
    await expect(batchesFor.submit('k', 1)).resolves.toBe(1);
    await expect(batchesFor.submit('k', 2)).rejects.toThrow('even 2');
    fail = true;
    await expect(batchesFor.submit('k', 3)).rejects.toThrow('database gone');
  });

  it('answers a large batch a few requests per turn of the event loop, in order, every one of them', async () => {
    const events: string[] = [];
    const batchesFor = createKeyedBatches<number, number>({
      maxBatch: 100,
      memberKey: (n) => String(n),
      run: async (_key, items) => items.map((n) => ({ ok: true, value: n })),
    });
    const lone = batchesFor.submit('k', -1);
    const crowd = Array.from({ length: 40 }, (_, n) =>
      batchesFor.submit('k', n).then((value) => void events.push(`answer ${value}`)),
    );
    await lone;
    // Other work waiting on the event loop (a database reply, say) gets a turn between chunks.
    const other = new Promise<void>((resolve) => setImmediate(() => resolve(void events.push('other work'))));
    await Promise.all([...crowd, other]);
    const answers = events.filter((e) => e.startsWith('answer'));
    expect(answers).toEqual(Array.from({ length: 40 }, (_, n) => `answer ${n}`));
    const otherAt = events.indexOf('other work');
    expect(otherAt).toBeGreaterThan(0);
    expect(otherAt).toBeLessThan(40);
    expect(batchesFor.busyKeys).toBe(0);
  });

  it('starts a batch on the next turn of the event loop, with every request that arrived in the same turn', async () => {
    const batches: number[][] = [];
    const batchesFor = createKeyedBatches<number, number>({
      maxBatch: 10,
      memberKey: (n) => String(n),
      run: async (_key, items) => {
        batches.push(items);
        return items.map((n) => ({ ok: true, value: n }));
      },
    });
    const sameTurn = [1, 2, 3].map((n) => batchesFor.submit('k', n));
    expect(batches).toEqual([]);
    expect(await Promise.all(sameTurn)).toEqual([1, 2, 3]);
    expect(batches).toEqual([[1, 2, 3]]);
  });
});
