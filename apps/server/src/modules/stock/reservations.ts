import crypto from 'node:crypto';
import { and, asc, eq, gt, inArray, lte } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import type { Executor, Tx } from '../../db/database.ts';
import { badRequest, conflict } from '../../core/http-errors.ts';
import type { Availability } from './availability.ts';
import {
  LAPSE_WINDOW_MS,
  MAX_OPEN_RESERVATIONS,
  MAX_UNPAID_TICKETS,
  NOT_ENOUGH_TICKETS,
  TOO_MANY_RESERVATIONS,
  cooldownAfter,
  cooledDown,
  tooManyUnpaidTickets,
} from './hold-limits.ts';
import { reservations } from './tables.ts';
import type { NewReservation, Reservation, RoundLedger } from './types.ts';

/**
 * Holds are bounded (docs/rules/security.md): a shopper has at most one open reservation per round
 * (a new one replaces it: the older unpaid order can no longer hold tickets), at most
 * MAX_OPEN_RESERVATIONS over all rounds (409 beyond), and at most MAX_UNPAID_TICKETS unpaid
 * tickets over the shop unless this is their only checkout. Runs under the round's lock (the
 * round, then the reservations). Answers the orders of the replaced reservations.
 */
async function boundOpenReservations(tx: Tx, now: Date, input: NewReservation): Promise<string[]> {
  const { userId, roundId, quantity } = input;
  const open = await tx
    .select({
      id: reservations.id,
      roundId: reservations.roundId,
      orderId: reservations.orderId,
      quantity: reservations.quantity,
    })
    .from(reservations)
    .where(and(eq(reservations.userId, userId), eq(reservations.status, 'active'), gt(reservations.expiresAt, now)))
    .for('update');
  const sameRound = open.filter((r) => r.roundId === roundId);
  const elsewhere = open.filter((r) => r.roundId !== roundId);
  if (elsewhere.length >= MAX_OPEN_RESERVATIONS) throw conflict(TOO_MANY_RESERVATIONS);
  const heldElsewhere = elsewhere.reduce((n, r) => n + r.quantity, 0);
  if (heldElsewhere > 0 && heldElsewhere + quantity > MAX_UNPAID_TICKETS)
    throw conflict(tooManyUnpaidTickets(heldElsewhere));
  if (sameRound.length > 0) {
    // A replaced hold ends now: the moment counts as a lapse of this set (see lapseCooldown).
    await tx
      .update(reservations)
      .set({ status: 'replaced', expiresAt: now })
      .where(
        inArray(
          reservations.id,
          sameRound.map((r) => r.id),
        ),
      );
  }
  return sameRound.flatMap((r) => (r.orderId ? [r.orderId] : []));
}

/**
 * The cool-down of a shopper on a round (docs/rules/security.md): their checkouts of it that ended
 * unpaid (expired, or replaced by a newer one) in the last LAPSE_WINDOW_MS since their last paid
 * one; null when they may reserve now.
 */
async function lapseCooldown(
  exec: Executor,
  at: Date,
  userId: string,
  roundId: string,
): Promise<{ lapses: number; until: Date } | null> {
  const recent = await exec
    .select({ status: reservations.status, expiresAt: reservations.expiresAt, createdAt: reservations.createdAt })
    .from(reservations)
    .where(
      and(
        eq(reservations.userId, userId),
        eq(reservations.roundId, roundId),
        gt(reservations.expiresAt, new Date(at.getTime() - LAPSE_WINDOW_MS)),
      ),
    )
    .orderBy(asc(reservations.createdAt));
  const lastPaid = recent.findLastIndex((r) => r.status === 'consumed');
  const lapsed = recent
    .slice(lastPaid + 1)
    .filter((r) => r.status === 'expired' || r.status === 'replaced' || (r.status === 'active' && r.expiresAt <= at));
  const cooldown = cooldownAfter(lapsed.length);
  if (cooldown === 0) return null;
  const lastLapse = Math.max(...lapsed.map((r) => r.expiresAt.getTime()));
  const until = new Date(lastLapse + cooldown);
  return until > at ? { lapses: lapsed.length, until } : null;
}

