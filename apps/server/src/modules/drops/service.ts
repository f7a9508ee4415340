import type { DropRoomRecord, DropRoomSettings, DropRoomStatus } from '@kujiya/shared';
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import { admissionRefusals, assertMayBuy } from './admission.ts';
import { currentRoom, joinRoom } from './join.ts';
import { findRoom, roomFigures, shoppersWaitingInOpenRooms, type RoomRound } from './room-state.ts';
import { createRoomTick, type RoomSockets, type Schedule } from './room-updates.ts';

export { ROOM_TICK_MS } from './room-updates.ts';
import { createStatusReads } from './status-reads.ts';
import { dropEntrants, dropRooms } from './tables.ts';

/** What the room needs of a set's current round, read through the catalogue. */
const roundReader =
  (ctx: AppContext, catalogue: CatalogueService) =>
  async (setId: string): Promise<RoomRound> => {
    const { round } = await catalogue.getProductOfRound(ctx.db, setId);
    return { salesStartAt: round.salesStartAt, serverSeed: round.serverSeed };
  };

/**
 * The drop's waiting room (docs/rules/drops.md, "Waiting room"): joining, the shopper's place, the
 * verifiable order at the opening, admission at the owner's rate, and the admission check the orders
 * module runs before every purchase (`admission.assertMayBuy`). State is in the database only.
 */
export function createDropsService(
  ctx: AppContext,
  deps: { catalogue: CatalogueService; live: RoomSockets; schedule?: Schedule },
) {
  const roundOf = roundReader(ctx, deps.catalogue);
  // The sets whose room this instance last found active: their checks read entrants with the room (a hint).
  const activeRooms = new Set<string>();
  // A line that does not move while nothing sells is a stalled drop (the KujiyaDropStalled alert).
  ctx.metrics.watch({ dropShoppersWaiting: () => shoppersWaitingInOpenRooms(ctx.db, ctx.clock.now()) });

  return {
    join: async (userId: string, setId: string): Promise<DropRoomStatus> =>
      joinRoom(ctx, setId, await roundOf(setId), userId),

    status: createStatusReads(ctx, roundOf),

    /** The orders module's hook (passed in services.ts): throws a 403 while the shopper may not buy. */
    admission: {
      assertMayBuy: (userId: string, setId: string, now: Date) =>
        assertMayBuy(ctx, roundOf, activeRooms, userId, setId, now),
      /** The same for a purchase batch's shoppers at once: null (may buy) or the refusal, shopper by shopper, and the write of their use. */
      refusals: (userIds: readonly string[], setId: string, now: Date) =>
        admissionRefusals(ctx, roundOf, activeRooms, userIds, setId, now),
    },

    /** The drop monitor's room figures; null when the set has no room. */
    async roomStats(setId: string): Promise<{ waiting: number; admitted: number } | null> {
      const room = await findRoom(ctx.db, setId);
      return room ? roomFigures(ctx.db, room, ctx.clock.now()) : null;
    },

    /** The published room: after the opening, its entrants in the verifiable order and the list's hash. */
    async record(setId: string): Promise<DropRoomRecord> {
      const round = await deps.catalogue.publicRound(ctx.db, setId);
      const room = await currentRoom(ctx, setId, await roundOf(setId));
      const entrants = room?.orderedAt
        ? await ctx.db
            .select({ entrantId: dropEntrants.entrantId, openingNumber: dropEntrants.openingNumber })
            .from(dropEntrants)
            .where(eq(dropEntrants.setId, setId))
            .orderBy(asc(dropEntrants.queueNumber))
        : [];
      const ordered = entrants.filter((e) => e.openingNumber !== null);
      ordered.sort((a, b) => a.openingNumber! - b.openingNumber!);
      const { salesStartAt } = await roundOf(setId);
      return {
        setId,
        opensAt: salesStartAt?.toISOString() ?? null,
        entrantListHash: room?.entrantListHash ?? null,
        orderedEntrantIds: ordered.map((e) => e.entrantId),
        lateEntrantIds: entrants.filter((e) => e.openingNumber === null).map((e) => e.entrantId),
        commitment: round.commitment,
        serverSeed: round.serverSeed,
      };
    },

    async settings(setId: string): Promise<DropRoomSettings> {
      await roundOf(setId);
      const room = await findRoom(ctx.db, setId);
      return { admissionsPerSecond: room?.admissionsPerSecond ?? null };
    },

    /** The owner's admission rate (null: the default). The opening's admissions use the rate set by then. */
    async setSettings(setId: string, settings: DropRoomSettings): Promise<DropRoomSettings> {
      await roundOf(setId);
      await ctx.db
        .insert(dropRooms)
        .values({ setId, admissionsPerSecond: settings.admissionsPerSecond, createdAt: ctx.clock.now() })
        .onConflictDoUpdate({ target: dropRooms.setId, set: { admissionsPerSecond: settings.admissionsPerSecond } });
      return settings;
    },

    /** One tick of this instance's rooms (ordering, closing, position messages); server.ts runs it every 2 s. */
    tick: createRoomTick(ctx, roundOf, deps.live, deps.schedule),
  };
}
