import { z } from 'zod';
import { DROP_MAX_ADMISSIONS_PER_SECOND } from './room-order.ts';

/** The shopper's place in a set's waiting room (docs/rules/drops.md, "Waiting room"). */
export const dropRoomStatusSchema = z.object({
  /** Places to go before admission (1 = next); 0 once admitted; null until the order is known or when not in the room. */
  position: z.number().int().nonnegative().nullable(),
  admitted: z.boolean(),
  estimatedWaitSeconds: z.number().int().nonnegative().nullable(),
  /** The shopper joined the room (and has not lapsed). */
  joined: z.boolean(),
  /** The room is taking entrants or admitting; false: the set sells as usual (no room, or it closed). */
  roomOpen: z.boolean(),
  /** The set's opening (ISO 8601), null when it has none. */
  opensAt: z.string().nullable(),
  /** The shopper's fixed place in the verifiable order (1-based), null until known. */
  queueNumber: z.number().int().positive().nullable(),
  /** The shopper's public entrant id (in the published list), null when not in the room. */
  entrantId: z.string().nullable(),
  /** When an unused admission lapses (ISO 8601). */
  admittedUntil: z.string().nullable(),
});
export type DropRoomStatus = z.infer<typeof dropRoomStatusSchema>;

/** The room's public record: after the opening, the entrant list in room order and its hash. */
export const dropRoomRecordSchema = z.object({
  setId: z.string(),
  opensAt: z.string().nullable(),
  /** Null until the opening. */
  entrantListHash: z.string().nullable(),
  /** Entrants who joined before the opening, in room order (empty until the opening). */
  orderedEntrantIds: z.array(z.string()),
  /** Entrants who joined after the opening, in arrival order (at the back). */
  lateEntrantIds: z.array(z.string()),
  commitment: z.string(),
  /** The round's seed once revealed (sell-out or reload). */
  serverSeed: z.string().nullable(),
});
export type DropRoomRecord = z.infer<typeof dropRoomRecordSchema>;

/** The owner's admission rate for a set's room. */
export const dropRoomSettingsSchema = z.object({
  admissionsPerSecond: z
    .number()
    .int('Admissions per second must be a whole number')
    .min(1, 'Admissions per second must be at least 1')
    .max(DROP_MAX_ADMISSIONS_PER_SECOND, `Admissions per second must be at most ${DROP_MAX_ADMISSIONS_PER_SECOND}`)
    .nullable(),
});
export type DropRoomSettings = z.infer<typeof dropRoomSettingsSchema>;
