import { LAST_PRIZE_NAME, LAST_RANK, prizeFullName, sortPrizeRanks, type FairnessReceipt } from '@kujiya/shared';
import type { Tx } from '../../db/database.ts';
import type { ReceiptMail, ReceiptMailer } from '../notifications/service.ts';
import { countRanks, type OrderRow, type ProductPrizes, type SettleEnv } from './prizes-won.ts';

/**
 * "Prize A (Luffy figure) x1" lines of what an order won, for its receipt mail: the prize's rank and
 * its description (its name is only "Prize A" again).
 */
export function prizeLines(ranks: readonly string[], prizes: ProductPrizes): string[] {
  const described = new Map(prizes.map((p) => [p.letter, p.description]));
  return [...countRanks(sortPrizeRanks(ranks))].map(([rank, n]) => {
    const name = rank === LAST_RANK ? LAST_PRIZE_NAME : `Prize ${rank}`;
    const description = described.get(rank);
    return `${description ? prizeFullName({ name, description }) : name} x${n}`;
  });
}

/** An order's receipt mail: at purchase, or (a lottery set) with the result of the sell-out draw. */
export function receiptMailOf(
  order: OrderRow,
  stage: ReceiptMail['stage'],
  prizes: string[],
  receipt: FairnessReceipt | null,
): ReceiptMail {
  return {
    orderId: order.id,
    setName: order.productName,
    tickets: order.numberOfTickets,
    paidTickets: order.paidTickets,
    payment: order.paymentMethod,
    total: order.totalCost,
    lottery: order.lotteryEnabled,
    stage,
    prizes,
    receipt,
  };
}

type ReceiptMailItem = {
  order: OrderRow;
  stage: ReceiptMail['stage'];
  prizes: string[];
  receipt: FairnessReceipt | null;
};

const toReceipt = ({ order, stage, prizes, receipt }: ReceiptMailItem) => ({
  userId: order.userId,
  receiptMail: receiptMailOf(order, stage, prizes, receipt),
});

/** Queues the receipt mails of orders whose tickets were just drawn (docs/rules/notifications.md). */
export async function mailReceipts(tx: Tx, s: SettleEnv, items: ReadonlyArray<ReceiptMailItem>): Promise<void> {
  await s.deps.notifications.mailReceipts(tx, items.map(toReceipt));
}

/** The same to recipients read ahead (`receiptRecipients`): one insert, a write a batch sends behind. */
export const queueReceiptMails = (tx: Tx, mailer: ReceiptMailer, items: ReadonlyArray<ReceiptMailItem>) =>
  mailer.queue(tx, items.map(toReceipt));
