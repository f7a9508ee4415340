import {
  DROP_ADMISSION_IDLE_MS,
  DROP_DEFAULT_ADMISSIONS_PER_SECOND,
  admissionTime,
  entrantListHash,
  roomOrder,
} from '@kujiya/shared';
import { and, count, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import { isTransaction, preparedPerDatabase, type Db, type Executor, type Tx } from '../../db/database.ts';
import { withTxRetry } from '../../db/errors.ts';
import { dropEntrants, dropRooms } from './tables.ts';

export type RoomRow = typeof dropRooms.$inferSelect;
export type EntrantRow = typeof dropEntrants.$inferSelect;

/** What the room needs of the set's current round (the catalogue's). */
export interface RoomRound {
  salesStartAt: Date | null;
  serverSeed: string;
}

export const rateOf = (room: RoomRow) => room.admissionsPerSecond ?? DROP_DEFAULT_ADMISSIONS_PER_SECOND;

/** An admission lapses a while after its last use, or after it was given if never used. */
export function admissionLapsesAt(entrant: EntrantRow): Date | null {
  if (!entrant.admitAt) return null;
  const last = Math.max(entrant.admitAt.getTime(), entrant.lastUsedAt?.getTime() ?? 0);
  return new Date(last + DROP_ADMISSION_IDLE_MS);
}

/** Whether nobody waits any more: the opening ordered the room and its last admission has come. */
export const nobodyWaits = (room: RoomRow, now: Date) =>
  room.orderedAt !== null && (room.lastAdmitAt === null || room.lastAdmitAt <= now);

/** Shoppers' ids as one PostgreSQL array literal, for `user_id = any($n::uuid[])` (uuids hold no commas or quotes). */
export const uuidArray = (ids: Iterable<string>) => `{${[...ids].join(',')}}`;

function prepareReads(db: Db) {
  const room = db
    .select()
    .from(dropRooms)
    .where(eq(dropRooms.setId, sql.placeholder('setId')))
    .prepare('kujiya_drop_room');
  const entrant = db
    .select()
    .from(dropEntrants)
    .where(and(eq(dropEntrants.setId, sql.placeholder('setId')), eq(dropEntrants.userId, sql.placeholder('userId'))))
    .prepare('kujiya_drop_entrant');
  // Several shoppers' rows at once: their ids as one array literal (`uuidArray`).
  const userIdIn = sql`${dropEntrants.userId} = any(${sql.placeholder('userIds')}::uuid[])`;
  const entrants = db
    .select()
    .from(dropEntrants)
    .where(and(eq(dropEntrants.setId, sql.placeholder('setId')), userIdIn))
    .prepare('kujiya_drop_entrants');
  const markUsed = db
    .update(dropEntrants)
    .set({ lastUsedAt: sql`${sql.placeholder('now')}::timestamptz` })
    .where(and(eq(dropEntrants.setId, sql.placeholder('setId')), userIdIn))
    .prepare('kujiya_drop_mark_used');
  const admitted = db
    .select({ n: count() })
    .from(dropEntrants)
    .where(and(eq(dropEntrants.setId, sql.placeholder('setId')), lte(dropEntrants.admitAt, sql.placeholder('now'))))
    .prepare('kujiya_drop_admitted');
  return {
    room: async (setId: string): Promise<RoomRow | undefined> => (await room.execute({ setId }))[0],
    entrant: async (setId: string, userId: string): Promise<EntrantRow | undefined> =>
      (await entrant.execute({ setId, userId }))[0],
    entrants: (setId: string, userIds: string[]): Promise<EntrantRow[]> =>
      entrants.execute({ setId, userIds: uuidArray(userIds) }),
    /** Moves the admissions' last use (each purchase keeps its admission alive). */
    markUsed: async (setId: string, userIds: string[], now: Date): Promise<void> =>
      void (await markUsed.execute({ setId, userIds: uuidArray(userIds), now: now.toISOString() })),
    admitted: async (setId: string, now: Date): Promise<number> => (await admitted.execute({ setId, now }))[0]?.n ?? 0,
  };
}

/**
 * The room, the entrants and the admitted count as the admission check, the status and the tick read
 * them: prepared once per database (named statements), so a drop's thousands of reads pay neither
 * query building nor planning again.
 */
export const roomReads = preparedPerDatabase(prepareReads);

/** The prepared reads when `exec` is the database itself; a transaction builds its own queries. */
const preparedFor = (exec: Executor) => (isTransaction(exec) ? undefined : roomReads(exec));

export async function findRoom(exec: Executor, setId: string): Promise<RoomRow | undefined> {
  const prepared = preparedFor(exec);
  if (prepared) return prepared.room(setId);
  const [room] = await exec.select().from(dropRooms).where(eq(dropRooms.setId, setId));
  return room;
}

export async function lockRoom(tx: Tx, setId: string): Promise<RoomRow | undefined> {
  const [room] = await tx.select().from(dropRooms).where(eq(dropRooms.setId, setId)).for('update');
  return room;
}

/**
 * The room's row under a share lock: joins before the opening hold it together, and the opening's
 * ordering (which takes the row for update) waits for them all, so none is missed or counted late.
 */
export async function lockRoomShared(tx: Tx, setId: string): Promise<RoomRow | undefined> {
  const [room] = await tx.select().from(dropRooms).where(eq(dropRooms.setId, setId)).for('share');
  return room;
}

export async function findEntrant(exec: Executor, setId: string, userId: string): Promise<EntrantRow | undefined> {
  const prepared = preparedFor(exec);
  if (prepared) return prepared.entrant(setId, userId);
  const [entrant] = await exec
    .select()
    .from(dropEntrants)
    .where(and(eq(dropEntrants.setId, setId), eq(dropEntrants.userId, userId)));
  return entrant;
}

/** How many of the room's entrants have been admitted by now (admission follows queue numbers). */
export async function admittedCount(exec: Executor, setId: string, now: Date): Promise<number> {
  const prepared = preparedFor(exec);
  if (prepared) return prepared.admitted(setId, now);
  const [row] = await exec
    .select({ n: count() })
    .from(dropEntrants)
    .where(and(eq(dropEntrants.setId, setId), lte(dropEntrants.admitAt, now)));
  return row?.n ?? 0;
}

/**
 * The opening: everyone who joined before it is put in the verifiable order (docs/rules/drops.md)
 * and given an admission time at the room's rate. Done once, under the room's row lock, by whichever
 * instance gets there first (a request or the room tick); the others find it done.
 */
export async function orderAtOpening(ctx: AppContext, setId: string, round: RoomRound): Promise<void> {
  const opensAt = round.salesStartAt;
  if (!opensAt || ctx.clock.now() < opensAt) return;
  await withTxRetry(ctx.db, async (tx) => {
    const room = await lockRoom(tx, setId);
    if (!room || room.orderedAt) return;
    const entrants = await tx
      .select({ entrantId: dropEntrants.entrantId })
      .from(dropEntrants)
      .where(eq(dropEntrants.setId, setId));
    const ids = entrants.map((e) => e.entrantId);
    const ordered = roomOrder(round.serverSeed, ids);
    const rate = rateOf(room);
    const places = ordered.map((id, i) => ({
      id,
      n: i + 1,
      t: new Date(admissionTime(opensAt.getTime(), i, rate)).toISOString(),
    }));
    if (places.length > 0) {
      // One statement for the whole room (thousands of entrants at a drop).
      await tx.execute(sql`
        UPDATE drop_entrants AS e SET opening_number = v.n, queue_number = v.n, admit_at = v.t
        FROM jsonb_to_recordset(${JSON.stringify(places)}::jsonb) AS v(id uuid, n int, t timestamptz)
        WHERE e.entrant_id = v.id`);
    }
    const last = places.at(-1);
    await tx
      .update(dropRooms)
      .set({
        orderedAt: ctx.clock.now(),
        entrantListHash: entrantListHash(ids),
        lastAdmitAt: last ? new Date(last.t) : null,
      })
      .where(eq(dropRooms.setId, setId));
  });
}

/** The room closes itself once nobody waits: from then on the set sells as if it had none. */
export async function closeIfNobodyWaits(ctx: AppContext, room: RoomRow): Promise<boolean> {
  const now = ctx.clock.now();
  if (room.closedAt) return true;
  if (!nobodyWaits(room, now)) return false;
  await ctx.db
    .update(dropRooms)
    .set({ closedAt: now })
    .where(and(eq(dropRooms.setId, room.setId), isNull(dropRooms.closedAt)));
  return true;
}

/** The room's figures for the owner's drop monitor: who waits, who holds a live admission. */
export async function roomFigures(exec: Executor, room: RoomRow, now: Date) {
  const idleSince = new Date(now.getTime() - DROP_ADMISSION_IDLE_MS);
  const [row] = await exec
    .select({
      waiting: sql<number>`count(*) filter (where ${dropEntrants.admitAt} is null or ${dropEntrants.admitAt} > ${now})`,
      admitted: sql<number>`count(*) filter (where ${dropEntrants.admitAt} <= ${now}
        and greatest(${dropEntrants.admitAt}, coalesce(${dropEntrants.lastUsedAt}, ${dropEntrants.admitAt})) > ${idleSince})`,
    })
    .from(dropEntrants)
    .where(eq(dropEntrants.setId, room.setId));
  return { waiting: Number(row?.waiting ?? 0), admitted: room.closedAt ? 0 : Number(row?.admitted ?? 0) };
}

/** Rooms still running (for the tick). */
export async function openRooms(exec: Executor): Promise<RoomRow[]> {
  return exec.select().from(dropRooms).where(isNull(dropRooms.closedAt));
}

/**
 * Shoppers still in line (not yet admitted) in every room whose opening has ordered it and that has not
 * closed: the alerts' `kujiya_drop_shoppers_waiting` (docs/operations.md, "Alerts"), read at scrape time.
 */
export async function shoppersWaitingInOpenRooms(exec: Executor, now: Date): Promise<number> {
  const [row] = await exec
    .select({ n: count() })
    .from(dropEntrants)
    .innerJoin(dropRooms, eq(dropRooms.setId, dropEntrants.setId))
    .where(
      and(
        isNotNull(dropRooms.orderedAt),
        isNull(dropRooms.closedAt),
        or(isNull(dropEntrants.admitAt), gt(dropEntrants.admitAt, now)),
      ),
    );
  return Number(row?.n ?? 0);
}
