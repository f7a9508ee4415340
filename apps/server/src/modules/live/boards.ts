import { LIVE_WATCH_MAX_SETS, liveServerMessageSchema, type LiveBoardMessage } from '@kujiya/shared';
import { Coalescer } from './coalescer.ts';
import type { LiveBus } from './bus.ts';

/** The board of one set as the live layer sends it, without its message type; null when the set is gone. */
export type PrizeBoard = Omit<LiveBoardMessage, 'type'>;
export type BoardSource = (setId: string) => Promise<PrizeBoard | null>;

interface BoardWatcher {
  watching: Set<string>;
}

/**
 * The live prize boards of this instance's sockets (docs/rules/drops.md, "Live board"): who watches
 * which set, and one fresh board per set at most every `intervalMs`, read once and sent to all of
 * that set's watchers. A watcher that starts watching gets the last board sent (or a fresh read) at once.
 */
export class BoardFeed<C extends BoardWatcher> {
  private readonly watchers = new Map<string, Set<C>>();
  private readonly latest = new Map<string, string>();
  private readonly coalescer: Coalescer;
  private source: BoardSource | undefined;

  constructor(
    intervalMs: number,
    private readonly send: (client: C, text: string) => boolean,
    onError: (error: unknown) => void,
  ) {
    this.coalescer = new Coalescer(intervalMs, (setId) => this.refresh(setId), onError);
  }

  /** Where boards are read from (the catalogue's, given once by the composition's board service). */
  serve(source: BoardSource): void {
    this.source = source;
  }

  /** Replaces the client's watched sets. */
  watch(client: C, setIds: readonly string[]): void {
    const wanted = new Set(setIds.slice(0, LIVE_WATCH_MAX_SETS));
    for (const setId of client.watching) if (!wanted.has(setId)) this.unwatchOne(client, setId);
    for (const setId of wanted) {
      if (client.watching.has(setId)) continue;
      client.watching.add(setId);
      let set = this.watchers.get(setId);
      if (!set) this.watchers.set(setId, (set = new Set()));
      set.add(client);
      const known = this.latest.get(setId);
      if (known) this.send(client, known);
      else this.coalescer.request(setId);
    }
  }

  forget(client: C): void {
    for (const setId of [...client.watching]) this.unwatchOne(client, setId);
  }

  /** A set's tickets changed (from the bus, any instance). */
  changed(setId: string): void {
    if (this.watchers.has(setId)) this.coalescer.request(setId);
    else this.latest.delete(setId);
  }

  watcherCount(setId: string): number {
    return this.watchers.get(setId)?.size ?? 0;
  }

  stop(): void {
    this.coalescer.stop();
  }

  private unwatchOne(client: C, setId: string): void {
    client.watching.delete(setId);
    const set = this.watchers.get(setId);
    set?.delete(client);
    if (set?.size === 0) {
      this.watchers.delete(setId);
      this.latest.delete(setId);
    }
  }

  private async refresh(setId: string): Promise<void> {
    if (!this.source || !this.watchers.has(setId)) return;
    const board = await this.source(setId);
    if (!board) return;
    const text = JSON.stringify(liveServerMessageSchema.parse({ type: 'board', ...board }));
    const watchers = this.watchers.get(setId);
    if (!watchers) return;
    this.latest.set(setId, text);
    for (const client of [...watchers]) this.send(client, text);
  }
}

/**
 * The live layer's board calls (docs/rules/drops.md, "Live board"): `boardChanged` (at commit) tells
 * every instance, at most once per period per set, so a drop's burst of purchases is a few bus
 * messages; `serveBoards` is given the board source once by the board service built after the
 * catalogue (the catalogue is built after the live layer), as payments' purposes register handlers.
 */
export function createBoardChanges(
  hub: { options: { boardIntervalMs: number }; boards: { serve(source: BoardSource): void } },
  bus: Pick<LiveBus, 'publish'>,
  onError: (error: unknown) => void,
) {
  const changes = new Coalescer(hub.options.boardIntervalMs, (setId) => bus.publish({ kind: 'board', setId }), onError);
  return {
    boardChanged: (setId: string): void => changes.request(setId),
    serveBoards: (source: BoardSource): void => hub.boards.serve(source),
    close: (): void => changes.stop(),
  };
}
