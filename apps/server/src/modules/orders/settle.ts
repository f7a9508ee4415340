import { and, eq, inArray, sql } from 'drizzle-orm';
import { LAST_RANK, sortPrizeRanks, type FairnessReceipt } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { Tx } from '../../db/database.ts';
import { badRequest } from '../../core/http-errors.ts';
import type { CatalogueService, RoundContext } from '../catalogue/service.ts';
import type { StockService, TakenTicket } from '../stock/service.ts';
import { NOT_ENOUGH_TICKETS } from '../stock/service.ts';
import type { FairnessService } from '../fairness/service.ts';
import type { WalletService } from '../wallet/service.ts';
import { shipByDateFor, type InventoryService, type InventorySource, type NewBatch } from '../inventory/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import { orders } from './tables.ts';
import { jsonRows } from '../../core/json-rows.ts';

export type OrderRow = typeof orders.$inferSelect;
/** A product's prizes as the catalogue lists them. */
export type ProductPrizes = Awaited<ReturnType<CatalogueService['prizesOfProduct']>>;
export type { RoundContext };

export interface SettleDeps {
  catalogue: CatalogueService;
  stock: StockService;
  fairness: FairnessService;
  wallet: WalletService;
  inventory: InventoryService;
  notifications: NotificationsService;
}

const countRanks = (ranks: readonly string[]) => {
  const counts = new Map<string, number>();
  for (const rank of ranks) counts.set(rank, (counts.get(rank) ?? 0) + 1);
  return counts;
};

/**
 * Decides an order's prizes when it is paid (docs/rules/fairness.md, promotions.md), inside the paying transaction: takes its
 * tickets from the box (a Challenge stops at its letter and refunds the rest as tokens; a chance set
 * takes entries only), gives the Last Prize to the final ticket, puts the prizes in the winner's
 * inventory and, when the round sells out, runs the lottery and double-chance draws.
 */
