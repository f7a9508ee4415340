import crypto from 'node:crypto';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import { canonicalBox, drawTicket, extendChain } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { Executor, Tx } from '../../db/database.ts';
import { badRequest, conflict } from '../../core/http-errors.ts';
import type { RoundsService } from '../catalogue/service.ts';
import { reservations, tickets } from './tables.ts';

export const NOT_ENOUGH_TICKETS = 'Not enough tickets left';
const MAX_CLIENT_SEED_LENGTH = 128;
const INSERT_CHUNK = 500;

export interface RoundAvailability {
  /** Tickets in the box. */
  total: number;
  /** Tickets not drawn yet. */
  untaken: number;
  /** Tickets held by active, unexpired reservations. */
  reserved: number;
  /** What a shopper can buy: untaken minus reserved, never below 0. */
  left: number;
}

export interface DrawnTicket {
  nonce: number;
  ticketIndex: number;
  letter: string;
}

export interface TakeTicketsInput {
  roundId: string;
  count: number;
  clientSeed: string;
  orderId: string | null;
  /** The order's own reservation: its tickets are not held against it, and it becomes consumed. */
  reservationId?: string;
  /**
   * Chance (lottery) sets: tickets are only entries, prizes are assigned at sell-out, so the
   * round's prize counts (and the Last Prize) are not touched here.
   */
  entriesOnly?: boolean;
}

export interface TakeTicketsResult {
  tickets: DrawnTicket[];
  /** This call took the round's final ticket (the round is now sold out and its seed revealed). */
  finalTicket: boolean;
  /** The round's Last Prize went to this call (final ticket taken and the set has a Last Prize). */
  lastPrize: boolean;
}

export interface DrawLogEntry {
  nonce: number;
  clientSeed: string;
  ticketIndex: number;
  letter: string;
  takenAt: Date;
  /** For the caller to look up the (masked) buyer; not for public answers as is. */
  orderId: string | null;
  /** The entry's chained-log hash (null only in rounds opened before the chained log). */
  hash: string | null;
}

/** One ticket entry of an order in the chained log (for its receipt). */
export interface OrderChainEntry {
  roundId: string;
  nonce: number;
  hash: string | null;
}

/** Open (unpaid, unexpired) card reservations a shopper may have over all rounds. */
export const MAX_OPEN_RESERVATIONS = 3;
export const TOO_MANY_RESERVATIONS = 'You have too many unpaid reservations. Please complete or wait for them to expire.';