/** The reservations that hold tickets for unpaid card orders (docs/rules/buying.md). */
export function createReservations(ctx: AppContext, deps: { rounds: RoundLedger; availability: Availability }) {
  const { rounds, availability } = deps;
  const now = () => ctx.clock.now();

  /** 429 while the shopper is cooled down on the round (checked before a gateway intent is made, and again under the lock). */
  async function assertNotCooledDown(exec: Executor, userId: string, roundId: string): Promise<void> {
    const cooling = await lapseCooldown(exec, now(), userId, roundId);
    if (cooling) throw cooledDown(cooling.lapses, cooling.until, now());
  }

  /**
   * Holds `quantity` tickets of a round for an unpaid order until `expiresAt`. Runs under the
   * round lock, so two reservations can never hold the same last tickets. Refused while the
   * shopper is cooled down on the round or over the bounds (`boundOpenReservations`); answers the
   * reservation and the orders whose holds of this round it replaced.
   */
  async function reserveReplacing(tx: Tx, input: NewReservation): Promise<{ id: string; replacedOrderIds: string[] }> {
    if (!Number.isInteger(input.quantity) || input.quantity < 1) throw badRequest('Invalid ticket count');
    const round = await rounds.lockRound(tx, input.roundId);
    const { left } = (await availability.availabilityOfRounds(tx, [round])).get(round.id)!;
    if (round.status !== 'open' || left < input.quantity) {
      throw badRequest(NOT_ENOUGH_TICKETS, { ticketsLeft: round.status === 'open' ? left : 0 });
    }
    await assertNotCooledDown(tx, input.userId, round.id);
    const replacedOrderIds = await boundOpenReservations(tx, now(), input);
    const id = crypto.randomUUID();
    await tx.insert(reservations).values({ id, ...input, status: 'active', createdAt: now() });
    rounds.changed(tx, round.id);
    return { id, replacedOrderIds };
  }

  /** Sets active reservations matching `where` to `status`; answers how many, and tells the listing when any did. */
  async function endActive(
    exec: Executor,
    status: 'released' | 'expired',
    where: ReturnType<typeof and>,
  ): Promise<number> {
    const ended = await exec
      .update(reservations)
      .set({ status })
      .where(and(eq(reservations.status, 'active'), where))
      .returning({ id: reservations.id, roundId: reservations.roundId });
    for (const roundId of new Set(ended.map((row) => row.roundId))) rounds.changed(exec, roundId);
    return ended.length;
  }

  return {
    assertNotCooledDown,
    reserveReplacing,
    /** `reserveReplacing`, answering the reservation's id. */
    reserve: async (tx: Tx, input: NewReservation): Promise<string> => (await reserveReplacing(tx, input)).id,
    async findReservation(exec: Executor, id: string): Promise<Reservation | null> {
      const [row] = await exec.select().from(reservations).where(eq(reservations.id, id));
      return row ?? null;
    },
    /** Gives an active reservation's tickets back (e.g. a cancelled or failed payment). */
    releaseReservation: async (exec: Executor, id: string): Promise<void> =>
      void (await endActive(exec, 'released', eq(reservations.id, id))),
    /** Releases every active reservation of a round (the round was reloaded). */
    releaseRound: async (tx: Tx, roundId: string): Promise<void> => {
      await endActive(tx, 'released', eq(reservations.roundId, roundId));
      rounds.changed(tx, roundId);
    },
    /** Marks active reservations past their expiry as expired; returns how many (background job). */
    expireReservations: (exec: Executor): Promise<number> =>
      endActive(exec, 'expired', lte(reservations.expiresAt, now())),
  };
}
