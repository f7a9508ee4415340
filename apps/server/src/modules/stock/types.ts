import type { Executor, Tx } from '../../db/database.ts';

/**
 * A round as the stock engine needs it: its counters, seed and chained-log head. The round belongs to
 * the catalogue module; stock names only the fields it reads (docs/architecture.md, "Module boundaries").
 */
export interface StockRound {
  id: string;
  status: 'open' | 'sold_out' | 'closed';
  serverSeed: string;
  totalTickets: number;
  nextNonce: number;
  headHash: string | null;
}

/**
 * The round operations a draw or a hold needs inside its transaction (docs/rules/fairness.md): the
 * round lock, the round rows, and recording draws on the round. The catalogue's rounds provide them;
 * the composition root hands them to stock when it builds it, so stock never imports the catalogue.
 */
export interface RoundLedger {
  lockRound(tx: Tx, roundId: string): Promise<StockRound>;
  findRounds(exec: Executor, ids: readonly string[]): Promise<StockRound[]>;
  recordDraws(
    tx: Tx,
    roundId: string,
    input: {
      firstNonce: number;
      count: number;
      headHash: string | null;
      soldOut: boolean;
      prizeCounts?: ReadonlyMap<string, number>;
    },
  ): Promise<void>;
  awardLastPrize(tx: Tx, roundId: string): Promise<boolean>;
  /** What the shop lists changed in this transaction (the listing's cache drops it at commit; `roundId`'s live board moves). */
  changed(exec: Executor, roundId?: string): void;
}

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
  locked?: { round: StockRound; left: number };
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

/** A hold of tickets for an unpaid card order (docs/rules/buying.md). */
export interface Reservation {
  id: string;
  roundId: string;
  orderId: string | null;
  userId: string;
  quantity: number;
  expiresAt: Date;
  status: 'active' | 'consumed' | 'released' | 'expired' | 'replaced';
  createdAt: Date;
}

export interface NewReservation {
  roundId: string;
  orderId: string | null;
  userId: string;
  quantity: number;
  expiresAt: Date;
}
