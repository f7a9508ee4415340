import { describe, expect, it } from 'vitest';
import { LIVE_WATCH_MAX_SETS, liveServerMessageSchema, type LiveServerMessage } from '@kujiya/shared';
import { BoardFeed, type PrizeBoard } from './boards.ts';

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Polls (a loaded machine may run the timers late). */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await tick(10);
}
type Watcher = { watching: Set<string>; got: LiveServerMessage[] };
const watcher = (): Watcher => ({ watching: new Set(), got: [] });

function feed(intervalMs = 100) {
  const read: string[] = [];
  let left = 100;
  const boards = new BoardFeed<Watcher>(
    intervalMs,
    (who, text) => {
      who.got.push(liveServerMessageSchema.parse(JSON.parse(text)));
      return true;
    },
    (error) => {
      throw error;
    },
  );
  boards.serve(async (setId): Promise<PrizeBoard | null> => {
    read.push(setId);
    return setId === 'gone' ? null : { setId, left, total: 100, prizes: [{ id: 'p', remaining: left }] };
  });
  return { boards, read, sell: () => void left-- };
}

describe('board feed', () => {
  it('reads a set once per period however many changes arrive, and sends the last state to every watcher', async () => {
    const { boards, read, sell } = feed();
    const a = watcher();
    const b = watcher();
    boards.watch(a, ['s1']);
    boards.watch(b, ['s1']);
    await until(() => a.got.length === 1);
    // The second watcher came before the first read: one read serves both.
    expect(read).toEqual(['s1']);
    for (let i = 0; i < 50; i++) {
      sell();
      boards.changed('s1');
    }
    await until(() => read.length === 2);
    await tick(150);
    expect(read).toEqual(['s1', 's1']);
    expect(a.got.at(-1)).toMatchObject({ type: 'board', setId: 's1', left: 50 });
    expect(b.got.at(-1)).toEqual(a.got.at(-1));
    boards.stop();
  });

  it('gives a late watcher the last board without a read, and forgets a watcher that left', async () => {
    const { boards, read } = feed(50);
    const a = watcher();
    boards.watch(a, ['s1']);
    await until(() => a.got.length === 1);
    const late = watcher();
    boards.watch(late, ['s1']);
    expect(late.got).toHaveLength(1);
    expect(read).toEqual(['s1']);
    boards.forget(a);
    boards.watch(late, []);
    expect(boards.watcherCount('s1')).toBe(0);
    boards.changed('s1');
    await tick(80);
    expect(read).toEqual(['s1']);
    boards.stop();
  });

  it('watches at most LIVE_WATCH_MAX_SETS sets and sends nothing for a set that is gone', async () => {
    const { boards } = feed(10);
    const a = watcher();
    boards.watch(a, [...Array.from({ length: LIVE_WATCH_MAX_SETS + 5 }, (_, i) => `s${i}`), 'gone']);
    expect(a.watching.size).toBe(LIVE_WATCH_MAX_SETS);
    const b = watcher();
    boards.watch(b, ['gone']);
    await tick(50);
    expect(b.got).toHaveLength(0);
    boards.stop();
  });
});
