import Fuse from 'fuse.js';
import { formatCents, type Order } from '@kujiya/shared';

export const ORDERS_PAGE_SIZE = 10;
/** Fuzzy match threshold of the orders search (0 exact, 1 anything). */
export const ORDER_SEARCH_THRESHOLD = 0.4;

/** Orders matching the search (product name or order id), newest first. */
export function searchOrders(orders: readonly Order[], query: string): Order[] {
  const newestFirst = [...orders].sort((a, b) => b.dateTimeCreated.localeCompare(a.dateTimeCreated));
  const text = query.trim();
  if (!text) return newestFirst;
  const fuse = new Fuse(newestFirst, {
    keys: ['productName', 'orderId'],
    threshold: ORDER_SEARCH_THRESHOLD,
    ignoreLocation: true,
  });
  const hits = new Set(fuse.search(text).map((hit) => hit.item));
  return newestFirst.filter((order) => hits.has(order));
}

export const pageCount = (total: number) => Math.max(1, Math.ceil(total / ORDERS_PAGE_SIZE));

/** One page (1-based, clamped to the pages there are). */
export function pageOf<T>(items: readonly T[], page: number): { items: T[]; page: number; pages: number } {
  const pages = pageCount(items.length);
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), pages);
  return { items: items.slice((current - 1) * ORDERS_PAGE_SIZE, current * ORDERS_PAGE_SIZE), page: current, pages };
}

export const isTokenOrder = (order: Order) => order.paymentIntentId === 'TOKEN';

const tokensText = (amount: number) => `${amount.toLocaleString('en-SG')} ${amount === 1 ? 'token' : 'tokens'}`;

/** An amount in the order's unit: cents for card orders, tokens for token orders. */
const amountText = (order: Order, amount: number) => (isTokenOrder(order) ? tokensText(amount) : formatCents(amount));

/** Cents for card orders, tokens for token orders. */
export function orderTotalText(order: Order): string {
  return amountText(order, Number(order.totalCost.$numberDecimal));
}

/** What the order cost after its refund (docs/rules/fulfilment.md). */
export function netPaidText(order: Order): string {
  return amountText(order, Number(order.netPaid.$numberDecimal));
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** '10 tickets bought · 3 drawn' ('· 3 free' for free Buy-X-Get-Y tickets). */
export function ticketsText(order: Order): string {
  const free = order.ticketsDrawn + order.refundedTickets - order.ticketsBought;
  const parts = [
    `${plural(order.ticketsBought, 'ticket')} bought`,
    ...(free > 0 ? [`${free} free`] : []),
    `${order.ticketsDrawn} drawn`,
  ];
  return parts.join(' · ');
}

/** '7 tickets refunded as 112 tokens', or null without a refund. */
export function refundText(order: Order): string | null {
  if (!order.refund) return null;
  const amount =
    order.refund.currency === 'tokens' ? tokensText(order.refund.amount) : formatCents(order.refund.amount);
  return `${plural(order.refundedTickets, 'ticket')} refunded as ${amount}`;
}

export type LotteryState = 'none' | 'waiting' | 'won' | 'lost';

/** A chance set's order waits for the sell-out, then shows Won or Lost. */
export function lotteryStateOf(order: Order): LotteryState {
  if (!order.lotteryEnabled) return 'none';
  if (order.lotteryWon === null) return 'waiting';
  return order.lotteryWon ? 'won' : 'lost';
}
