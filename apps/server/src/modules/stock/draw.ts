import { and, inArray, sql } from 'drizzle-orm';
import { drawSequencePositions, extendChain } from '@kujiya/shared';
import type { Tx } from '../../db/database.ts';
import { badRequest } from '../../core/http-errors.ts';
import { jsonRows } from '../../core/json-rows.ts';
import { checkInStatement, writeBehind } from '../../db/round-trips.ts';
import type { Availability } from './availability.ts';
import { NOT_ENOUGH_TICKETS } from './hold-limits.ts';
import { reservations, tickets } from './tables.ts';
import type {
  OrderDraw,
  OrderToDraw,
  RoundLedger,
  StockRound,
  TakeForOrdersInput,
  TakeTicketsInput,
  TakeTicketsResult,
} from './types.ts';

const MAX_CLIENT_SEED_LENGTH = 128;

interface Drawn {
  nonce: number;
  ticketIndex: number;
  letter: string;
  order: OrderToDraw;
}

function checkOrders(orders: readonly OrderToDraw[]): void {
  for (const order of orders) {
    if (!Number.isInteger(order.count) || order.count < 1) throw badRequest('Invalid ticket count');
    if (order.clientSeed.length === 0 || order.clientSeed.length > MAX_CLIENT_SEED_LENGTH) {
      throw badRequest(`clientSeed must be 1 to ${MAX_CLIENT_SEED_LENGTH} characters`);
    }
  }
}

/**
 * The verifiable draw (docs/rules/fairness.md) over the ascending list of untaken tickets: the picks'
 * positions in that list come from the counters alone, and SQL reads just those tickets.
 */
async function pickTickets(tx: Tx, round: StockRound, orders: readonly OrderToDraw[], count: number): Promise<Drawn[]> {
  const untakenCount = round.totalTickets - round.nextNonce;
  const firstNonce = round.nextNonce;
  const picks = orders.flatMap((order) => Array.from({ length: order.count }, () => order));
  const sequence = picks.map((order, i) => ({ clientSeed: order.clientSeed, nonce: firstNonce + i }));
  const positions = drawSequencePositions(round.serverSeed, sequence, untakenCount);
  const picked = (await tx.execute(sql`
    select ticket_index, letter, position, untaken from (
      select ${tickets.ticketIndex} as ticket_index, ${tickets.letter} as letter,
             (row_number() over (order by ${tickets.ticketIndex}) - 1)::int as position, (count(*) over ())::int as untaken
      from ${tickets} where ${tickets.roundId} = ${round.id} and ${tickets.nonce} is null
    ) t where position = any(${`{${positions.join(',')}}`}::int[])`)) as unknown as {
    rows: { ticket_index: number; letter: string; position: number; untaken: number }[];
  };
  const byPosition = new Map(picked.rows.map((r) => [Number(r.position), r]));
  if (picked.rows.length !== count || picked.rows.some((r) => Number(r.untaken) !== untakenCount)) {
    throw new Error(`Round ${round.id}: the ticket counter does not match the box`);
  }
  return positions.map((position, i) => {
    const row = byPosition.get(position)!;
    return { nonce: firstNonce + i, ticketIndex: Number(row.ticket_index), letter: row.letter, order: picks[i]! };
  });
}

/**
 * One statement claims every drawn ticket; the "nonce is null" guard means a ticket somebody else
 * already holds is not claimed, and the count check (in the statement: it is sent behind) then rolls
 * the whole purchase back.
 */
async function claimTickets(
  tx: Tx,
  roundId: string,
  drawn: readonly Drawn[],
  hashes: readonly (string | null)[],
  takenAt: Date,
) {
  const claims = jsonRows(
    drawn.map((d, i) => ({
      ticket_index: d.ticketIndex,
      nonce: d.nonce,
      hash: hashes[i],
      order_id: d.order.orderId,
      client_seed: d.order.clientSeed,
    })),
  );
  const allClaimed = sql`(select count(*) from claimed) = ${drawn.length}`;
  await tx.execute(sql`
    with claimed as (
      update ${tickets} set order_id = v.order_id, nonce = v.nonce, client_seed = v.client_seed, taken_at = ${takenAt.toISOString()}::timestamptz, hash = v.hash
      from json_to_recordset(${claims}) as v(ticket_index int, nonce int, hash text, order_id uuid, client_seed text)
      where ${tickets.roundId} = ${roundId} and ${tickets.ticketIndex} = v.ticket_index and ${tickets.nonce} is null
      returning ${tickets.ticketIndex}
    )
    select ${checkInStatement(allClaimed, `Tickets of round ${roundId} were already taken`)}`);
}

type DrawDeps = { rounds: RoundLedger; availability: Availability; now: () => Date };

