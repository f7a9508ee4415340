import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import type { Executor } from '../../db/database.ts';
import { reservations } from './tables.ts';
import type { RoundAvailability, RoundLedger, StockRound } from './types.ts';

type RoundCounters = Pick<StockRound, 'id' | 'totalTickets' | 'nextNonce'>;
type Held = ReadonlyMap<string, { reserved: number; firstLapse: Date }>;

/** Sum of active, unexpired reservations per round, and the first of them to lapse (expired ones count as free: lazy expiry). */
async function reservedByRound(
  exec: Executor,
  now: Date,
  roundIds: string[],
  exceptReservationId?: string,
): Promise<Held> {
  const rows = await exec
    .select({
      roundId: reservations.roundId,
      reserved: sql<number>`coalesce(sum(${reservations.quantity}), 0)::int`,
      firstLapse: sql<string | Date>`min(${reservations.expiresAt})`,
    })
    .from(reservations)
    .where(
      and(
        inArray(reservations.roundId, roundIds),
        eq(reservations.status, 'active'),
        gt(reservations.expiresAt, now),
        exceptReservationId ? ne(reservations.id, exceptReservationId) : undefined,
      ),
    )
    .groupBy(reservations.roundId);
  return new Map(rows.map((r) => [r.roundId, { reserved: Number(r.reserved), firstLapse: new Date(r.firstLapse) }]));
}

/**
 * What is left of rounds, from the counters on the round (untaken = totalTickets - nextNonce: one
 * nonce per ticket taken, moved in the taking transaction) and the active reservations. Nothing
 * here reads tickets, so its cost does not grow with the box.
 */
function availabilityFrom(roundRows: ReadonlyArray<RoundCounters>, reserved: Held): Map<string, RoundAvailability> {
  const result = new Map<string, RoundAvailability>();
  for (const round of roundRows) {
    const untaken = round.totalTickets - round.nextNonce;
    const held = reserved.get(round.id);
    const heldCount = held?.reserved ?? 0;
    result.set(round.id, {
      total: round.totalTickets,
      untaken,
      reserved: heldCount,
      left: Math.max(0, untaken - heldCount),
      firstLapse: held?.firstLapse ?? null,
    });
  }
  return result;
}

/** How many tickets of rounds are left to buy (docs/rules/buying.md). */
export function createAvailability(ctx: AppContext, rounds: Pick<RoundLedger, 'findRounds'>) {
  /**
   * What is left of rounds in two steps: the reservations' read is sent now (on a purchase batch's
   * pipelined transaction, right behind the round lock's statement: db/round-trips.ts), and the
   * rounds' counters, known once the lock answers, are applied when `of` is called.
   */
  function availabilityAhead(exec: Executor, roundIds: string[], exceptReservationId?: string) {
    const reserved = reservedByRound(exec, ctx.clock.now(), roundIds, exceptReservationId);
    reserved.catch(() => {});
    return {
      of: async (roundRows: ReadonlyArray<RoundCounters>) => availabilityFrom(roundRows, await reserved),
    };
  }

  async function availabilityOfRounds(
    exec: Executor,
    roundRows: ReadonlyArray<RoundCounters>,
    exceptReservationId?: string,
  ): Promise<Map<string, RoundAvailability>> {
    if (roundRows.length === 0) return new Map();
    return availabilityAhead(
      exec,
      roundRows.map((r) => r.id),
      exceptReservationId,
    ).of(roundRows);
  }

  async function availability(exec: Executor, roundIds: string[], exceptReservationId?: string) {
    return availabilityOfRounds(exec, await rounds.findRounds(exec, roundIds), exceptReservationId);
  }

  async function availabilityOf(
    exec: Executor,
    roundId: string,
    exceptReservationId?: string,
  ): Promise<RoundAvailability> {
    const result = (await availability(exec, [roundId], exceptReservationId)).get(roundId);
    return result ?? { total: 0, untaken: 0, reserved: 0, left: 0, firstLapse: null };
  }

  return { availability, availabilityOf, availabilityOfRounds, availabilityAhead };
}
export type Availability = ReturnType<typeof createAvailability>;
