/**
 * The waiting room's times (docs/rules/drops.md, "Waiting room"): apart from room-order.ts, so the
 * terms popup can state them without carrying the hashing code.
 */

/** The room opens this long before the set's opening. */
export const DROP_ROOM_OPENS_BEFORE_MS = 30 * 60_000;
/** An admission lapses this long after its last use (or after it was given, if never used). */
export const DROP_ADMISSION_IDLE_MS = 5 * 60_000;

/** What the status poll needs of the shopper's last word from the room. */
interface PolledRoomStatus {
  joined: boolean;
  admitted: boolean;
  position: number | null;
  opensAt: string | null;
}

/**
 * How long a shopper's page waits after the room's last word (a live `drop` message or a status
 * answer) before asking for the status again: the live messages are the channel, the poll their
 * safety net, so every word restarts the wait. Waiting for the opening, no place can change before
 * it: one ask just after it, spread over 1–4 s (`spread` in [0, 1), fixed per page), so a page whose
 * socket is down learns its place within seconds without 5,000 pages asking every 5 s until then.
 */
export function dropStatusPollMs(status: PolledRoomStatus | undefined, now: number, spread: number): number {
  if (!status?.joined || status.admitted) return 30_000;
  const opensAt = status.opensAt === null ? Number.NaN : Date.parse(status.opensAt);
  if (status.position === null && opensAt > now) return Math.min(30_000, opensAt - now + 1_000 + spread * 3_000);
  return 5_000;
}
