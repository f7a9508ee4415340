import type { LiveDropMessage } from '@kujiya/shared';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
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
 * One tick of the rooms on this instance: orders a room whose opening has come, closes one nobody
 * waits in, and sends each entrant connected here a `drop` message when their place changed. The
 * state is in the database, so every instance does this for its own sockets: a shopper who reconnects
 * to another instance hears from that one. One message per shopper per tick: at most one per 2 s.
 */
export function createRoomTick(ctx: AppContext, roundOf: (setId: string) => Promise<RoomRound>, sockets: RoomSockets) {
  const lastSent = new Map<string, string>();

  async function tellEntrants(snapshot: RoomSnapshot, connected: string[]) {
    const { setId } = snapshot;
    const now = ctx.clock.now();
    const entrants = await ctx.db
      .select()
      .from(dropEntrants)
      .where(
        and(eq(dropEntrants.setId, setId), inArray(dropEntrants.userId, connected), isNotNull(dropEntrants.admitAt)),
      );
    if (entrants.length === 0) return;
    const admitted = await admittedCount(ctx.db, setId, now);
    // The room closing (nobody waits) admits everyone still in it.
    const closing = !isRoomOpen(snapshot, now);
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
        for (const key of lastSent.keys()) if (key.startsWith(`${setId}:`)) lastSent.delete(key);
      }
    }
  };
}
