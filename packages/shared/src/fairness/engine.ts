import { doubleChanceMessage, drawTicket, lotteryMessage, pickIndex } from './draw.ts';

/**
 * The draws of a round built on the primitives of draw.ts (docs/rules/fairness.md, promotions.md). The server uses
 * them to decide prizes; the fairness page and the tests use them to replay the public log.
 */

/** One ticket taken from the box. */
export interface DrawnTicket {
  nonce: number;
  clientSeed: string;
  ticketIndex: number;
  letter: string;
}

/** The untaken ticket indexes of a box of `size` tickets, ascending (a fresh round). */
export function fullRemaining(size: number): number[] {
  return Array.from({ length: size }, (_, i) => i);
}

/**
 * Takes `count` tickets for one purchase: the same clientSeed, nonces firstNonce, firstNonce + 1, ...
 * `remaining` is the ascending list of untaken indexes before the purchase.
 */
export function drawTickets(input: {
  serverSeed: string;
  box: readonly string[];
  clientSeed: string;
  firstNonce: number;
  remaining: readonly number[];
  count: number;
}): { drawn: DrawnTicket[]; remaining: number[] } {
  if (input.count > input.remaining.length) throw new Error('drawTickets: not enough tickets left');
  let remaining = [...input.remaining];
  const drawn: DrawnTicket[] = [];
  for (let i = 0; i < input.count; i++) {
    const nonce = input.firstNonce + i;
    const result = drawTicket(input.serverSeed, input.clientSeed, nonce, remaining);
    remaining = result.remaining;
    drawn.push({
      nonce,
      clientSeed: input.clientSeed,
      ticketIndex: result.ticketIndex,
      letter: input.box[result.ticketIndex]!,
    });
  }
  return { drawn, remaining };
}

/**
 * A Challenge order (docs/rules/promotions.md): its tickets are drawn one by one in nonce order; the first ticket whose
 * letter is `challengeLetter` wins and drawing stops. Undrawn tickets never get a nonce: they stay in
 * the pool and are refunded (`challengeRemainingTickets`). If the letter never comes, all are drawn.
 */
export function drawChallenge(input: {
  serverSeed: string;
  box: readonly string[];
  clientSeed: string;
  firstNonce: number;
  remaining: readonly number[];
  count: number;
  challengeLetter: string;
}): {
  drawn: DrawnTicket[];
  remaining: number[];
  challengeWon: boolean;
  ticketsToDraw: number;
  challengeRemainingTickets: number;
} {
  if (input.count > input.remaining.length) throw new Error('drawChallenge: not enough tickets left');
  let remaining = [...input.remaining];
  const drawn: DrawnTicket[] = [];
  let challengeWon = false;
  for (let i = 0; i < input.count && !challengeWon; i++) {
    const nonce = input.firstNonce + i;
    const result = drawTicket(input.serverSeed, input.clientSeed, nonce, remaining);
    remaining = result.remaining;
    const letter = input.box[result.ticketIndex]!;
    drawn.push({ nonce, clientSeed: input.clientSeed, ticketIndex: result.ticketIndex, letter });
    challengeWon = letter === input.challengeLetter;
  }
  return {
    drawn,
    remaining,
    challengeWon,
    ticketsToDraw: drawn.length,
    challengeRemainingTickets: input.count - drawn.length,
  };
}

/** A ticket-draw entry of the public log, as replay input. */
export interface TicketLogInput {
  nonce: number;
  clientSeed: string;
}

/**
 * Replays a round's ticket draws from the box: log entries in nonce order, each taking one ticket
 * from what is left. Returns, per entry (in nonce order), the ticket it must have taken.
 * Throws when the nonces are not 0, 1, 2 ... or the log holds more tickets than the box.
 */
export function replayTicketDraws(
  serverSeed: string,
  box: readonly string[],
  log: readonly TicketLogInput[],
): DrawnTicket[] {
  const ordered = [...log].sort((a, b) => a.nonce - b.nonce);
  if (ordered.length > box.length) throw new Error(`replay: ${ordered.length} ticket draws for a box of ${box.length}`);
  let remaining = fullRemaining(box.length);
  return ordered.map((entry, position) => {
    if (entry.nonce !== position) throw new Error(`replay: expected nonce ${position}, found ${entry.nonce}`);
    const result = drawTicket(serverSeed, entry.clientSeed, entry.nonce, remaining);
    remaining = result.remaining;
    return {
      nonce: entry.nonce,
      clientSeed: entry.clientSeed,
      ticketIndex: result.ticketIndex,
      letter: box[result.ticketIndex]!,
    };
  });
}

/** One pick of a lottery or double-chance draw: pick n gave `unit` to the entry `ticketIndex`. */
export interface PrizePick {
  n: number;
  ticketIndex: number;
  unit: string;
}

/**
 * Shared scheme of the sell-out draws: each prize unit in order takes one entry, with message
 * `message(n)`, from the entries not yet picked (k-th of them, in their given order).
 */
function drawUnits(
  serverSeed: string,
  entries: readonly number[],
  units: readonly string[],
  message: (n: number) => string,
): PrizePick[] {
  if (units.length > entries.length) throw new Error(`draw: ${units.length} prize units for ${entries.length} entries`);
  const open = [...entries];
  return units.map((unit, n) => {
    const k = pickIndex(serverSeed, message(n), open.length);
    const [ticketIndex] = open.splice(k, 1);
    return { n, ticketIndex: ticketIndex!, unit };
  });
}

/**
 * Chance (lottery) set at sell-out (docs/rules/promotions.md): `entries` are the sold tickets' indexes in nonce order,
 * `prizeUnits` the prize letters in order, one per unit (for a full round: the canonical box).
 * Pick n uses the message "lottery:" + n.
 */
export function drawLottery(
  serverSeed: string,
  entries: readonly number[],
  prizeUnits: readonly string[],
): PrizePick[] {
  return drawUnits(serverSeed, entries, prizeUnits, lotteryMessage);
}

/**
 * Double chance at sell-out (docs/rules/promotions.md): `tickets` are all the round's tickets (free ones included)
 * in nonce order, `units` the double-chance prizes in order, one per unit. Message "double:" + n.
 */
export function drawDoubleChance(
  serverSeed: string,
  tickets: readonly number[],
  units: readonly string[],
): PrizePick[] {
  return drawUnits(serverSeed, tickets, units, doubleChanceMessage);
}

/** Expands prizes with quantities to one unit per prize (labelled by rank), in the order given. */
export function prizeUnits(prizes: ReadonlyArray<{ rank: string; quantity: number }>): string[] {
  return prizes.flatMap(({ rank, quantity }) => Array<string>(quantity).fill(rank));
}

/** A buyer's public name in the draw log: first and last character around '***' ('david' → 'd***d'). */
export function maskBuyerName(username: string): string {
  const chars = [...username.trim()];
  if (chars.length === 0) return '***';
  if (chars.length === 1) return `${chars[0]}***`;
  return `${chars[0]}***${chars[chars.length - 1]}`;
}
