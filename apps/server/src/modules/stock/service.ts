import crypto from 'node:crypto';
import { and, asc, eq, gt, inArray, isNotNull, lte, ne, sql } from 'drizzle-orm';
import { canonicalBox, drawSequencePositions, extendChain, shopClockTime } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { Executor, Tx } from '../../db/database.ts';
import { HttpError, badRequest, conflict } from '../../core/http-errors.ts';
import { HOUR, MINUTE } from '../../core/clock.ts';
import type { Round, RoundsService } from '../catalogue/service.ts';
import { reservations, tickets } from './tables.ts';
import { jsonRows } from '../../core/json-rows.ts';

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
  /** When the first of those reservations lapses (and `left` grows by itself), or null if none is held. */
  firstLapse: Date | null;
}

export interface DrawnTicket {
  nonce: number;
  ticketIndex: number;
  letter: string;
}

/** A ticket just drawn, with its chained-log hash (null only in rounds opened before the chained log). */
export interface TakenTicket extends DrawnTicket {
  hash: string | null;
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
  /**
   * The round as the caller locked it in this transaction and what is left for this order. Given,
   * takeTickets skips its own lock and count, and moves both on after the draw.
   */
  locked?: { round: Round; left: number };
}

export interface TakeTicketsResult {
  tickets: TakenTicket[];
  /** This call took the round's final ticket (the round is now sold out and its seed revealed). */
  finalTicket: boolean;
  /** The round's Last Prize went to this call (final ticket taken and the set has a Last Prize). */
  lastPrize: boolean;
}

/** One order's part of a batch draw (`takeTicketsForOrders`). */
export interface OrderToDraw {
  orderId: string | null;
  clientSeed: string;
  count: number;
  /** The order's own reservation: its tickets are not held against it, and it becomes consumed. */
  reservationId?: string;
}

export interface TakeForOrdersInput extends Pick<TakeTicketsInput, 'roundId' | 'entriesOnly' | 'locked'> {
  /** In draw order: the first order gets the next nonces. */
  orders: OrderToDraw[];
}

/** What one order of a batch drew; `finalTicket` and `lastPrize` only ever fall to the last order. */
export interface OrderDraw extends TakeTicketsResult {
  orderId: string | null;
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
/**
 * Tickets a shopper may hold unpaid at once over the shop (docs/rules/security.md). A checkout that
 * would be the shopper's only one is never refused by it (an honest buyer pays one after another).
 */
export const MAX_UNPAID_TICKETS = 40;
export const tooManyUnpaidTickets = (held: number) =>
  `You already hold ${held} unpaid ${held === 1 ? 'ticket' : 'tickets'} in other checkouts. Please pay for them or let them expire first: at most ${MAX_UNPAID_TICKETS} unpaid tickets at once.`;
/** Lapses of a shopper's checkouts of one set that count towards a cool-down (docs/rules/security.md). */
export const LAPSE_WINDOW_MS = 24 * HOUR;
/** The cool-down after the n-th lapse (index n - 1; the last applies from then on), from that lapse. */
export const LAPSE_COOLDOWNS_MS = [0, 30 * MINUTE, 2 * HOUR, 24 * HOUR] as const;
export const cooldownAfter = (lapses: number): number =>
  lapses <= 0 ? 0 : LAPSE_COOLDOWNS_MS[Math.min(lapses, LAPSE_COOLDOWNS_MS.length) - 1]!;

/** The 429 of a shopper cooled down on a set: how many lapses, and when they may reserve again. */
export function cooledDown(lapses: number, until: Date, now: Date): HttpError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  const wait = seconds < 120 ? `${seconds} seconds` : minutes < 120 ? `${minutes} minutes` : `${Math.ceil(minutes / 60)} hours`;
  return new HttpError(
    429,
    `You let ${lapses} checkouts of this set lapse unpaid, so you can reserve its tickets again at ${shopClockTime(until)}, in ${wait}. Buying with tokens is not affected.`,
    { retryAt: until.toISOString() },
    { 'Retry-After': String(seconds) },
  );
}

