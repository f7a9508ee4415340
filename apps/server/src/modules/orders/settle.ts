import { eq, inArray, sql } from 'drizzle-orm';
import { LAST_RANK, type FairnessReceipt } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { Tx } from '../../db/database.ts';
import { badRequest } from '../../core/http-errors.ts';
import type { OrderDraw, TakenTicket } from '../stock/service.ts';
import { NOT_ENOUGH_TICKETS } from '../stock/service.ts';
import { orders } from './tables.ts';
import { jsonRows } from '../../core/json-rows.ts';
import { checkInStatement, settleWritesBehind, writeBehind } from '../../db/round-trips.ts';
import {
  addPrizeBatches,
  sendReceipt,
  type OrderRow,
  type ProductPrizes,
  type RoundContext,
  type SettleDeps,
  type SettleEnv,
} from './prizes-won.ts';
import { settleSellOut } from './sell-out.ts';
import { mailReceipts, prizeLines, queueReceiptMails } from './receipt-mails.ts';

export type { OrderRow, ProductPrizes, RoundContext, SettleDeps } from './prizes-won.ts';

type LockedRound = { round: RoundContext['round']; left: number };
type DecideItem = { order: OrderRow; count: number; reservationId?: string };

/**
 * Takes the tickets of several paid orders of one round in a row (a batch of purchases,
 * docs/performance.md), as successive `decide` calls would: the same draws, prizes, inventory,
 * receipts and sell-out. One statement per table. Not for a Challenge (it draws one ticket at a time).
 */
async function decideOrders(
  tx: Tx,
  s: SettleEnv,
  items: ReadonlyArray<DecideItem>,
  rc: RoundContext,
  locked?: LockedRound,
  knownPrizes?: ProductPrizes,
): Promise<OrderRow[]> {
  const { product, promotion, round } = rc;
  if (promotion?.type === 'CHALLENGE' && !product.lotteryEnabled)
    throw new Error('decideOrders: a Challenge is decided one order at a time');
  if (items.length === 0) return [];
  // The receipt mails' recipients are read first: on a purchase batch's pipelined connection the read
  // shares the draw's round trip, and the mails' insert then goes out with the commit (db/round-trips.ts).
  const recipients = s.deps.notifications.receiptRecipients(
    tx,
    items.map(({ order }) => order.userId),
  );
  recipients.catch(() => {});
  // Chance sets take entries only: prizes are drawn at sell-out; the Last Prize still goes to the final ticket.
  const draws = await s.deps.stock.takeTicketsForOrders(tx, {
    roundId: round.id,
    entriesOnly: product.lotteryEnabled,
    locked,
    orders: items.map(({ order, count, reservationId }) => ({
      orderId: order.id,
      clientSeed: order.clientSeed,
      count,
      reservationId,
    })),
  });
  const drawnAt = s.ctx.clock.now();
  const decided = await decidedRows(tx, s, items, draws, rc, drawnAt);
  const prizes = knownPrizes ?? (await s.deps.catalogue.prizesOfProduct(tx, product.id));
  // Each purchase notice carries the order's receipt: its entries in the chained log, built from
  // the draws just made (the order has no lottery picks yet): no need to read them back.
  const receipts = decided.map((order, i) => receiptOfDraws(round.id, draws[i]!.tickets));
  const notices = decided.flatMap((order, i) => {
    const receipt = receipts[i];
    return receipt
      ? [{ userId: order.userId, message: purchaseIntro(product.name, order.numberOfTickets), receipt }]
      : [];
  });
  // What was won is written behind the draw's own writes (db/round-trips.ts): on a purchase batch's
  // pipelined connection they all share one round trip with the commit. One queue row per receipt
  // mail, rendered after commit.
  const mailer = await recipients;
  const mails = decided.map((order, i) => ({
    order,
    stage: 'purchase' as const,
    prizes: prizeLines(order.selectedPrizes, prizes),
    receipt: receipts[i] ?? null,
  }));
  await writeBehind(tx, () => queueReceiptMails(tx, mailer, mails));
  await writeBehind(tx, () => markDecidedPaid(tx, decided, drawnAt));
  const wins = decided.map((order) => ({ order, ranks: order.selectedPrizes }));
  const source = (rank: string) => (rank === LAST_RANK ? 'last' : 'draw');
  await writeBehind(tx, () => addPrizeBatches(tx, s, round.sku, wins, source, prizes));
  await writeBehind(tx, () => s.deps.notifications.notifyEach(tx, notices));
  if (!draws.some((draw) => draw.finalTicket)) return decided;
  // The sell-out reads what was just written (still on its way on a pipelined connection).
  await settleWritesBehind(tx);
  await settleSellOut(tx, s, rc);
  // The sell-out draws may have added prizes to these orders.
  return readBack(tx, decided);
}

