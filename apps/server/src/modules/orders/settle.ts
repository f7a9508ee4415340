import { and, eq, inArray } from 'drizzle-orm';
import { LAST_RANK, receiptNotice, sortPrizeRanks } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { Tx } from '../../db/database.ts';
import { badRequest } from '../../core/http-errors.ts';
import type { CatalogueService, RoundContext } from '../catalogue/service.ts';
import type { StockService } from '../stock/service.ts';
import { NOT_ENOUGH_TICKETS } from '../stock/service.ts';
import type { FairnessService } from '../fairness/service.ts';
import type { WalletService } from '../wallet/service.ts';
import { shipByDateFor, type InventoryService, type InventorySource, type NewBatch } from '../inventory/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import { orders } from './tables.ts';

export type OrderRow = typeof orders.$inferSelect;
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

  /** Inventory batches for ranks won by an order, one per prize. */
  async function addPrizeBatches(tx: Tx, order: OrderRow, sku: string, ranks: readonly string[], source: (rank: string) => InventorySource) {
    if (ranks.length === 0) return;
    const prizeOf = new Map((await catalogue.prizesOfProduct(order.productId, tx)).map((p) => [p.letter, p]));
    const batches: NewBatch[] = [];
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
    await inventory.addBatches(tx, batches);
  }

  /** Sends an order's fairness receipt (docs/rules/fairness.md) to its buyer, in the caller's transaction. */
  async function sendReceipt(tx: Tx, order: OrderRow, intro: string): Promise<void> {
    const receipt = await fairness.receiptForOrder(order.id, tx);
    if (receipt) await notifications.notify(tx, [order.userId], receiptNotice(intro, receipt));
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
        await addPrizeBatches(tx, order, round.sku, letters, () => 'lottery');
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
          await addPrizeBatches(tx, order, round.sku, ranks, () => 'double');
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

  return {
    settleSellOut,

    /**
     * Takes `count` tickets for a paid order and records what it won. The order row must exist
     * (status paid). Throws 400 'Not enough tickets left' when the box cannot serve it.
     */
    async decide(tx: Tx, order: OrderRow, rc: RoundContext, count: number, reservationId?: string): Promise<OrderRow> {
      const { product, promotion, round } = rc;
      const base = { roundId: round.id, clientSeed: order.clientSeed, orderId: order.id };
      let selected: string[];
      let lastPrize = false;
      let finalTicket = false;
      let drawnCount = count;
      let challenge = { won: false, remaining: 0, refund: 0 };

      if (product.lotteryEnabled) {
        // Entries only: prizes are drawn at sell-out; the Last Prize still goes to the final ticket.
        const taken = await stock.takeTickets(tx, { ...base, count, reservationId, entriesOnly: true });
        finalTicket = taken.finalTicket;
        if (finalTicket) lastPrize = await catalogue.awardLastPrize(tx, round.id);
        selected = [];
      } else if (promotion?.type === 'CHALLENGE') {
        const { left } = await stock.availabilityOf(tx, round.id, reservationId);
        if (left < count) throw badRequest(NOT_ENOUGH_TICKETS, { ticketsLeft: left });
        const letter = promotion.details.challengeAlphabet;
        selected = [];
        // One ticket at a time in nonce order (drawChallenge's semantics): stop at the letter.
        for (let i = 0; i < count && !challenge.won; i++) {
          const taken = await stock.takeTickets(tx, { ...base, count: 1, reservationId: i === 0 ? reservationId : undefined });
          const ticket = taken.tickets[0]!;
          selected.push(ticket.letter);
          lastPrize ||= taken.lastPrize;
          finalTicket ||= taken.finalTicket;
          challenge.won = ticket.letter === letter;
        }
        drawnCount = selected.length;
        const remaining = count - drawnCount;
        challenge = { ...challenge, remaining, refund: remaining * product.tokenPrice };
        if (challenge.refund > 0) {
          await wallet.credit(tx, { userId: order.userId, amount: challenge.refund, source: 'refund', reference: order.id });
          await notifications.notify(tx, [order.userId], challengeRefundMessage(product.name, remaining, challenge.refund));
        }
      } else {
        const taken = await stock.takeTickets(tx, { ...base, count, reservationId });
        selected = taken.tickets.map((t) => t.letter);
        lastPrize = taken.lastPrize;
        finalTicket = taken.finalTicket;
      }
      if (lastPrize) selected.push(LAST_RANK);

      const [updated] = await tx
        .update(orders)
        .set({
          numberOfTickets: drawnCount,
          selectedPrizes: selected,
          challengeAlphabet: promotion?.type === 'CHALLENGE' && !product.lotteryEnabled ? promotion.details.challengeAlphabet : null,
          challengeWon: challenge.won,
          challengeRemainingTickets: challenge.remaining,
          refundedTokens: challenge.refund,
          lotteryWon: product.lotteryEnabled ? null : order.lotteryWon,
          drawnAt: ctx.clock.now(),
        })
        .where(eq(orders.id, order.id))
        .returning();
      await addPrizeBatches(tx, updated!, round.sku, selected, (rank) => (rank === LAST_RANK ? 'last' : 'draw'));
      // The purchase notification carries the order's receipt: its entries in the chained log.
      await sendReceipt(tx, updated!, `Your ${product.name} order is in the draw log (${drawnCount} ${drawnCount === 1 ? 'ticket' : 'tickets'}).`);
      if (finalTicket) await settleSellOut(tx, rc);
      const [fresh] = await tx.select().from(orders).where(inArray(orders.id, [order.id]));
      return fresh!;
    },
  };
}
export type Settlement = ReturnType<typeof createSettlement>;

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