/** The ticket box of every round and the reservations that hold tickets for unpaid orders. */
export function createStockService(ctx: AppContext, rounds: RoundsService) {
  const now = () => ctx.clock.now();

  /**
   * Holds are bounded (docs/rules/security.md): a shopper has at most one open reservation per round
   * (a new one replaces it: the older unpaid order can no longer hold tickets), at most
   * MAX_OPEN_RESERVATIONS over all rounds (409 beyond), and at most MAX_UNPAID_TICKETS unpaid
   * tickets over the shop unless this is their only checkout. Runs under the round's lock (the
   * round, then the reservations). Answers the orders of the replaced reservations.
   */
  async function boundOpenReservations(tx: Tx, userId: string, roundId: string, quantity: number): Promise<string[]> {
    const open = await tx
      .select({ id: reservations.id, roundId: reservations.roundId, orderId: reservations.orderId, quantity: reservations.quantity })
      .from(reservations)
      .where(and(eq(reservations.userId, userId), eq(reservations.status, 'active'), gt(reservations.expiresAt, now())))
      .for('update');
    const sameRound = open.filter((r) => r.roundId === roundId);
    const elsewhere = open.filter((r) => r.roundId !== roundId);
    if (elsewhere.length >= MAX_OPEN_RESERVATIONS) throw conflict(TOO_MANY_RESERVATIONS);
    const heldElsewhere = elsewhere.reduce((n, r) => n + r.quantity, 0);
    if (heldElsewhere > 0 && heldElsewhere + quantity > MAX_UNPAID_TICKETS) throw conflict(tooManyUnpaidTickets(heldElsewhere));
    if (sameRound.length > 0) {
      // A replaced hold ends now: the moment counts as a lapse of this set (see lapseCooldown).
      await tx.update(reservations).set({ status: 'replaced', expiresAt: now() }).where(inArray(reservations.id, sameRound.map((r) => r.id)));
    }
    return sameRound.flatMap((r) => (r.orderId ? [r.orderId] : []));
  }

  /**
   * The cool-down of a shopper on a round (docs/rules/security.md): their checkouts of it that ended
   * unpaid (expired, or replaced by a newer one) in the last LAPSE_WINDOW_MS since their last paid
   * one; null when they may reserve now.
   */
  async function lapseCooldown(exec: Executor, userId: string, roundId: string): Promise<{ lapses: number; until: Date } | null> {
    const at = now();
    const recent = await exec
      .select({ status: reservations.status, expiresAt: reservations.expiresAt, createdAt: reservations.createdAt })
      .from(reservations)
      .where(and(eq(reservations.userId, userId), eq(reservations.roundId, roundId), gt(reservations.expiresAt, new Date(at.getTime() - LAPSE_WINDOW_MS))))
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

  async function assertNotCooledDown(exec: Executor, userId: string, roundId: string): Promise<void> {
    const cooling = await lapseCooldown(exec, userId, roundId);
    if (cooling) throw cooledDown(cooling.lapses, cooling.until, now());
  }

  /** Sum of active, unexpired reservations per round, and the first of them to lapse (expired ones count as free: lazy expiry). */
  async function reservedByRound(exec: Executor, roundIds: string[], exceptReservationId?: string) {
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
          gt(reservations.expiresAt, now()),
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
  function availabilityFrom(
    roundRows: ReadonlyArray<Pick<Round, 'id' | 'totalTickets' | 'nextNonce'>>,
    reserved: ReadonlyMap<string, { reserved: number; firstLapse: Date }>,
  ): Map<string, RoundAvailability> {
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

  async function availabilityOfRounds(
    roundRows: ReadonlyArray<Pick<Round, 'id' | 'totalTickets' | 'nextNonce'>>,
    exec: Executor = ctx.db,
    exceptReservationId?: string,
  ): Promise<Map<string, RoundAvailability>> {
    if (roundRows.length === 0) return new Map();
    const reserved = await reservedByRound(exec, roundRows.map((r) => r.id), exceptReservationId);
    return availabilityFrom(roundRows, reserved);
  }

  async function availability(roundIds: string[], exec: Executor = ctx.db, exceptReservationId?: string) {
    const roundRows = await rounds.findRounds(exec, roundIds);
    return availabilityOfRounds(roundRows, exec, exceptReservationId);
  }

  async function availabilityOf(exec: Executor, roundId: string, exceptReservationId?: string) {
    const result = (await availability([roundId], exec, exceptReservationId)).get(roundId);
    return result ?? { total: 0, untaken: 0, reserved: 0, left: 0, firstLapse: null };
  }

  async function takeForOrders(tx: Tx, input: TakeForOrdersInput): Promise<OrderDraw[]> {
    const { roundId } = input;
    for (const order of input.orders) {
      if (!Number.isInteger(order.count) || order.count < 1) throw badRequest('Invalid ticket count');
      if (order.clientSeed.length === 0 || order.clientSeed.length > MAX_CLIENT_SEED_LENGTH) {
        throw badRequest(`clientSeed must be 1 to ${MAX_CLIENT_SEED_LENGTH} characters`);
      }
    }
    const count = input.orders.reduce((sum, order) => sum + order.count, 0);
    const reservationIds = input.orders.flatMap((order) => (order.reservationId ? [order.reservationId] : []));
    // What is left is read with one order's reservation set aside; a batch of several reserved orders must bring its own count.
    if (reservationIds.length > 1 && !input.locked) throw new Error('takeTicketsForOrders: several reservations need a locked count');
    // A caller that already locked the round and read what is left hands both over (no second round trip).
    const round = input.locked?.round ?? (await rounds.lockRound(tx, roundId));
    const left = input.locked?.left ?? (await availabilityOfRounds([round], tx, reservationIds[0])).get(roundId)!.left;
    if (round.status !== 'open' || left < count) {
      throw badRequest(NOT_ENOUGH_TICKETS, { ticketsLeft: round.status === 'open' ? left : 0 });
    }

    // The verifiable draw (docs/rules/fairness.md) over the ascending list of untaken tickets: the
    // picks' positions in that list come from the counters alone, and SQL reads just those tickets.
    const untakenCount = round.totalTickets - round.nextNonce;
    const firstNonce = round.nextNonce;
    const picks = input.orders.flatMap((order) => Array.from({ length: order.count }, () => ({ order, clientSeed: order.clientSeed })));
    const sequence = picks.map((pick, i) => ({ clientSeed: pick.clientSeed, nonce: firstNonce + i }));
    const positions = drawSequencePositions(round.serverSeed, sequence, untakenCount);
    const picked = (await tx.execute(sql`
      select ticket_index, letter, position, untaken from (
        select ${tickets.ticketIndex} as ticket_index, ${tickets.letter} as letter,
               (row_number() over (order by ${tickets.ticketIndex}) - 1)::int as position, (count(*) over ())::int as untaken
        from ${tickets} where ${tickets.roundId} = ${roundId} and ${tickets.nonce} is null
      ) t where position = any(${`{${positions.join(',')}}`}::int[])`)) as unknown as {
      rows: { ticket_index: number; letter: string; position: number; untaken: number }[];
    };
    const byPosition = new Map(picked.rows.map((r) => [Number(r.position), r]));
    if (picked.rows.length !== count || picked.rows.some((r) => Number(r.untaken) !== untakenCount)) {
      throw new Error(`Round ${roundId}: the ticket counter does not match the box`);
    }
    const takenAt = now();
    const drawn = positions.map((position, i) => {
      const row = byPosition.get(position)!;
      return { nonce: firstNonce + i, ticketIndex: Number(row.ticket_index), letter: row.letter, order: picks[i]!.order };
    });
    const letterCounts = new Map<string, number>();
    for (const d of drawn) letterCounts.set(d.letter, (letterCounts.get(d.letter) ?? 0) + 1);
    // The chained log (docs/rules/fairness.md): each draw links to the head read under the round
    // lock, and the head moves in this same transaction, so concurrent purchases cannot fork it.
    const chain = round.headHash
      ? extendChain(round.headHash, drawn.map((d) => ({ domain: 'ticket' as const, clientSeed: d.order.clientSeed, nonce: d.nonce, ticketIndex: d.ticketIndex, letter: d.letter })))
      : null;
    // One statement claims every drawn ticket; the "nonce is null" guard means a ticket somebody
    // else already holds is not claimed, and the count check then rolls the whole purchase back.
    const claims = jsonRows(
      drawn.map((d, i) => ({ ticket_index: d.ticketIndex, nonce: d.nonce, hash: chain ? chain.hashes[i]! : null, order_id: d.order.orderId, client_seed: d.order.clientSeed })),
    );
    const claimed = (await tx.execute(sql`
      update ${tickets} set order_id = v.order_id, nonce = v.nonce, client_seed = v.client_seed, taken_at = ${takenAt.toISOString()}::timestamptz, hash = v.hash
      from json_to_recordset(${claims}) as v(ticket_index int, nonce int, hash text, order_id uuid, client_seed text)
      where ${tickets.roundId} = ${roundId} and ${tickets.ticketIndex} = v.ticket_index and ${tickets.nonce} is null
      returning ${tickets.ticketIndex}`)) as unknown as { rows: unknown[] };
    if (claimed.rows.length !== count) throw new Error(`Tickets of round ${roundId} were already taken`);

    const finalTicket = untakenCount === count;
    // Nonces, head, prize counts and (at sell-out) the round's status in one statement. Chance sets
    // take entries only: their prizes are drawn at sell-out.
    await rounds.recordDraws(tx, roundId, {
      firstNonce,
      count,
      headHash: chain?.head ?? null,
      soldOut: finalTicket,
      prizeCounts: input.entriesOnly ? undefined : letterCounts,
    });
    // The locked round the caller holds moves on too (a Challenge takes one ticket at a time).
    if (input.locked) {
      input.locked.round = { ...round, nextNonce: firstNonce + count, headHash: chain?.head ?? round.headHash };
      input.locked.left = left - count;
    }

    if (reservationIds.length > 0) {
      await tx
        .update(reservations)
        .set({ status: 'consumed' })
        .where(and(inArray(reservations.id, reservationIds), inArray(reservations.status, ['active', 'expired'])));
    }

    const lastPrize = !input.entriesOnly && finalTicket ? await rounds.awardLastPrize(tx, roundId) : false;
    const lastOrder = input.orders.at(-1)!;
    return input.orders.map((order) => ({
      orderId: order.orderId,
      tickets: drawn
        .map((d, i) => ({ d, hash: chain ? chain.hashes[i]! : null }))
        .filter(({ d }) => d.order === order)
        .map(({ d, hash }) => ({ nonce: d.nonce, ticketIndex: d.ticketIndex, letter: d.letter, hash })),
      finalTicket: finalTicket && order === lastOrder,
      lastPrize: lastPrize && order === lastOrder,
    }));
  }

  const service = {
    availability,
    availabilityOf,
    availabilityOfRounds,

    /** Fills a new round's box: ticket i gets the letter canonicalBox gives it (docs/rules/fairness.md). */
    async createBox(tx: Tx, roundId: string, letterQuantities: ReadonlyArray<{ letter: string; quantity: number }>) {
      const box = canonicalBox(letterQuantities);
      const rows = box.map((letter, ticketIndex) => ({ roundId, ticketIndex, letter }));
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        await tx.insert(tickets).values(rows.slice(i, i + INSERT_CHUNK));
      }
      return box.length;
    },

    /** 429 while the shopper is cooled down on the round (checked before a gateway intent is made, and again under the lock). */
    assertNotCooledDown,

    /**
     * Holds `quantity` tickets of a round for an unpaid order until `expiresAt`. Runs under the
     * round lock, so two reservations can never hold the same last tickets. Refused while the
     * shopper is cooled down on the round or over the bounds (`boundOpenReservations`); answers the
     * reservation and the orders whose holds of this round it replaced.
     */
    async reserveReplacing(
      tx: Tx,
      input: { roundId: string; orderId: string | null; userId: string; quantity: number; expiresAt: Date },
    ): Promise<{ id: string; replacedOrderIds: string[] }> {
      if (!Number.isInteger(input.quantity) || input.quantity < 1) throw badRequest('Invalid ticket count');
      const round = await rounds.lockRound(tx, input.roundId);
      const { left } = (await availabilityOfRounds([round], tx)).get(round.id)!;
      if (round.status !== 'open' || left < input.quantity) {
        throw badRequest(NOT_ENOUGH_TICKETS, { ticketsLeft: round.status === 'open' ? left : 0 });
      }
      await assertNotCooledDown(tx, input.userId, round.id);
      const replacedOrderIds = await boundOpenReservations(tx, input.userId, round.id, input.quantity);
      const id = crypto.randomUUID();
      await tx.insert(reservations).values({ id, ...input, status: 'active', createdAt: now() });
      rounds.changed(tx);
      return { id, replacedOrderIds };
    },

    /** `reserveReplacing`, answering the reservation's id. */
    async reserve(
      tx: Tx,
      input: { roundId: string; orderId: string | null; userId: string; quantity: number; expiresAt: Date },
    ): Promise<string> {
      return (await service.reserveReplacing(tx, input)).id;
    },

    async findReservation(exec: Executor, id: string) {
      const [row] = await exec.select().from(reservations).where(eq(reservations.id, id));
      return row ?? null;
    },

    /** Gives an active reservation's tickets back (e.g. a cancelled or failed payment). */
    async releaseReservation(exec: Executor, id: string): Promise<void> {
      const released = await exec
        .update(reservations)
        .set({ status: 'released' })
        .where(and(eq(reservations.id, id), eq(reservations.status, 'active')))
        .returning({ id: reservations.id });
      if (released.length > 0) rounds.changed(exec);
    },

    /** Releases every active reservation of a round (the round was reloaded). */
    async releaseRound(tx: Tx, roundId: string): Promise<void> {
      await tx
        .update(reservations)
        .set({ status: 'released' })
        .where(and(eq(reservations.roundId, roundId), eq(reservations.status, 'active')));
      rounds.changed(tx);
    },

    /** Marks active reservations past their expiry as expired; returns how many (background job). */
    async expireReservations(exec: Executor = ctx.db): Promise<number> {
      const rows = await exec
        .update(reservations)
        .set({ status: 'expired' })
        .where(and(eq(reservations.status, 'active'), lte(reservations.expiresAt, now())))
        .returning({ id: reservations.id });
      if (rows.length > 0) rounds.changed(exec);
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
      const { count, clientSeed, orderId, reservationId } = input;
      const [result] = await takeForOrders(tx, { ...input, orders: [{ orderId, clientSeed, count, reservationId }] });
      return { tickets: result!.tickets, finalTicket: result!.finalTicket, lastPrize: result!.lastPrize };
    },

    /**
     * Draws tickets for several orders of one round in a row, as successive `takeTickets` calls in
     * the orders' sequence would (same nonces, same picks, same chained log), with one read of the
     * box and one statement per table (docs/performance.md). All or nothing: 400 'Not enough
     * tickets left' when the box cannot serve them all. The final ticket, and so the Last Prize, can
     * only fall to the last order.
     */
    takeTicketsForOrders: (tx: Tx, input: TakeForOrdersInput) => takeForOrders(tx, input),
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
  return service;
}
export type StockService = ReturnType<typeof createStockService>;