/** The orders of a batch as their draws decide them (not yet written): tickets drawn, prizes won. */
async function decidedRows(
  tx: Tx,
  s: SettleEnv,
  items: ReadonlyArray<DecideItem>,
  draws: readonly OrderDraw[],
  { product, round }: RoundContext,
  drawnAt: Date,
): Promise<OrderRow[]> {
  const decided: OrderRow[] = [];
  for (const [i, { order, count }] of items.entries()) {
    const draw = draws[i]!;
    const selected = product.lotteryEnabled ? [] : draw.tickets.map((t) => t.letter);
    const lastPrize = product.lotteryEnabled
      ? draw.finalTicket && (await s.deps.catalogue.awardLastPrize(tx, round.id))
      : draw.lastPrize;
    if (lastPrize) selected.push(LAST_RANK);
    decided.push({
      ...order,
      numberOfTickets: count,
      selectedPrizes: selected,
      challengeAlphabet: null,
      challengeWon: false,
      challengeRemainingTickets: 0,
      refundedTokens: 0,
      lotteryWon: product.lotteryEnabled ? null : order.lotteryWon,
      drawnAt,
    });
  }
  return decided;
}

/** Writes a decided batch: each order becomes paid with what it drew, in one statement. */
async function markDecidedPaid(tx: Tx, decided: readonly OrderRow[], drawnAt: Date): Promise<void> {
  // The order becomes paid in this same statement, after its reserved tickets were taken: the lock
  // order round → reservation → orders (docs/architecture.md).
  const values = jsonRows(
    decided.map((o) => ({
      id: o.id,
      n: o.numberOfTickets,
      selected: o.selectedPrizes,
      lottery_won: o.lotteryWon,
      paid_at: o.paidAt?.toISOString() ?? null,
    })),
  );
  // The count is checked in the statement: a purchase batch sends it behind (db/round-trips.ts).
  const allPaid = sql`(select count(*) from paid) = ${decided.length}`;
  await tx.execute(sql`
    with paid as (
      update ${orders} o set status = 'paid', paid_at = coalesce(v.paid_at, ${drawnAt.toISOString()}::timestamptz),
        number_of_tickets = v.n, selected_prizes = v.selected, challenge_alphabet = null, challenge_won = false,
        challenge_remaining_tickets = 0, refunded_tokens = 0, lottery_won = v.lottery_won, drawn_at = ${drawnAt.toISOString()}::timestamptz
      from json_to_recordset(${values}) as v(id uuid, n int, selected jsonb, lottery_won boolean, paid_at timestamptz)
      where o.id = v.id
      returning o.id
    )
    select ${checkInStatement(allPaid, 'decideOrders: an order row is missing')}`);
}

/** The orders as they now are, in the given order (after a sell-out added prizes to them). */
async function readBack(tx: Tx, decided: readonly OrderRow[]): Promise<OrderRow[]> {
  const fresh = new Map(
    (
      await tx
        .select()
        .from(orders)
        .where(
          inArray(
            orders.id,
            decided.map((o) => o.id),
          ),
        )
    ).map((o) => [o.id, o]),
  );
  return decided.map((o) => fresh.get(o.id)!);
}

/**
 * Takes `count` tickets for an order being paid and records what it won (status paid, from
 * `order.paidAt`). The order row must exist. Throws 400 'Not enough tickets left' when the box cannot serve it.
 */
async function decide(
  tx: Tx,
  s: SettleEnv,
  order: OrderRow,
  rc: RoundContext,
  count: number,
  reservationId?: string,
  locked?: LockedRound,
): Promise<OrderRow> {
  const { product, promotion, round } = rc;
  if (product.lotteryEnabled || promotion?.type !== 'CHALLENGE') {
    const [decided] = await decideOrders(tx, s, [{ order, count, reservationId }], rc, locked);
    return decided!;
  }
  const letter = promotion.details.challengeAlphabet;
  const challenge = await drawChallenge(tx, s, { order, count, reservationId }, rc, letter, locked);
  const { taken, selected, won, finalTicket } = challenge;
  const drawnCount = taken.length;
  const remaining = count - drawnCount;
  const refund = remaining * product.tokenPrice;
  if (refund > 0) await refundUndrawn(tx, s, order, product.name, remaining, refund);

  const [updated] = await tx
    .update(orders)
    .set({
      status: 'paid',
      paidAt: order.paidAt ?? s.ctx.clock.now(),
      numberOfTickets: drawnCount,
      selectedPrizes: selected,
      challengeAlphabet: letter,
      challengeWon: won,
      challengeRemainingTickets: remaining,
      refundedTokens: refund,
      drawnAt: s.ctx.clock.now(),
    })
    .where(eq(orders.id, order.id))
    .returning();
  const productPrizes = await s.deps.catalogue.prizesOfProduct(tx, product.id);
  await addPrizeBatches(
    tx,
    s,
    round.sku,
    [{ order: updated!, ranks: selected }],
    (rank) => (rank === LAST_RANK ? 'last' : 'draw'),
    productPrizes,
  );
  const receipt = receiptOfDraws(round.id, taken);
  await sendReceipt(tx, s, updated!, purchaseIntro(product.name, drawnCount), receipt);
  const prizes = prizeLines(selected, productPrizes);
  await mailReceipts(tx, s, [{ order: updated!, stage: 'purchase', prizes, receipt }]);
  if (!finalTicket) return updated!;
  await settleSellOut(tx, s, rc);
  // The sell-out draws may have added prizes to this order.
  const [fresh] = await readBack(tx, [order]);
  return fresh!;
}

