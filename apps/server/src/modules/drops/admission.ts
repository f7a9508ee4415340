import { ErrorCode } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import { HttpError } from '../../core/http-errors.ts';
import {
  admissionLapsesAt,
  closeIfNobodyWaits,
  nobodyWaits,
  roomReads,
  type EntrantRow,
  type RoomRound,
} from './room-state.ts';
import { currentRoom } from './join.ts';

export const JOIN_ROOM_TO_BUY = 'This set is selling through its waiting room. Join the room to buy.';
export const waitForYourTurn = (position: number) =>
  `You are number ${position} in the waiting room. Please wait for your turn.`;
const USE_WRITE_INTERVAL_MS = 15_000;
export const ADMISSION_LAPSED = 'Your turn in the waiting room has lapsed. Join the room again.';

const lapsedBy = (entrant: EntrantRow, now: Date) => {
  const lapsesAt = admissionLapsesAt(entrant);
  return lapsesAt !== null && lapsesAt <= now;
};

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
  activeRooms: Set<string>,
  userId: string,
  setId: string,
  now: Date,
): Promise<void> {
  const { refusals, usesWritten } = await admissionRefusals(ctx, roundOf, activeRooms, [userId], setId, now);
  await usesWritten;
  if (refusals[0]) throw refusals[0];
}

/** A batch's admission check: per shopper null (may buy) or the refusal, and the write of their use. */
export interface AdmissionCheck {
  refusals: (HttpError | null)[];
  /** The admissions' last use, written alongside the purchase: awaited before it is answered. */
  usesWritten: Promise<void>;
}

/**
 * The same check for the shoppers of a purchase batch at once: one read of the room and one of their
 * entrants, whatever the batch's size (a drop's batches hold dozens). Where this instance last found
 * the set's room active (`activeRooms`, a hint), both reads go out together: one wait instead of two
 * on a drop's busy event loop. The use is written while the purchase runs, not before it.
 */
export async function admissionRefusals(
  ctx: AppContext,
  roundOf: (setId: string) => Promise<RoomRound>,
  activeRooms: Set<string>,
  userIds: readonly string[],
  setId: string,
  now: Date,
): Promise<AdmissionCheck> {
  const nobodyRefused = { refusals: userIds.map(() => null), usesWritten: Promise.resolve() };
  const reads = roomReads(ctx.db);
  const shoppers = [...new Set(userIds)];
  const entrantsAhead = activeRooms.has(setId) ? reads.entrants(setId, shoppers) : undefined;
  entrantsAhead?.catch(() => {});
  let room = await reads.room(setId);
  if (!room || room.closedAt) return (void activeRooms.delete(setId), nobodyRefused);
  if (!room.orderedAt) {
    // Before the opening the opening rule refuses the purchase (docs/rules/drops.md, "Opening").
    const round = await roundOf(setId);
    if (!round.salesStartAt || now < round.salesStartAt) return nobodyRefused;
    room = await currentRoom(ctx, setId, round);
    if (!room || room.closedAt) return (void activeRooms.delete(setId), nobodyRefused);
  }
  if (nobodyWaits(room, now)) {
    await closeIfNobodyWaits(ctx, room);
    activeRooms.delete(setId);
    return nobodyRefused;
  }
  activeRooms.add(setId);
  const entrants = new Map((await (entrantsAhead ?? reads.entrants(setId, shoppers))).map((e) => [e.userId, e]));
  let admitted: number | undefined;
  const used = new Set<string>();
  const refusals: (HttpError | null)[] = [];
  for (const userId of userIds) {
    const entrant = entrants.get(userId);
    if (!entrant?.admitAt || entrant.queueNumber === null) {
      refusals.push(refuse(JOIN_ROOM_TO_BUY, ErrorCode.DROP_ROOM_REQUIRED));
    } else if (entrant.admitAt > now) {
      admitted ??= await reads.admitted(setId, now);
      const position = Math.max(1, entrant.queueNumber - admitted);
      refusals.push(refuse(waitForYourTurn(position), ErrorCode.DROP_NOT_ADMITTED, { position }));
    } else if (lapsedBy(entrant, now)) {
      refusals.push(refuse(ADMISSION_LAPSED, ErrorCode.DROP_ADMISSION_LAPSED));
    } else {
      refusals.push(null);
      // A burst of orders writes the use once per 15 s, not once per order (the lapse is minutes long).
      const sinceUse = entrant.lastUsedAt ? now.getTime() - entrant.lastUsedAt.getTime() : Infinity;
      if (sinceUse >= USE_WRITE_INTERVAL_MS) used.add(userId);
    }
  }
  const usesWritten = used.size > 0 ? reads.markUsed(setId, [...used], now) : Promise.resolve();
  usesWritten.catch(() => {});
  return { refusals, usesWritten };
}