/** The locked round and what is left for these orders (their own reservation set aside), or 400. */
async function lockedCount(
  deps: DrawDeps,
  tx: Tx,
  input: TakeForOrdersInput,
  reservationIds: string[],
  count: number,
): Promise<{ round: StockRound; left: number }> {
  // What is left is read with one order's reservation set aside; a batch of several reserved orders must bring its own count.
  if (reservationIds.length > 1 && !input.locked)
    throw new Error('takeTicketsForOrders: several reservations need a locked count');
  // A caller that already locked the round and read what is left hands both over (no second round trip).
  const round = input.locked?.round ?? (await deps.rounds.lockRound(tx, input.roundId));
  const left =
    input.locked?.left ??
    (await deps.availability.availabilityOfRounds(tx, [round], reservationIds[0])).get(input.roundId)!.left;
  if (round.status !== 'open' || left < count)
    throw badRequest(NOT_ENOUGH_TICKETS, { ticketsLeft: round.status === 'open' ? left : 0 });
  return { round, left };
}

/**
 * The chained log (docs/rules/fairness.md): each draw links to the head read under the round lock,
 * and the head moves in this same transaction, so concurrent purchases cannot fork it. A round
 * without a head keeps no chain.
 */
function chainDraws(round: StockRound, drawn: readonly Drawn[]) {
  return round.headHash
    ? extendChain(
        round.headHash,
        drawn.map((d) => ({
          domain: 'ticket' as const,
          clientSeed: d.order.clientSeed,
          nonce: d.nonce,
          ticketIndex: d.ticketIndex,
          letter: d.letter,
        })),
      )
    : null;
}

function countLetters(drawn: readonly Drawn[]): Map<string, number> {
  const letterCounts = new Map<string, number>();
  for (const d of drawn) letterCounts.set(d.letter, (letterCounts.get(d.letter) ?? 0) + 1);
  return letterCounts;
}

async function consumeReservations(tx: Tx, reservationIds: string[]): Promise<void> {
  if (reservationIds.length === 0) return;
  await tx
    .update(reservations)
    .set({ status: 'consumed' })
    .where(and(inArray(reservations.id, reservationIds), inArray(reservations.status, ['active', 'expired'])));
}

/** Each order's tickets; the final ticket, and so the Last Prize, can only fall to the last order. */
function drawsByOrder(
  orders: readonly OrderToDraw[],
  drawn: readonly Drawn[],
  hashes: readonly (string | null)[],
  outcome: { finalTicket: boolean; lastPrize: boolean },
): OrderDraw[] {
  const lastOrder = orders.at(-1)!;
  return orders.map((order) => ({
    orderId: order.orderId,
    tickets: drawn.flatMap((d, i) =>
      d.order === order ? [{ nonce: d.nonce, ticketIndex: d.ticketIndex, letter: d.letter, hash: hashes[i]! }] : [],
    ),
    finalTicket: outcome.finalTicket && order === lastOrder,
    lastPrize: outcome.lastPrize && order === lastOrder,
  }));
}

/** The ticket draw of card and token purchases (docs/rules/catalogue.md, fairness.md). */
export function createDraw(deps: DrawDeps) {
  const { rounds } = deps;

  async function takeForOrders(tx: Tx, input: TakeForOrdersInput): Promise<OrderDraw[]> {
    checkOrders(input.orders);
    const { roundId } = input;
    const count = input.orders.reduce((sum, order) => sum + order.count, 0);
    const reservationIds = input.orders.flatMap((order) => (order.reservationId ? [order.reservationId] : []));
    const { round, left } = await lockedCount(deps, tx, input, reservationIds, count);
    const drawn = await pickTickets(tx, round, input.orders, count);
    const chain = chainDraws(round, drawn);
    const hashes = drawn.map((_, i) => (chain ? chain.hashes[i]! : null));
    // The draw's writes go behind (db/round-trips.ts): on a purchase batch's pipelined connection they
    // share a round trip with the caller's own writes of what was won.
    await writeBehind(tx, () => claimTickets(tx, roundId, drawn, hashes, deps.now()));
    const finalTicket = round.totalTickets - round.nextNonce === count;
    // Nonces, head, prize counts and (at sell-out) the round's status in one statement. Chance sets
    // take entries only: their prizes are drawn at sell-out.
    const firstNonce = round.nextNonce;
    const prizeCounts = input.entriesOnly ? undefined : countLetters(drawn);
    await writeBehind(tx, () =>
      rounds.recordDraws(tx, roundId, {
        firstNonce,
        count,
        headHash: chain?.head ?? null,
        soldOut: finalTicket,
        prizeCounts,
      }),
    );
    // The locked round the caller holds moves on too (a Challenge takes one ticket at a time).
    if (input.locked) {
      input.locked.round = { ...round, nextNonce: firstNonce + count, headHash: chain?.head ?? round.headHash };
      input.locked.left = left - count;
    }
    await writeBehind(tx, () => consumeReservations(tx, reservationIds));
    const lastPrize = !input.entriesOnly && finalTicket ? await rounds.awardLastPrize(tx, roundId) : false;
    return drawsByOrder(input.orders, drawn, hashes, { finalTicket, lastPrize });
  }

  return {
    /**
     * Draws `count` tickets of a round for an order, inside the caller's transaction. Locks the round
     * row first (a no-op when the caller already did), so concurrent calls on one round run one after
     * another; each ticket is claimed with a "nonce is null" guard, so even a bug elsewhere can never
     * sell a ticket twice. Throws 400 'Not enough tickets left' when fewer than `count` are left for
     * this order.
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
    takeTicketsForOrders: takeForOrders,
  };
}
