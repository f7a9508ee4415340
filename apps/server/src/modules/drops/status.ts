import { DROP_ROOM_OPENS_BEFORE_MS, type DropRoomStatus } from '@kujiya/shared';
import type { Executor } from '../../db/database.ts';
import {
  admissionLapsesAt,
  admittedCount,
  findEntrant,
  nobodyWaits,
  type EntrantRow,
  type RoomRow,
} from './room-state.ts';

/** The room as it stands for a set: its row (if any) and the round's opening. */
export interface RoomSnapshot {
  setId: string;
  opensAt: Date | null;
  room: RoomRow | undefined;
}

/** Whether the room takes entrants or admits: from 30 min before the opening until nobody waits. */
export function isRoomOpen({ opensAt, room }: RoomSnapshot, now: Date): boolean {
  if (room?.closedAt) return false;
  if (room && nobodyWaits(room, now)) return false;
  if (!opensAt) return false;
  if (now.getTime() < opensAt.getTime() - DROP_ROOM_OPENS_BEFORE_MS) return false;
  // After the opening a room nobody joined never opens: the set sells as usual.
  return Boolean(room) || now < opensAt;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** An entrant's place, given how many of the room have been admitted so far. */
export function entrantStatus(
  snapshot: RoomSnapshot,
  entrant: EntrantRow | undefined,
  admitted: number,
  now: Date,
): DropRoomStatus {
  const roomOpen = isRoomOpen(snapshot, now);
  const opensAt = iso(snapshot.opensAt);
  const salesStarted = !snapshot.opensAt || now >= snapshot.opensAt;
  const outside = {
    position: null,
    admitted: !roomOpen && salesStarted,
    estimatedWaitSeconds: null,
    joined: false,
    roomOpen,
    opensAt,
    queueNumber: null,
    entrantId: null,
    admittedUntil: null,
  };
  if (!entrant || !roomOpen) return outside;
  const lapsesAt = admissionLapsesAt(entrant);
  if (lapsesAt && lapsesAt <= now) return outside;
  const base = { ...outside, joined: true, entrantId: entrant.entrantId, queueNumber: entrant.queueNumber };
  if (!entrant.admitAt || entrant.queueNumber === null) return base;
  if (entrant.admitAt <= now) {
    return { ...base, position: 0, admitted: true, estimatedWaitSeconds: 0, admittedUntil: iso(lapsesAt) };
  }
  return {
    ...base,
    position: Math.max(1, entrant.queueNumber - admitted),
    estimatedWaitSeconds: Math.ceil((entrant.admitAt.getTime() - now.getTime()) / 1000),
  };
}

/** A shopper's status read from the database. */
export async function readStatus(
  exec: Executor,
  snapshot: RoomSnapshot,
  userId: string,
  now: Date,
): Promise<DropRoomStatus> {
  if (!snapshot.room) return entrantStatus(snapshot, undefined, 0, now);
  const entrant = await findEntrant(exec, snapshot.setId, userId);
  const waiting = entrant?.admitAt && entrant.admitAt > now;
  const admitted = waiting ? await admittedCount(exec, snapshot.setId, now) : 0;
  return entrantStatus(snapshot, entrant, admitted, now);
}