export function createSettlement(ctx: AppContext, deps: SettleDeps) {
  const { catalogue, stock, fairness, wallet, inventory, notifications } = deps;

  /**
   * Inventory batches for ranks won by orders of one product, one per order and prize, in one insert.
   * `knownPrizes`: the product's prizes when the caller already read them (before a lock).
   */
  async function addPrizeBatches(
    tx: Tx,
    sku: string,
    wins: ReadonlyArray<{ order: OrderRow; ranks: readonly string[] }>,
    source: (rank: string) => InventorySource,
    knownPrizes?: ProductPrizes,
  ) {
    const winning = wins.filter((w) => w.ranks.length > 0);
    if (winning.length === 0) return;
    const productId = winning[0]!.order.productId;
    const prizeOf = new Map((knownPrizes ?? (await catalogue.prizesOfProduct(productId, tx))).map((p) => [p.letter, p]));
    const batches: NewBatch[] = [];
    for (const { order, ranks } of winning) {
      for (const [rank, quantity] of countRanks(ranks)) {
        const prize = prizeOf.get(rank);
        if (!prize) throw new Error(`Order ${order.id}: prize ${rank} missing from product ${order.productId}`);
        batches.push({
          userId: order.userId,
          prizeId: prize.id,
          productId: order.productId,
          roundId: order.roundId,
          orderId: order.id,
          quantity,
          shipByDate: shipByDateFor(order.createdAt, order.preorder),
          sku,
          source: source(rank),
        });
      }
    }
    await inventory.addBatches(tx, batches);
  }

  /** Sends an order's fairness receipt (docs/rules/fairness.md) to its buyer, in the caller's transaction. */
  async function sendReceipt(tx: Tx, order: OrderRow, intro: string, known?: FairnessReceipt | null): Promise<void> {
    const receipt = known !== undefined ? known : await fairness.receiptForOrder(order.id, tx);
    if (receipt) await notifications.notify(tx, [order.userId], intro, { receipt });
  }

  /** The lottery (chance sets) and double-chance draws of a round that just sold out. */
  async function settleSellOut(tx: Tx, rc: RoundContext): Promise<void> {
    const { product, round } = rc;
    const roundOrders = await tx.select().from(orders).where(and(eq(orders.roundId, round.id), eq(orders.status, 'paid')));
    const byId = new Map(roundOrders.map((o) => [o.id, o]));

    if (product.lotteryEnabled) {
      const picks = await fairness.drawSellOut(tx, round.id, 'lottery');
      const won = new Map<string, string[]>();
      for (const pick of picks) {
        if (pick.orderId && byId.has(pick.orderId)) won.set(pick.orderId, [...(won.get(pick.orderId) ?? []), pick.prize]);
      }
      await catalogue.decrementPrizes(tx, round.id, countRanks(picks.map((p) => p.prize)));
      await catalogue.markLotteryCompleted(tx, round.id, true);
      const wonByUser = new Map<string, string[]>();
      for (const order of roundOrders) {
        const letters = won.get(order.id) ?? [];
        const selectedPrizes = sortPrizeRanks([...letters, ...order.selectedPrizes]);
        await tx.update(orders).set({ selectedPrizes, lotteryWon: letters.length > 0 }).where(eq(orders.id, order.id));
        await addPrizeBatches(tx, round.sku, [{ order, ranks: letters }], () => 'lottery');
        wonByUser.set(order.userId, [...(wonByUser.get(order.userId) ?? []), ...letters]);
      }
      // One result per participant (over all their orders), in-app and by e-mail (docs/rules/promotions.md).
      const usersByMessage = new Map<string, { userIds: string[]; subject: string }>();
      for (const [userId, letters] of wonByUser) {
        const [message, subject] =
          letters.length > 0
            ? [`Congratulations! You won ${describeRanks(letters)} in the ${product.name} lottery.`, `You won in the ${product.name} lottery`]
            : [`The ${product.name} lottery has been drawn. Unfortunately you did not win this time.`, `${product.name} lottery results`];
        const entry = usersByMessage.get(message) ?? { userIds: [], subject };
        entry.userIds.push(userId);
        usersByMessage.set(message, entry);
      }
      for (const [message, { userIds, subject }] of usersByMessage) {
        await notifications.notify(tx, userIds, message, { email: { subject } });
      }
      // Winners get a receipt that now includes their lottery picks.
      for (const orderId of won.keys()) await sendReceipt(tx, byId.get(orderId)!, `Your ${product.name} prize win is in the draw log.`);
    }

    if (product.doubleChance) {
      const picks = await fairness.drawSellOut(tx, round.id, 'double');
      if (picks.length > 0) {
        await catalogue.decrementPrizes(tx, round.id, countRanks(picks.map((p) => p.prize)));
        const won = new Map<string, string[]>();
        for (const pick of picks) {
          if (pick.orderId && byId.has(pick.orderId)) won.set(pick.orderId, [...(won.get(pick.orderId) ?? []), pick.prize]);
        }
        const names = new Map((await catalogue.prizesOfProduct(product.id, tx)).map((p) => [p.letter, p.name]));
        const wonByUser = new Map<string, string[]>();
        for (const [orderId, ranks] of won) {
          const order = byId.get(orderId)!;
          await tx.update(orders).set({ doubleChancePrizes: ranks }).where(eq(orders.id, orderId));
          await addPrizeBatches(tx, round.sku, [{ order, ranks }], () => 'double');
          wonByUser.set(order.userId, [...(wonByUser.get(order.userId) ?? []), ...ranks]);
        }
        for (const [userId, ranks] of wonByUser) {
          const prizesText = [...countRanks(ranks)].map(([rank, n]) => `${names.get(rank) ?? rank} x${n}`).join(', ');
          await notifications.notify(tx, [userId], `Double Chance! You won ${prizesText} from ${product.name}.`, {
            email: { subject: `Double Chance win: ${product.name}` },
          });
        }
        for (const orderId of won.keys()) await sendReceipt(tx, byId.get(orderId)!, `Your ${product.name} Double Chance win is in the draw log.`);
      }
    }
  }

  /**
   * Takes the tickets of several paid orders of one round in a row (a batch of purchases,
   * docs/performance.md), as successive `decide` calls would: the same draws, prizes, inventory,
   * receipts and sell-out. One statement per table. Not for a Challenge (it draws one ticket at a time).
   */
  async function decideOrders(
    tx: Tx,
    items: ReadonlyArray<{ order: OrderRow; count: number; reservationId?: string }>,
    rc: RoundContext,
    locked?: { round: RoundContext['round']; left: number },
    knownPrizes?: ProductPrizes,
  ): Promise<OrderRow[]> {
    const { product, promotion, round } = rc;
    if (promotion?.type === 'CHALLENGE' && !product.lotteryEnabled) throw new Error('decideOrders: a Challenge is decided one order at a time');
    if (items.length === 0) return [];
    // Chance sets take entries only: prizes are drawn at sell-out; the Last Prize still goes to the final ticket.
    const draws = await stock.takeTicketsForOrders(tx, {
      roundId: round.id,
      entriesOnly: product.lotteryEnabled,
      locked,
      orders: items.map(({ order, count, reservationId }) => ({ orderId: order.id, clientSeed: order.clientSeed, count, reservationId })),
    });
    const drawnAt = ctx.clock.now();
    const decided: OrderRow[] = [];
    let soldOut = false;
    for (const [i, { order, count }] of items.entries()) {
      const draw = draws[i]!;
      const selected = product.lotteryEnabled ? [] : draw.tickets.map((t) => t.letter);
      const lastPrize = product.lotteryEnabled ? draw.finalTicket && (await catalogue.awardLastPrize(tx, round.id)) : draw.lastPrize;
      if (lastPrize) selected.push(LAST_RANK);
      soldOut ||= draw.finalTicket;
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
    // The order becomes paid in this same statement, after its reserved tickets were taken: the lock
    // order round → reservation → orders (docs/architecture.md).
    const values = jsonRows(
      decided.map((o) => ({ id: o.id, n: o.numberOfTickets, selected: o.selectedPrizes, lottery_won: o.lotteryWon, paid_at: o.paidAt?.toISOString() ?? null })),
    );
    const updated = (await tx.execute(sql`
      update ${orders} o set status = 'paid', paid_at = coalesce(v.paid_at, ${drawnAt.toISOString()}::timestamptz),
        number_of_tickets = v.n, selected_prizes = v.selected, challenge_alphabet = null, challenge_won = false,
        challenge_remaining_tickets = 0, refunded_tokens = 0, lottery_won = v.lottery_won, drawn_at = ${drawnAt.toISOString()}::timestamptz
      from json_to_recordset(${values}) as v(id uuid, n int, selected jsonb, lottery_won boolean, paid_at timestamptz)
      where o.id = v.id
      returning o.id`)) as unknown as { rows: unknown[] };
    if (updated.rows.length !== decided.length) throw new Error('decideOrders: an order row is missing');
    await addPrizeBatches(
      tx,
      round.sku,
      decided.map((order) => ({ order, ranks: order.selectedPrizes })),
      (rank) => (rank === LAST_RANK ? 'last' : 'draw'),
      knownPrizes,
    );
    // Each purchase notice carries the order's receipt: its entries in the chained log, built from
    // the draws just made (the order has no lottery picks yet): no need to read them back.
    const notices = decided.flatMap((order, i) => {
      const receipt = receiptOfDraws(round.id, draws[i]!.tickets);
      return receipt ? [{ userId: order.userId, message: purchaseIntro(product.name, order.numberOfTickets), receipt }] : [];
    });
    await notifications.notifyEach(tx, notices);
    if (!soldOut) return decided;
    await settleSellOut(tx, rc);
    // The sell-out draws may have added prizes to these orders.
    const fresh = new Map((await tx.select().from(orders).where(inArray(orders.id, decided.map((o) => o.id)))).map((o) => [o.id, o]));
    return decided.map((o) => fresh.get(o.id)!);
  }

  return {
    settleSellOut,

    /**
     * Takes `count` tickets for an order being paid and records what it won (status paid, from
     * `order.paidAt`). The order row must exist. Throws 400 'Not enough tickets left' when the box cannot serve it.
     */
    async decide(
      tx: Tx,
      order: OrderRow,
      rc: RoundContext,
      count: number,
      reservationId?: string,
      locked?: { round: RoundContext['round']; left: number },
    ): Promise<OrderRow> {
      const { product, promotion, round } = rc;
      const base = { roundId: round.id, clientSeed: order.clientSeed, orderId: order.id, locked };
      const taken: TakenTicket[] = [];
      let lastPrize = false;
      let finalTicket = false;
      let challenge = { won: false, remaining: 0, refund: 0 };

      if (product.lotteryEnabled || promotion?.type !== 'CHALLENGE') {
        const [decided] = await decideOrders(tx, [{ order, count, reservationId }], rc, locked);
        return decided!;
      }
      // A Challenge: one ticket at a time in nonce order (drawChallenge's semantics), stop at the letter.
      const left = locked?.left ?? (await stock.availabilityOf(tx, round.id, reservationId)).left;
      if (left < count) throw badRequest(NOT_ENOUGH_TICKETS, { ticketsLeft: left });
      const letter = promotion.details.challengeAlphabet;
      const selected: string[] = [];
      for (let i = 0; i < count && !challenge.won; i++) {
        const one = await stock.takeTickets(tx, { ...base, count: 1, reservationId: i === 0 ? reservationId : undefined });
        const ticket = one.tickets[0]!;
        taken.push(ticket);
        selected.push(ticket.letter);
        lastPrize ||= one.lastPrize;
        finalTicket ||= one.finalTicket;
        challenge.won = ticket.letter === letter;
      }
      const drawnCount = selected.length;
      const remaining = count - drawnCount;
      challenge = { ...challenge, remaining, refund: remaining * product.tokenPrice };
      if (challenge.refund > 0) {
        await wallet.credit(tx, { userId: order.userId, amount: challenge.refund, source: 'refund', reference: order.id });
        await notifications.notify(tx, [order.userId], challengeRefundMessage(product.name, remaining, challenge.refund));
      }
      if (lastPrize) selected.push(LAST_RANK);

      const [updated] = await tx
        .update(orders)
        .set({
          status: 'paid',
          paidAt: order.paidAt ?? ctx.clock.now(),
          numberOfTickets: drawnCount,
          selectedPrizes: selected,
          challengeAlphabet: letter,
          challengeWon: challenge.won,
          challengeRemainingTickets: challenge.remaining,
          refundedTokens: challenge.refund,
          drawnAt: ctx.clock.now(),
        })
        .where(eq(orders.id, order.id))
        .returning();
      await addPrizeBatches(tx, round.sku, [{ order: updated!, ranks: selected }], (rank) => (rank === LAST_RANK ? 'last' : 'draw'));
      await sendReceipt(tx, updated!, purchaseIntro(product.name, drawnCount), receiptOfDraws(round.id, taken));
      if (!finalTicket) return updated!;
      await settleSellOut(tx, rc);
      // The sell-out draws may have added prizes to this order.
      const [fresh] = await tx.select().from(orders).where(inArray(orders.id, [order.id]));
      return fresh!;
    },

    decideOrders,
  };
}
export type Settlement = ReturnType<typeof createSettlement>;

/** An order's receipt from its ticket draws (as fairness.receiptForOrder reads it back); null when any has no hash. */
function receiptOfDraws(setId: string, taken: readonly TakenTicket[]): FairnessReceipt | null {
  if (taken.length === 0 || taken.some((t) => t.hash === null)) return null;
  const entries = [...taken].sort((a, b) => a.nonce - b.nonce).map((t) => ({ domain: 'ticket' as const, nonce: t.nonce, hash: t.hash! }));
  return { setId, entries, headHash: entries.at(-1)!.hash };
}

/** The intro of a purchase notice (before its receipt). */
const purchaseIntro = (setName: string, tickets: number) => `Your ${setName} order is in the draw log (${tickets} ${tickets === 1 ? 'ticket' : 'tickets'}).`;

/**
 * The Challenge refund notice. It names no prize: the draw page reveals the tickets one by one, and
 * the bell must not spoil which letter stopped the Challenge.
 */
export function challengeRefundMessage(setName: string, undrawn: number, refund: number): string {
  const tickets = undrawn === 1 ? '1 undrawn ticket was' : `${undrawn} undrawn tickets were`;
  return `Your ${setName} Challenge ended early: ${tickets} refunded as ${refund} ${refund === 1 ? 'token' : 'tokens'}.`;
}

/** 'Prize A x1, Prize C x2' for a notification. */
function describeRanks(ranks: readonly string[]): string {
  return [...countRanks(sortPrizeRanks(ranks))].map(([rank, n]) => `${rank === LAST_RANK ? 'Last Prize' : `Prize ${rank}`} x${n}`).join(', ');
}
