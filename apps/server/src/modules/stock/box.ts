import { and, asc, count, eq, gte, isNotNull } from 'drizzle-orm';
import { canonicalBox } from '@kujiya/shared';
import type { Executor, Tx } from '../../db/database.ts';
import { tickets } from './tables.ts';
import type { DrawLogEntry, DrawnTicket, OrderChainEntry } from './types.ts';

const INSERT_CHUNK = 500;

/** Fills a new round's box: ticket i gets the letter canonicalBox gives it (docs/rules/fairness.md). */
export async function createBox(
  tx: Tx,
  roundId: string,
  letterQuantities: ReadonlyArray<{ letter: string; quantity: number }>,
) {
  const box = canonicalBox(letterQuantities);
  const rows = box.map((letter, ticketIndex) => ({ roundId, ticketIndex, letter }));
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await tx.insert(tickets).values(rows.slice(i, i + INSERT_CHUNK));
  }
  return box.length;
}

/** The tickets an order drew, in nonce order. */
export async function ticketsOfOrder(exec: Executor, orderId: string): Promise<DrawnTicket[]> {
  const rows = await exec
    .select({ nonce: tickets.nonce, ticketIndex: tickets.ticketIndex, letter: tickets.letter })
    .from(tickets)
    .where(eq(tickets.orderId, orderId))
    .orderBy(asc(tickets.nonce));
  return rows.map((r) => ({ ...r, nonce: r.nonce! }));
}

/** The round's draw log in nonce order (docs/rules/fairness.md): what a fairness page replays. */
export async function drawLog(exec: Executor, roundId: string): Promise<DrawLogEntry[]> {
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
}

/** An order's ticket entries in the chained log, in nonce order (its receipt's ticket part). */
export async function chainEntriesOfOrder(exec: Executor, orderId: string): Promise<OrderChainEntry[]> {
  const rows = await exec
    .select({ roundId: tickets.roundId, nonce: tickets.nonce, hash: tickets.hash })
    .from(tickets)
    .where(and(eq(tickets.orderId, orderId), isNotNull(tickets.nonce)))
    .orderBy(asc(tickets.nonce));
  return rows.map((r) => ({ roundId: r.roundId, nonce: r.nonce!, hash: r.hash }));
}

/** The round's box in canonical order (ticket i's letter), for verification. */
export async function box(exec: Executor, roundId: string): Promise<string[]> {
  const rows = await exec
    .select({ letter: tickets.letter })
    .from(tickets)
    .where(eq(tickets.roundId, roundId))
    .orderBy(asc(tickets.ticketIndex));
  return rows.map((r) => r.letter);
}

/** How many of the round's tickets were taken at or after `since` (the drop monitor's sales rate). */
export async function ticketsTakenSince(exec: Executor, roundId: string, since: Date): Promise<number> {
  const [row] = await exec
    .select({ n: count() })
    .from(tickets)
    .where(and(eq(tickets.roundId, roundId), gte(tickets.takenAt, since)));
  return row?.n ?? 0;
}
