import type { LiveDropMessage } from '@kujiya/shared';
import { and, eq, gt, isNotNull, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import {
  admittedCount,
  closeIfNobodyWaits,
  findRoom,
  openRooms,
  orderAtOpening,
  uuidArray,
  type RoomRound,
} from './room-state.ts';
import { entrantStatus, isRoomOpen, type RoomSnapshot } from './status.ts';
import { dropEntrants } from './tables.ts';
import {
  admittedMessage,
  createRoomMessages,
  ROOM_TICK_MS,
  timerSchedule,
  type RoomSockets,
  type Schedule,
} from './room-messages.ts';

export { ROOM_TICK_MS, type RoomSockets, type Schedule } from './room-messages.ts';

/**
 * How far back a tick's read reaches before the previous tick: an entrant admitted at once by a join
 * that committed just after that tick's read still gets its message (duplicates are never sent twice).
 */
const READ_OVERLAP_MS = 5_000;

/** Messages a tick sends before it lets the instance's requests and timers run. */
const TELL_SLICE = 100;
/**
 * How long a tick's places may take to go out, slice by slice. At an opening an instance tells
 * thousands of places while its first admitted shoppers buy: the admissions go by their own timers,
 * and the places (none of them due within the tick) spread over this much instead of taking the
 * instance's first few hundred milliseconds (docs/performance.md).
 */
const TELL_SPREAD_MS = 700;
/** The shortest pause between two slices. */
const TELL_PAUSE_MS = 10;

type EntrantRow = typeof dropEntrants.$inferSelect;
type RoomMessages = ReturnType<typeof createRoomMessages>;

/** What this instance told a room last time: when, and which of its connected shoppers it looked at. */
export interface RoomMemo {
  toldAt: Date | null;
  looked: Set<string>;
}

/** `user_id = any(…)` of a set of shoppers, as one array parameter. */
const userIdIn = (userIds: Iterable<string>) => sql`${dropEntrants.userId} = any(${uuidArray(userIds)}::uuid[])`;

/**
 * The entrants whose message may have changed since this instance last told the room: on the first
 * read after the opening (or when the room closes) every entrant connected here, later only those
 * still waiting or admitted since, and those connected since. Only this instance's shoppers, on every
 * read: each instance reads its own share of the room (a third of a 5,000-shopper room on three), not
 * every waiting entrant each tick to keep a third of them.
 */
export function entrantsToTell(ctx: AppContext, setId: string, memo: RoomMemo, here: Set<string>, closing: boolean) {
  const ownInRoom = and(eq(dropEntrants.setId, setId), isNotNull(dropEntrants.admitAt), userIdIn(here));
  if (closing || !memo.toldAt) return ctx.db.select().from(dropEntrants).where(ownInRoom);
  const since = new Date(memo.toldAt.getTime() - READ_OVERLAP_MS);
  const newcomers = [...here].filter((userId) => !memo.looked.has(userId));
  const changed =
    newcomers.length > 0 ? or(gt(dropEntrants.admitAt, since), userIdIn(newcomers)) : gt(dropEntrants.admitAt, since);
  return ctx.db.select().from(dropEntrants).where(and(ownInRoom, changed));
}

/** Runs `run` one call at a time: a call made while one runs starts when it has ended. */
function oneAtATime(run: () => Promise<void>): () => Promise<void> {
  let previous: Promise<void> = Promise.resolve();
  return () => {
    const next = previous.then(run);
    previous = next.catch(() => undefined);
    return next;
  };
}

/** Tells one entrant its place, or its admission at its moment; true when a message went out now. */
function tellEntrant(
  messages: RoomMessages,
  snapshot: RoomSnapshot,
  entrant: EntrantRow,
  admitted: number,
  now: Date,
  closing: boolean,
) {
  const { setId } = snapshot;
  const status = entrantStatus(snapshot, entrant, admitted, now);
  if (!status.joined && !closing) return false;
  const { admitAt } = entrant;
  if (!closing && !status.admitted && admitAt && admitAt.getTime() - now.getTime() <= ROOM_TICK_MS) {
    messages.tellAdmissionOnTime(setId, entrant.userId, admitAt, now);
    return false;
  }
  const message: LiveDropMessage = closing
    ? admittedMessage(setId)
    : {
        type: 'drop',
        setId,
        position: status.position,
        admitted: status.admitted,
        estimatedWaitSeconds: status.estimatedWaitSeconds,
      };
  return messages.tell(setId, entrant.userId, message);
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
 *
 * An admission due before the next tick is told at its own moment, not at that tick: the shopper may
 * buy up to 2 s sooner, and the admitted reach the purchase path spread over the tick as the room
 * admits them, not a tick's worth at once. That shopper gets no position this tick, so the admission
 * still comes at least 2 s after the message before it.
 */
export function createRoomTick(
  ctx: AppContext,
  roundOf: (setId: string) => Promise<RoomRound>,
  sockets: RoomSockets,
  schedule: Schedule = timerSchedule,
) {
  const memos = new Map<string, RoomMemo>();
  const openingsDue = new Set<string>();
  const messages = createRoomMessages(ctx.clock, sockets, schedule);

  async function tellEntrants(snapshot: RoomSnapshot, connected: string[]) {
    const { setId } = snapshot;
    const now = ctx.clock.now();
    // The room closing (nobody waits) admits everyone still in it.
    const closing = !isRoomOpen(snapshot, now);
    const here = new Set(connected);
    const memo = memos.get(setId) ?? { toldAt: null, looked: new Set<string>() };
    const entrants = await entrantsToTell(ctx, setId, memo, here, closing);
    // Before the opening nobody has a place yet: the first read after it must take the whole room.
    if (snapshot.room?.orderedAt) memos.set(setId, { toldAt: now, looked: here });
    if (entrants.length === 0) return;
    const admitted = await admittedCount(ctx.db, setId, now);
    // Nearest the front first, a slice at a time: at an opening the instance tells thousands of places,
    // and the first admitted shoppers' purchases must not wait behind all of them.
    entrants.sort((a, b) => (a.queueNumber ?? Infinity) - (b.queueNumber ?? Infinity));
    // Known to wait before the slices reach them: the opening's first banners skip them too.
    if (!closing)
      sockets.noteWaiting(
        setId,
        entrants.filter((e) => !e.admitAt || e.admitAt > now).map((e) => e.userId),
      );
    const pauseMs = Math.max(TELL_PAUSE_MS, Math.floor(TELL_SPREAD_MS / Math.ceil(entrants.length / TELL_SLICE)));
    let told = 0;
    for (const entrant of entrants) {
      if (tellEntrant(messages, snapshot, entrant, admitted, now, closing) && ++told % TELL_SLICE === 0) {
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
    }
  }

  /** A room opening before the next tick gets a tick of its own at that moment: its first admissions are told at once. */
  function tickAtOpening(setId: string, opensAt: Date | null, now: Date) {
    if (!opensAt || opensAt <= now || opensAt.getTime() - now.getTime() > ROOM_TICK_MS) return;
    if (openingsDue.has(setId)) return;
    openingsDue.add(setId);
    schedule(opensAt.getTime() - now.getTime(), () => {
      openingsDue.delete(setId);
      tick().catch((error: unknown) => ctx.log.warn({ err: error, setId }, 'drop room tick at the opening failed'));
    });
  }

  async function runTick(): Promise<void> {
    const connected = sockets.connectedUserIds();
    for (const listed of await openRooms(ctx.db)) {
      const { setId } = listed;
      const round = await roundOf(setId);
      if (!listed.orderedAt) {
        await orderAtOpening(ctx, setId, round);
        tickAtOpening(setId, round.salesStartAt, ctx.clock.now());
      }
      const room = await findRoom(ctx.db, setId);
      if (!room) continue;
      if (connected.length > 0) await tellEntrants({ setId, opensAt: round.salesStartAt, room }, connected);
      if (await closeIfNobodyWaits(ctx, room)) {
        memos.delete(setId);
        messages.forgetRoom(setId);
      }
    }
  }

  // One tick at a time: the periodic ones and those at an opening run one after the other.
  const tick = oneAtATime(runTick);
  return tick;
}
