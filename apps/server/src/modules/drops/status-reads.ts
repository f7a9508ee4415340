import type { DropRoomStatus } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import { currentRoom } from './join.ts';
import { admittedCount, findEntrant, nobodyWaits, type RoomRound } from './room-state.ts';
import { entrantStatus, readStatus, type RoomSnapshot } from './status.ts';

/**
 * How old this instance's copy of a running room (its row, its round, its admitted count) may be when
 * a status is answered. A place shown is then at most this late, well within the room's one update
 * per 2 s; whether the shopper is admitted is still read from their own row.
 */
const STATUS_COPY_MAX_AGE_MS = 250;

/** More rooms than a shop runs at once: past it the copies are dropped and read again. */
const MAX_COPIES = 100;

interface RoomCopy {
  readAt: number;
  snapshot: RoomSnapshot;
  admitted: number;
}

/**
 * The status of a shopper in a set's room (GET /api/drops/{setId}/status). While a room admits, a
 * drop's polls would each ask PostgreSQL four things (the round, the room, the entrant, the admitted
 * count); with a copy of the first three per room, a poll asks for the entrant only
 * (docs/performance.md, "Without live sockets"). Before the opening and once the room closes, every
 * status reads afresh, since the opening and the closing are decided by those reads.
 */
export function createStatusReads(ctx: AppContext, roundOf: (setId: string) => Promise<RoomRound>) {
  const copies = new Map<string, RoomCopy>();

  const usable = (copy: RoomCopy | undefined, now: Date): copy is RoomCopy => {
    if (!copy) return false;
    const age = now.getTime() - copy.readAt;
    return age >= 0 && age < STATUS_COPY_MAX_AGE_MS && !nobodyWaits(copy.snapshot.room!, now);
  };

  return async function status(userId: string, setId: string): Promise<DropRoomStatus> {
    const now = ctx.clock.now();
    let copy = copies.get(setId);
    if (!usable(copy, now)) {
      copies.delete(setId);
      const round = await roundOf(setId);
      const room = await currentRoom(ctx, setId, round);
      const snapshot = { setId, opensAt: round.salesStartAt, room };
      if (!room?.orderedAt || room.closedAt || nobodyWaits(room, now)) return readStatus(ctx.db, snapshot, userId, now);
      copy = { readAt: now.getTime(), snapshot, admitted: await admittedCount(ctx.db, setId, now) };
      if (copies.size >= MAX_COPIES) copies.clear();
      copies.set(setId, copy);
    }
    return entrantStatus(copy.snapshot, await findEntrant(ctx.db, setId, userId), copy.admitted, now);
  };
}
