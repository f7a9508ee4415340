import type { LiveDropMessage } from '@kujiya/shared';
import { and, eq, gt, inArray, isNotNull, or } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import {
  admittedCount,
  closeIfNobodyWaits,
  findRoom,
  openRooms,
  orderAtOpening,
  type RoomRound,
} from './room-state.ts';
import { entrantStatus, isRoomOpen, type RoomSnapshot } from './status.ts';
import { dropEntrants } from './tables.ts';

/** How often each instance orders due rooms and tells its own sockets their place (docs/rules/drops.md). */
export const ROOM_TICK_MS = 2_000;

/** What the tick needs of the live layer: this instance's signed-in sockets. */
export interface RoomSockets {
  connectedUserIds(): string[];
  sendToUser(userId: string, message: LiveDropMessage): void;
}

/**
 * How far back a tick's read reaches before the previous tick: an entrant admitted at once by a join
 * that committed just after that tick's read still gets its message (duplicates are never sent twice).
 */
const READ_OVERLAP_MS = 5_000;

/** What this instance told a room last time: when, and which of its connected shoppers it looked at. */
interface RoomMemo {
  toldAt: Date | null;
  looked: Set<string>;
}

/**
 * One tick of the rooms on this instance: orders a room whose opening has come, closes one nobody
 * waits in, and sends each entrant connected here a `drop` message when their place changed. The
 * state is in the database, so every instance does this for its own sockets: a shopper who reconnects
 * to another instance hears from that one. One message per shopper per tick: at most one per 2 s.
 *
 * Waiting is cheap: queue numbers and admission times never change once given, so after the first
 * tick of an ordered room a tick reads only the entrants still waiting or admitted since the last one
 * (plus shoppers who connected since), and works out every place from one admitted count.
 */
export function createRoomTick(ctx: AppContext, roundOf: (setId: string) => Promise<RoomRound>, sockets: RoomSockets) {
  const lastSent = new Map<string, string>();
  const memos = new Map<string, RoomMemo>();

  /** The entrants whose message may have changed since this instance last told the room. */
  function entrantsToTell(setId: string, memo: RoomMemo, here: Set<string>, closing: boolean) {
    const inRoom = and(eq(dropEntrants.setId, setId), isNotNull(dropEntrants.admitAt));
    if (closing || !memo.toldAt) return ctx.db.select().from(dropEntrants).where(inRoom);
    const since = new Date(memo.toldAt.getTime() - READ_OVERLAP_MS);
    const newcomers = [...here].filter((userId) => !memo.looked.has(userId));
    return ctx.db
      .select()
      .from(dropEntrants)
      .where(
        and(
          inRoom,
          newcomers.length > 0
            ? or(gt(dropEntrants.admitAt, since), inArray(dropEntrants.userId, newcomers))
            : gt(dropEntrants.admitAt, since),
        ),
      );
  }

  async function tellEntrants(snapshot: RoomSnapshot, connected: string[]) {
    const { setId } = snapshot;
    const now = ctx.clock.now();
    // The room closing (nobody waits) admits everyone still in it.
    const closing = !isRoomOpen(snapshot, now);
    const here = new Set(connected);
    const memo = memos.get(setId) ?? { toldAt: null, looked: new Set<string>() };
    const entrants = (await entrantsToTell(setId, memo, here, closing)).filter((e) => here.has(e.userId));
    // Before the opening nobody has a place yet: the first read after it must take the whole room.
    if (snapshot.room?.orderedAt) memos.set(setId, { toldAt: now, looked: here });
    if (entrants.length === 0) return;
    const admitted = await admittedCount(ctx.db, setId, now);
    for (const entrant of entrants) {
      const status = entrantStatus(snapshot, entrant, admitted, now);
      if (!status.joined && !closing) continue;
      const message: LiveDropMessage = closing
        ? { type: 'drop', setId, position: 0, admitted: true, estimatedWaitSeconds: 0 }
        : {
            type: 'drop',
            setId,
            position: status.position,
            admitted: status.admitted,
            estimatedWaitSeconds: status.estimatedWaitSeconds,
          };
      const key = `${setId}:${entrant.userId}`;
      const text = JSON.stringify(message);
      if (lastSent.get(key) === text) continue;
      lastSent.set(key, text);
      sockets.sendToUser(entrant.userId, message);
    }
  }

  return async function tick(): Promise<void> {
    const connected = sockets.connectedUserIds();
    for (const listed of await openRooms(ctx.db)) {
      const { setId } = listed;
      const round = await roundOf(setId);
      if (!listed.orderedAt) await orderAtOpening(ctx, setId, round);
      const room = await findRoom(ctx.db, setId);
      if (!room) continue;
      if (connected.length > 0) await tellEntrants({ setId, opensAt: round.salesStartAt, room }, connected);
      if (await closeIfNobodyWaits(ctx, room)) {
        memos.delete(setId);
        for (const key of lastSent.keys()) if (key.startsWith(`${setId}:`)) lastSent.delete(key);
      }
    }
  };
}
