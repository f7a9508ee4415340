import { DROP_ROOM_OPENS_BEFORE_MS, ErrorCode, formatSgDateTime, type DropRoomStatus } from '@kujiya/shared';
import { randomUUID } from 'node:crypto';
import { and, eq, max } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import { HttpError } from '../../core/http-errors.ts';
import { withTxRetry } from '../../db/errors.ts';
import {
  admissionLapsesAt,
  closeIfNobodyWaits,
  findEntrant,
  findRoom,
  lockRoom,
  lockRoomShared,
  orderAtOpening,
  rateOf,
  type RoomRound,
  type RoomRow,
} from './room-state.ts';
import { isRoomOpen, readStatus } from './status.ts';
import { dropEntrants, dropRooms } from './tables.ts';

export const NO_SCHEDULED_OPENING = 'This set has no scheduled opening, so it has no waiting room.';
export const roomNotOpenYet = (roomOpensAt: Date) =>
  `The waiting room opens 30 minutes before the sale, at ${formatSgDateTime(roomOpensAt)}.`;

const notOpen = (message: string) => new HttpError(400, message, {}, {}, ErrorCode.DROP_ROOM_NOT_OPEN);

/** Brings the room up to date: ordered at the opening, closed once nobody waits. Returns its row. */
export async function currentRoom(ctx: AppContext, setId: string, round: RoomRound): Promise<RoomRow | undefined> {
  let room = await findRoom(ctx.db, setId);
  if (room && !room.orderedAt && round.salesStartAt && ctx.clock.now() >= round.salesStartAt) {
    await orderAtOpening(ctx, setId, round);
    room = await findRoom(ctx.db, setId);
  }
  if (room && !room.closedAt && (await closeIfNobodyWaits(ctx, room))) room = await findRoom(ctx.db, setId);
  return room;
}

/**
 * Joining the room (docs/rules/drops.md): from 30 minutes before the opening. Before it the shopper
 * is an entrant of the verifiable order; after it (or after a lapsed admission) they queue at the back,
 * admitted no sooner than one interval of the room's rate after the previous one. Joining again while
 * in the room changes nothing.
 */
export async function joinRoom(
  ctx: AppContext,
  setId: string,
  round: RoomRound,
  userId: string,
): Promise<DropRoomStatus> {
  const opensAt = round.salesStartAt;
  if (!opensAt) throw notOpen(NO_SCHEDULED_OPENING);
  const roomOpensAt = new Date(opensAt.getTime() - DROP_ROOM_OPENS_BEFORE_MS);
  if (ctx.clock.now() < roomOpensAt) throw notOpen(roomNotOpenYet(roomOpensAt));
  if (ctx.clock.now() < opensAt) {
    await ctx.db.insert(dropRooms).values({ setId, createdAt: ctx.clock.now() }).onConflictDoNothing();
  }
  const room = await currentRoom(ctx, setId, round);
  // After the opening with no room (nobody joined before it) or a closed one, the set sells as usual.
  if (room && isRoomOpen({ setId, opensAt, room }, ctx.clock.now())) {
    const joined = !room.orderedAt && (await joinBeforeOrdering(ctx, setId, userId));
    if (!joined) await joinAtTheBack(ctx, setId, userId);
  }
  const fresh = await findRoom(ctx.db, setId);
  return readStatus(ctx.db, { setId, opensAt, room: fresh }, userId, ctx.clock.now());
}

/**
 * Before the ordering: an entrant of the verifiable order. Thousands join in the minutes before a
 * drop, so they share the room's row lock instead of taking turns; false when the room was ordered
 * meanwhile (the shopper then joins at the back).
 */
async function joinBeforeOrdering(ctx: AppContext, setId: string, userId: string): Promise<boolean> {
  return withTxRetry(ctx.db, async (tx) => {
    const locked = await lockRoomShared(tx, setId);
    if (!locked || locked.closedAt) return true;
    if (locked.orderedAt) return false;
    const entrant = { setId, userId, entrantId: randomUUID(), joinedAt: ctx.clock.now() };
    // Joining again changes nothing (a second tab's join in the same instant included).
    await tx.insert(dropEntrants).values(entrant).onConflictDoNothing();
    return true;
  });
}

/** After the opening, or after a lapsed admission: at the back, in arrival order, under the room's lock. */
async function joinAtTheBack(ctx: AppContext, setId: string, userId: string): Promise<void> {
  await withTxRetry(ctx.db, async (tx) => {
    const locked = await lockRoom(tx, setId);
    if (!locked || locked.closedAt) return;
    const now = ctx.clock.now();
    const entrant = await findEntrant(tx, setId, userId);
    const lapsesAt = entrant && admissionLapsesAt(entrant);
    if (entrant && !(lapsesAt && lapsesAt <= now)) return;
    // At the back, in arrival order.
    const [last] = await tx
      .select({ n: max(dropEntrants.queueNumber) })
      .from(dropEntrants)
      .where(eq(dropEntrants.setId, setId));
    const queueNumber = (last?.n ?? 0) + 1;
    const next = (locked.lastAdmitAt?.getTime() ?? 0) + Math.ceil(1000 / rateOf(locked));
    const admitAt = new Date(Math.max(now.getTime(), next));
    const values = { queueNumber, admitAt, lastUsedAt: null };
    if (entrant) {
      await tx
        .update(dropEntrants)
        .set(values)
        .where(and(eq(dropEntrants.setId, setId), eq(dropEntrants.userId, userId)));
    } else {
      await tx.insert(dropEntrants).values({ setId, userId, entrantId: randomUUID(), joinedAt: now, ...values });
    }
    await tx.update(dropRooms).set({ lastAdmitAt: admitAt }).where(eq(dropRooms.setId, setId));
  });
}
