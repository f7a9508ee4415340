import type { LiveDropMessage } from '@kujiya/shared';
import type { Clock } from '../../core/clock.ts';

/** How often each instance orders due rooms and tells its own sockets their place (docs/rules/drops.md). */
export const ROOM_TICK_MS = 2_000;

/** What the rooms need of the live layer: this instance's signed-in sockets. */
export interface RoomSockets {
  connectedUserIds(): string[];
  sendToUser(userId: string, message: LiveDropMessage): void;
  /** These shoppers wait in the set's room: no purchase banners for them until told an admission. */
  noteWaiting(setId: string, userIds: readonly string[]): void;
}

/** Runs `run` after `delayMs` (a timer that does not hold the process open; tests pass their own). */
export type Schedule = (delayMs: number, run: () => void) => void;

export const timerSchedule: Schedule = (delayMs, run) => void setTimeout(run, delayMs).unref();

/** What an admitted shopper (or everyone, when the room closes) is told. */
export const admittedMessage = (setId: string): LiveDropMessage => ({
  type: 'drop',
  setId,
  position: 0,
  admitted: true,
  estimatedWaitSeconds: 0,
});

/** Two messages of one shopper's room that say the same (the key holds the set and the shopper). */
const sameNews = (a: LiveDropMessage, b: LiveDropMessage) =>
  a.position === b.position && a.admitted === b.admitted && a.estimatedWaitSeconds === b.estimatedWaitSeconds;

/**
 * What this instance tells the shoppers connected to it about their rooms: never the same message
 * twice in a row, and an admission due before the next tick at its own moment, at least 2 s after the
 * message before it (docs/rules/drops.md: at most one update per shopper per 2 s).
 */
export function createRoomMessages(clock: Clock, sockets: RoomSockets, schedule: Schedule) {
  const lastSent = new Map<string, { message: LiveDropMessage; at: number }>();
  const admissionsDue = new Set<string>();

  /**
   * Sends a shopper's message unless it is the one they were last told; true when it was sent.
   * Compared field by field, so the message is turned into JSON once, by the socket's send.
   */
  function tell(setId: string, userId: string, message: LiveDropMessage): boolean {
    const key = `${setId}:${userId}`;
    const last = lastSent.get(key)?.message;
    if (last && sameNews(last, message)) return false;
    lastSent.set(key, { message, at: clock.now().getTime() });
    sockets.sendToUser(userId, message);
    return true;
  }

  /** Tells an entrant admitted before the next tick at the moment of the admission. */
  function tellAdmissionOnTime(setId: string, userId: string, admitAt: Date, now: Date) {
    const key = `${setId}:${userId}`;
    if (admissionsDue.has(key)) return;
    const lastAt = lastSent.get(key)?.at ?? -Infinity;
    const at = Math.max(admitAt.getTime(), lastAt + ROOM_TICK_MS);
    // Due already (an opening's first places): told now, before the places behind them.
    if (at <= now.getTime()) return void tell(setId, userId, admittedMessage(setId));
    admissionsDue.add(key);
    schedule(at - now.getTime(), () => {
      admissionsDue.delete(key);
      // A clock behind the timer (a test's) leaves it to the next tick.
      if (clock.now().getTime() < at) return;
      tell(setId, userId, admittedMessage(setId));
    });
  }

  /** A closed room's shoppers are forgotten. */
  function forgetRoom(setId: string) {
    for (const key of lastSent.keys()) if (key.startsWith(`${setId}:`)) lastSent.delete(key);
  }

  return { tell, tellAdmissionOnTime, forgetRoom };
}
