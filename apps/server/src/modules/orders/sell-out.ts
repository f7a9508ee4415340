import { and, eq } from 'drizzle-orm';
import { sortPrizeRanks } from '@kujiya/shared';
import type { Tx } from '../../db/database.ts';
import { orders } from './tables.ts';
import {
  addPrizeBatches,
  countRanks,
  describeRanks,
  sendReceipt,
  type OrderRow,
  type RoundContext,
  type SettleEnv,
} from './prizes-won.ts';
import { mailReceipts, prizeLines } from './receipt-mails.ts';

type Pick = { orderId: string | null; prize: string };

/** The prizes each order of the round won among the picks. */
function wonByOrder(picks: readonly Pick[], byId: ReadonlyMap<string, OrderRow>): Map<string, string[]> {
  const won = new Map<string, string[]>();
  for (const pick of picks) {
    if (pick.orderId && byId.has(pick.orderId)) won.set(pick.orderId, [...(won.get(pick.orderId) ?? []), pick.prize]);
  }
  return won;
}

/**
 * One result per participant (over all their orders) in-app (docs/rules/promotions.md); the e-mail is
 * each order's receipt with the result (mailLotteryResults).
 */
async function tellLotteryResults(tx: Tx, s: SettleEnv, productName: string, wonByUser: ReadonlyMap<string, string[]>) {
  const usersByMessage = new Map<string, string[]>();
  for (const [userId, letters] of wonByUser) {
    const message =
      letters.length > 0
        ? `Congratulations! You won ${describeRanks(letters)} in the ${productName} lottery.`
        : `The ${productName} lottery has been drawn. Unfortunately you did not win this time.`;
    usersByMessage.set(message, [...(usersByMessage.get(message) ?? []), userId]);
  }
  for (const [message, userIds] of usersByMessage) {
    await s.deps.notifications.notify(tx, userIds, message);
  }
}

/** A chance set's lottery: every paid order of the round learns what it won (docs/rules/promotions.md). */
async function drawLottery(
  tx: Tx,
  s: SettleEnv,
  rc: RoundContext,
  roundOrders: readonly OrderRow[],
  byId: ReadonlyMap<string, OrderRow>,
) {
  const { product, round } = rc;
  const { catalogue, fairness } = s.deps;
  const picks = await fairness.drawSellOut(tx, round.id, 'lottery');
  const won = wonByOrder(picks, byId);
  await catalogue.decrementPrizes(tx, round.id, countRanks(picks.map((p) => p.prize)));
  await catalogue.markLotteryCompleted(tx, round.id, true);
  const wonByUser = new Map<string, string[]>();
  const prizes = await catalogue.prizesOfProduct(tx, product.id);
  const results: Parameters<typeof mailReceipts>[2][number][] = [];
  for (const order of roundOrders) {
    const letters = won.get(order.id) ?? [];
    const selectedPrizes = sortPrizeRanks([...letters, ...order.selectedPrizes]);
    results.push({ order, stage: 'result', prizes: prizeLines(selectedPrizes, prizes), receipt: null });
    await tx
      .update(orders)
      .set({ selectedPrizes, lotteryWon: letters.length > 0 })
      .where(eq(orders.id, order.id));
    await addPrizeBatches(tx, s, round.sku, [{ order, ranks: letters }], () => 'lottery', prizes);
    wonByUser.set(order.userId, [...(wonByUser.get(order.userId) ?? []), ...letters]);
  }
  await tellLotteryResults(tx, s, product.name, wonByUser);
  // Winners get a receipt that now includes their lottery picks, in-app and in their result mail.
  for (const result of results) {
    if (!won.has(result.order.id)) continue;
    result.receipt = await fairness.receiptForOrder(tx, result.order.id);
    await sendReceipt(tx, s, result.order, `Your ${product.name} prize win is in the draw log.`, result.receipt);
  }
  await mailReceipts(tx, s, results);
}

/** The double-chance draw among the round's tickets (docs/rules/promotions.md). */
async function drawDoubleChance(tx: Tx, s: SettleEnv, rc: RoundContext, byId: ReadonlyMap<string, OrderRow>) {
  const { product, round } = rc;
  const { catalogue, fairness, notifications } = s.deps;
  const picks = await fairness.drawSellOut(tx, round.id, 'double');
  if (picks.length === 0) return;
  await catalogue.decrementPrizes(tx, round.id, countRanks(picks.map((p) => p.prize)));
  const won = wonByOrder(picks, byId);
  const names = new Map((await catalogue.prizesOfProduct(tx, product.id)).map((p) => [p.letter, p.name]));
  const wonByUser = new Map<string, string[]>();
  for (const [orderId, ranks] of won) {
    const order = byId.get(orderId)!;
    await tx.update(orders).set({ doubleChancePrizes: ranks }).where(eq(orders.id, orderId));
    await addPrizeBatches(tx, s, round.sku, [{ order, ranks }], () => 'double');
    wonByUser.set(order.userId, [...(wonByUser.get(order.userId) ?? []), ...ranks]);
  }
  for (const [userId, ranks] of wonByUser) {
    const prizesText = [...countRanks(ranks)].map(([rank, n]) => `${names.get(rank) ?? rank} x${n}`).join(', ');
    await notifications.notify(tx, [userId], `Double Chance! You won ${prizesText} from ${product.name}.`, {
      email: { subject: `Double Chance win: ${product.name}` },
    });
  }
  for (const orderId of won.keys())
    await sendReceipt(tx, s, byId.get(orderId)!, `Your ${product.name} Double Chance win is in the draw log.`);
}

/**
 * The lottery (chance sets) and double-chance draws of a round that just sold out, under its round
 * lock (every writer of a paid order's prizes holds it: docs/architecture.md, lock order).
 */
export async function settleSellOut(tx: Tx, s: SettleEnv, rc: RoundContext): Promise<void> {
  s.ctx.metrics.roundSoldOut(tx);
  const roundOrders = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.roundId, rc.round.id), eq(orders.status, 'paid')));
  const byId = new Map(roundOrders.map((o) => [o.id, o]));
  if (rc.product.lotteryEnabled) await drawLottery(tx, s, rc, roundOrders, byId);
  if (rc.product.doubleChance) await drawDoubleChance(tx, s, rc, byId);
}
