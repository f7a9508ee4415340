import { ErrorCode } from '@kujiya/shared';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import { HttpError } from '../../core/http-errors.ts';
import {
  admissionLapsesAt,
  admittedCount,
  closeIfNobodyWaits,
  nobodyWaits,
  roomReads,
  type RoomRound,
} from './room-state.ts';
import { currentRoom } from './join.ts';
import { dropEntrants } from './tables.ts';

export const JOIN_ROOM_TO_BUY = 'This set is selling through its waiting room. Join the room to buy.';
export const waitForYourTurn = (position: number) =>
  `You are number ${position} in the waiting room. Please wait for your turn.`;
const USE_WRITE_INTERVAL_MS = 15_000;
export const ADMISSION_LAPSED = 'Your turn in the waiting room has lapsed. Join the room again.';

const refuse = (message: string, code: ErrorCode, extra: Record<string, unknown> = {}) =>
  new HttpError(403, message, extra, {}, code);

/**
 * The orders module's admission check (docs/rules/drops.md), before every purchase transaction: while
 * a set's room is active only an admitted shopper may buy, and each purchase keeps the admission alive.
 * A set with no room, or whose room closed, is not held up: one primary-key read.
 */
export async function assertMayBuy(
  ctx: AppContext,
  roundOf: (setId: string) => Promise<RoomRound>,
  userId: string,
  setId: string,
  now: Date,
): Promise<void> {
  const reads = roomReads(ctx.db);
  let room = await reads.room(setId);
  if (!room || room.closedAt) return;
  if (!room.orderedAt) {
    // Before the opening the opening rule refuses the purchase (docs/rules/drops.md, "Opening").
    const round = await roundOf(setId);
    if (!round.salesStartAt || now < round.salesStartAt) return;
    room = await currentRoom(ctx, setId, round);
    if (!room || room.closedAt) return;
  }
  if (nobodyWaits(room, now)) {
    await closeIfNobodyWaits(ctx, room);
    return;
  }
  const entrant = await reads.entrant(setId, userId);
  if (!entrant?.admitAt || entrant.queueNumber === null) throw refuse(JOIN_ROOM_TO_BUY, ErrorCode.DROP_ROOM_REQUIRED);
  if (entrant.admitAt > now) {
    const position = Math.max(1, entrant.queueNumber - (await admittedCount(ctx.db, setId, now)));
    throw refuse(waitForYourTurn(position), ErrorCode.DROP_NOT_ADMITTED, { position });
  }
  const lapsesAt = admissionLapsesAt(entrant);
  if (lapsesAt && lapsesAt <= now) throw refuse(ADMISSION_LAPSED, ErrorCode.DROP_ADMISSION_LAPSED);
  // A burst of orders writes the use once per 15 s, not once per order (the lapse is minutes long).
  if (entrant.lastUsedAt && now.getTime() - entrant.lastUsedAt.getTime() < USE_WRITE_INTERVAL_MS) return;
  await ctx.db
    .update(dropEntrants)
    .set({ lastUsedAt: now })
    .where(and(eq(dropEntrants.setId, setId), eq(dropEntrants.userId, userId)));
}
