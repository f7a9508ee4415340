/**
 * The waiting room's times (docs/rules/drops.md, "Waiting room"): apart from room-order.ts, so the
 * terms popup can state them without carrying the hashing code.
 */

/** The room opens this long before the set's opening. */
export const DROP_ROOM_OPENS_BEFORE_MS = 30 * 60_000;
/** An admission lapses this long after its last use (or after it was given, if never used). */
export const DROP_ADMISSION_IDLE_MS = 5 * 60_000;