/**
 * A Challenge's draw (docs/rules/promotions.md): one ticket at a time in nonce order (drawChallenge's
 * semantics), stopping at the letter. `selected` ends with the Last Prize when the order won it.
 */
async function drawChallenge(
  tx: Tx,
  s: SettleEnv,
  { order, count, reservationId }: DecideItem,
  { round }: RoundContext,
  letter: string,
  locked?: LockedRound,
): Promise<{ taken: TakenTicket[]; selected: string[]; won: boolean; finalTicket: boolean }> {
  const left = locked?.left ?? (await s.deps.stock.availabilityOf(tx, round.id, reservationId)).left;
  if (left < count) throw badRequest(NOT_ENOUGH_TICKETS, { ticketsLeft: left });
  const base = { roundId: round.id, clientSeed: order.clientSeed, orderId: order.id, locked };
  const taken: TakenTicket[] = [];
  const selected: string[] = [];
  let lastPrize = false;
  let finalTicket = false;
  let won = false;
  for (let i = 0; i < count && !won; i++) {
    const one = await s.deps.stock.takeTickets(tx, {
      ...base,
      count: 1,
      reservationId: i === 0 ? reservationId : undefined,
    });
    const ticket = one.tickets[0]!;
    taken.push(ticket);
    selected.push(ticket.letter);
    lastPrize ||= one.lastPrize;
    finalTicket ||= one.finalTicket;
    won = ticket.letter === letter;
  }
  if (lastPrize) selected.push(LAST_RANK);
  return { taken, selected, won, finalTicket };
}

/** Gives back, as tokens, the tickets a Challenge left undrawn, and tells the shopper. */
async function refundUndrawn(
  tx: Tx,
  s: SettleEnv,
  order: OrderRow,
  setName: string,
  remaining: number,
  refund: number,
): Promise<void> {
  await s.deps.wallet.credit(tx, { userId: order.userId, amount: refund, source: 'refund', reference: order.id });
  await s.deps.notifications.notify(tx, [order.userId], challengeRefundMessage(setName, remaining, refund));
}

/**
 * Decides an order's prizes when it is paid (docs/rules/fairness.md, promotions.md), inside the paying transaction: takes its
 * tickets from the box (a Challenge stops at its letter and refunds the rest as tokens; a chance set
 * takes entries only), gives the Last Prize to the final ticket, puts the prizes in the winner's
 * inventory and, when the round sells out, runs the lottery and double-chance draws (sell-out.ts).
 */
export function createSettlement(ctx: AppContext, deps: SettleDeps) {
  const s: SettleEnv = { ctx, deps };
  return {
    settleSellOut: (tx: Tx, rc: RoundContext) => settleSellOut(tx, s, rc),
    decide: (tx: Tx, order: OrderRow, rc: RoundContext, count: number, reservationId?: string, locked?: LockedRound) =>
      decide(tx, s, order, rc, count, reservationId, locked),
    decideOrders: (
      tx: Tx,
      items: ReadonlyArray<DecideItem>,
      rc: RoundContext,
      locked?: LockedRound,
      knownPrizes?: ProductPrizes,
    ) => decideOrders(tx, s, items, rc, locked, knownPrizes),
  };
}
export type Settlement = ReturnType<typeof createSettlement>;

/** An order's receipt from its ticket draws (as fairness.receiptForOrder reads it back); null when any has no hash. */
function receiptOfDraws(setId: string, taken: readonly TakenTicket[]): FairnessReceipt | null {
  if (taken.length === 0 || taken.some((t) => t.hash === null)) return null;
  const entries = [...taken]
    .sort((a, b) => a.nonce - b.nonce)
    .map((t) => ({ domain: 'ticket' as const, nonce: t.nonce, hash: t.hash! }));
  return { setId, entries, headHash: entries.at(-1)!.hash };
}

/** The intro of a purchase notice (before its receipt). */
const purchaseIntro = (setName: string, tickets: number) =>
  `Your ${setName} order is in the draw log (${tickets} ${tickets === 1 ? 'ticket' : 'tickets'}).`;

/**
 * The Challenge refund notice. It names no prize: the draw page reveals the tickets one by one, and
 * the bell must not spoil which letter stopped the Challenge.
 */
export function challengeRefundMessage(setName: string, undrawn: number, refund: number): string {
  const tickets = undrawn === 1 ? '1 undrawn ticket was' : `${undrawn} undrawn tickets were`;
  return `Your ${setName} Challenge ended early: ${tickets} refunded as ${refund} ${refund === 1 ? 'token' : 'tokens'}.`;
}