/** The ticket box of every round and the reservations that hold tickets for unpaid orders. */
export function createStockService(ctx: AppContext, rounds: RoundsService) {
  const now = () => ctx.clock.now();

  /**
   * Holds are bounded (docs/rules/security.md): a shopper has at most one open reservation per round
   * (a new one replaces it: the older unpaid order can no longer hold tickets) and at most
   * MAX_OPEN_RESERVATIONS over all rounds (409 beyond). Runs under the round's lock.
   */
  async function boundOpenReservations(tx: Tx, userId: string, roundId: string): Promise<void> {
    const open = await tx
      .select({ id: reservations.id, roundId: reservations.roundId })
      .from(reservations)
      .where(and(eq(reservations.userId, userId), eq(reservations.status, 'active'), gt(reservations.expiresAt, now())))
      .for('update');
    const sameRound = open.filter((r) => r.roundId === roundId);
    if (open.length - sameRound.length >= MAX_OPEN_RESERVATIONS) throw conflict(TOO_MANY_RESERVATIONS);
    for (const previous of sameRound) {
      await tx.update(reservations).set({ status: 'released' }).where(eq(reservations.id, previous.id));
    }
  }

  /** Sum of active, unexpired reservations per round (expired ones count as free: lazy expiry). */
  async function reservedByRound(exec: Executor, roundIds: string[], exceptReservationId?: string) {
    const rows = await exec
      .select({ roundId: reservations.roundId, reserved: sql<number>`coalesce(sum(${reservations.quantity}), 0)::int` })
      .from(reservations)
      .where(
        and(
          inArray(reservations.roundId, roundIds),
          eq(reservations.status, 'active'),
          gt(reservations.expiresAt, now()),
          exceptReservationId ? ne(reservations.id, exceptReservationId) : undefined,
        ),
      )
      .groupBy(reservations.roundId);
    return new Map(rows.map((r) => [r.roundId, Number(r.reserved)]));
  }

  async function availability(roundIds: string[], exec: Executor = ctx.db, exceptReservationId?: string) {
    const result = new Map<string, RoundAvailability>();
    if (roundIds.length === 0) return result;
    const counts = await exec
      .select({
        roundId: tickets.roundId,
        total: sql<number>`count(*)::int`,
        untaken: sql<number>`(count(*) filter (where ${tickets.nonce} is null))::int`,
      })
      .from(tickets)
      .where(inArray(tickets.roundId, roundIds))
      .groupBy(tickets.roundId);
    const reserved = await reservedByRound(exec, roundIds, exceptReservationId);
    for (const roundId of roundIds) {
      const row = counts.find((c) => c.roundId === roundId);
      const total = Number(row?.total ?? 0);
      const untaken = Number(row?.untaken ?? 0);
      const held = reserved.get(roundId) ?? 0;
      result.set(roundId, { total, untaken, reserved: held, left: Math.max(0, untaken - held) });
    }
    return result;
  }

  async function availabilityOf(exec: Executor, roundId: string, exceptReservationId?: string) {
    return (await availability([roundId], exec, exceptReservationId)).get(roundId)!;
  }

  return {
    availability,
    availabilityOf,

    /** Fills a new round's box: ticket i gets the letter canonicalBox gives it (docs/rules/fairness.md). */
    async createBox(tx: Tx, roundId: string, letterQuantities: ReadonlyArray<{ letter: string; quantity: number }>) {
      const box = canonicalBox(letterQuantities);
      const rows = box.map((letter, ticketIndex) => ({ roundId, ticketIndex, letter }));
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        await tx.insert(tickets).values(rows.slice(i, i + INSERT_CHUNK));
      }
      return box.length;
    },

    /**
     * Holds `quantity` tickets of a round for an unpaid order until `expiresAt`. Runs under the
     * round lock, so two reservations can never hold the same last tickets.
     */
    async reserve(
      tx: Tx,
      input: { roundId: string; orderId: string | null; userId: string; quantity: number; expiresAt: Date },
    ): Promise<string> {
      if (!Number.isInteger(input.quantity) || input.quantity < 1) throw badRequest('Invalid ticket count');
      const round = await rounds.lockRound(tx, input.roundId);
      const { left } = await availabilityOf(tx, round.id);
      if (round.status !== 'open' || left < input.quantity) {
        throw badRequest(NOT_ENOUGH_TICKETS, { ticketsLeft: round.status === 'open' ? left : 0 });
      }
      await boundOpenReservations(tx, input.userId, round.id);
      const id = crypto.randomUUID();
      await tx.insert(reservations).values({ id, ...input, status: 'active', createdAt: now() });
      return id;
    },

    async findReservation(exec: Executor, id: string) {
      const [row] = await exec.select().from(reservations).where(eq(reservations.id, id));
      return row ?? null;
    },

    /** Gives an active reservation's tickets back (e.g. a cancelled or failed payment). */
    async releaseReservation(exec: Executor, id: string): Promise<void> {
      await exec
        .update(reservations)
        .set({ status: 'released' })
        .where(and(eq(reservations.id, id), eq(reservations.status, 'active')));
    },

    /** Releases every active reservation of a round (the round was reloaded). */
    async releaseRound(tx: Tx, roundId: string): Promise<void> {
      await tx
        .update(reservations)
        .set({ status: 'released' })
        .where(and(eq(reservations.roundId, roundId), eq(reservations.status, 'active')));
    },

    /** Marks active reservations past their expiry as expired; returns how many (background job). */
    async expireReservations(exec: Executor = ctx.db): Promise<number> {
      const rows = await exec
        .update(reservations)
        .set({ status: 'expired' })
        .where(and(eq(reservations.status, 'active'), lte(reservations.expiresAt, now())))
        .returning({ id: reservations.id });
      return rows.length;
    },

    /**
     * Draws `count` tickets of a round for an order (docs/rules/catalogue.md, fairness.md), inside the caller's transaction.
     * Locks the round row first (a no-op when the caller already did), so concurrent calls on one
     * round run one after another; each ticket is claimed with a "nonce is null" guard, so even a
     * bug elsewhere can never sell a ticket twice. Throws 400 'Not enough tickets left' when fewer
     * than `count` are left for this order.
     */
    async takeTickets(tx: Tx, input: TakeTicketsInput): Promise<TakeTicketsResult> {
      const { roundId, count, clientSeed, orderId } = input;
      if (!Number.isInteger(count) || count < 1) throw badRequest('Invalid ticket count');
      if (clientSeed.length === 0 || clientSeed.length > MAX_CLIENT_SEED_LENGTH) {
        throw badRequest(`clientSeed must be 1 to ${MAX_CLIENT_SEED_LENGTH} characters`);
      }
      const round = await rounds.lockRound(tx, roundId);
      const { left } = await availabilityOf(tx, roundId, input.reservationId);
      if (round.status !== 'open' || left < count) {
        throw badRequest(NOT_ENOUGH_TICKETS, { ticketsLeft: round.status === 'open' ? left : 0 });
      }

      const untaken = await tx
        .select({ ticketIndex: tickets.ticketIndex, letter: tickets.letter })
        .from(tickets)
        .where(and(eq(tickets.roundId, roundId), isNull(tickets.nonce)))
        .orderBy(asc(tickets.ticketIndex));
      const letterOf = new Map(untaken.map((t) => [t.ticketIndex, t.letter]));
      let remaining = untaken.map((t) => t.ticketIndex);

      const firstNonce = await rounds.allocateNonces(tx, roundId, count);
      if (firstNonce !== round.nextNonce) throw new Error('Round nonce moved while locked');
      const takenAt = now();
      const drawn: DrawnTicket[] = [];
      const letterCounts = new Map<string, number>();
      for (let i = 0; i < count; i++) {
        const nonce = firstNonce + i;
        const pick = drawTicket(round.serverSeed, clientSeed, nonce, remaining);
        remaining = pick.remaining;
        const letter = letterOf.get(pick.ticketIndex)!;
        drawn.push({ nonce, ticketIndex: pick.ticketIndex, letter });
        letterCounts.set(letter, (letterCounts.get(letter) ?? 0) + 1);
      }
      // The chained log (docs/rules/fairness.md): each draw links to the head read under the round
      // lock, and the head moves in this same transaction, so concurrent purchases cannot fork it.
      const chain = round.headHash
        ? extendChain(round.headHash, drawn.map((d) => ({ domain: 'ticket' as const, clientSeed, ...d })))
        : null;
      // One statement claims every drawn ticket; the "nonce is null" guard means a ticket somebody
      // else already holds is not claimed, and the count check then rolls the whole purchase back.
      const values = sql.join(
        drawn.map((d, i) => sql`(${d.ticketIndex}::int, ${d.nonce}::int, ${chain ? chain.hashes[i]! : null}::text)`),
        sql`, `,
      );
      const claimed = (await tx.execute(sql`
        update ${tickets} set order_id = ${orderId}::uuid, nonce = v.nonce, client_seed = ${clientSeed}, taken_at = ${takenAt.toISOString()}::timestamptz, hash = v.hash
        from (values ${values}) as v(ticket_index, nonce, hash)
        where ${tickets.roundId} = ${roundId} and ${tickets.ticketIndex} = v.ticket_index and ${tickets.nonce} is null
        returning ${tickets.ticketIndex}`)) as unknown as { rows: unknown[] };
      if (claimed.rows.length !== count) throw new Error(`Tickets of round ${roundId} were already taken`);
      if (chain) await rounds.advanceHead(tx, roundId, chain.head);

      if (input.reservationId) {
        await tx
          .update(reservations)
          .set({ status: 'consumed' })
          .where(and(eq(reservations.id, input.reservationId), inArray(reservations.status, ['active', 'expired'])));
      }

      const finalTicket = remaining.length === 0;
      let lastPrize = false;
      if (!input.entriesOnly) {
        await rounds.decrementPrizes(tx, roundId, letterCounts);
        if (finalTicket) lastPrize = await rounds.awardLastPrize(tx, roundId);
      }
      if (finalTicket) await rounds.markSoldOut(tx, roundId);
      return { tickets: drawn, finalTicket, lastPrize };
    },

    /** The tickets an order drew, in nonce order. */
    async ticketsOfOrder(exec: Executor, orderId: string): Promise<DrawnTicket[]> {
      const rows = await exec
        .select({ nonce: tickets.nonce, ticketIndex: tickets.ticketIndex, letter: tickets.letter })
        .from(tickets)
        .where(eq(tickets.orderId, orderId))
        .orderBy(asc(tickets.nonce));
      return rows.map((r) => ({ ...r, nonce: r.nonce! }));
    },

    /** The round's draw log in nonce order (docs/rules/fairness.md): what a fairness page replays. */
    async drawLog(roundId: string, exec: Executor = ctx.db): Promise<DrawLogEntry[]> {
      const rows = await exec
        .select()
        .from(tickets)
        .where(and(eq(tickets.roundId, roundId), isNotNull(tickets.nonce)))
        .orderBy(asc(tickets.nonce));
      return rows.map((r) => ({
        nonce: r.nonce!,
        clientSeed: r.clientSeed!,
        ticketIndex: r.ticketIndex,
        letter: r.letter,
        takenAt: r.takenAt!,
        orderId: r.orderId,
        hash: r.hash,
      }));
    },

    /** An order's ticket entries in the chained log, in nonce order (its receipt's ticket part). */
    async chainEntriesOfOrder(orderId: string, exec: Executor = ctx.db): Promise<OrderChainEntry[]> {
      const rows = await exec
        .select({ roundId: tickets.roundId, nonce: tickets.nonce, hash: tickets.hash })
        .from(tickets)
        .where(and(eq(tickets.orderId, orderId), isNotNull(tickets.nonce)))
        .orderBy(asc(tickets.nonce));
      return rows.map((r) => ({ roundId: r.roundId, nonce: r.nonce!, hash: r.hash }));
    },

    /** The round's box in canonical order (ticket i's letter), for verification. */
    async box(roundId: string, exec: Executor = ctx.db): Promise<string[]> {
      const rows = await exec
        .select({ letter: tickets.letter })
        .from(tickets)
        .where(eq(tickets.roundId, roundId))
        .orderBy(asc(tickets.ticketIndex));
      return rows.map((r) => r.letter);
    },
  };
}
export type StockService = ReturnType<typeof createStockService>;
