import type { Order } from '@kujiya/shared';

/**
 * A kuji order as other modules see it: a plain type, not the Drizzle row (which stays in this
 * module, docs/architecture.md). The row is assignable to it field for field.
 */
export interface KujiOrder {
  id: string;
  userId: string;
  username: string;
  roundId: string;
  productId: string;
  productName: string;
  productImage: string;
  sku: string;
  preorder: boolean;
  paymentMethod: 'token' | 'card';
  paidTickets: number;
  numberOfTickets: number;
  totalCost: number;
  paymentIntentId: string;
  status: 'pending' | 'paid' | 'refund_pending' | 'refunding' | 'refunded' | 'canceled';
  refundClaimedAt: Date | null;
  buyOut: boolean;
  clientSeed: string;
  reservationId: string | null;
  reservationExpiresAt: Date | null;
  selectedPrizes: string[];
  doubleChancePrizes: string[];
  challengeAlphabet: string | null;
  challengeWon: boolean;
  challengeRemainingTickets: number;
  refundedTokens: number;
  lotteryEnabled: boolean;
  lotteryWon: boolean | null;
  drawnAt: Date | null;
  revealedAt: Date | null;
  createdAt: Date;
  paidAt: Date | null;
  shipByDate: Date | null;
}

/** An order as the orders list and details show it: totalCost as `{ $numberDecimal }`. */
export function orderView(order: KujiOrder): Order {
  return {
    orderId: order.id,
    dateTimeCreated: order.createdAt.toISOString(),
    productName: order.productName,
    productImage: order.productImage,
    productId: { _id: order.productId },
    numberOfTickets: order.numberOfTickets,
    totalCost: { $numberDecimal: String(order.totalCost) },
    paymentIntentId: order.paymentIntentId,
    selectedPrizes: order.selectedPrizes,
    lotteryEnabled: order.lotteryEnabled,
    lotteryWon: order.lotteryWon,
    paid: order.status === 'paid',
    shipByDate: order.shipByDate ? order.shipByDate.toISOString() : null,
    ...refundView(order),
  };
}

/**
 * Tickets bought, drawn and refunded, and the net paid (docs/rules/fulfilment.md): a Challenge's undrawn
 * tickets come back as tokens, so only a token order's net paid goes down.
 */
function refundView(
  order: KujiOrder,
): Pick<Order, 'ticketsBought' | 'ticketsDrawn' | 'refundedTickets' | 'refund' | 'netPaid'> {
  const refunded = order.refundedTokens > 0;
  const net = order.paymentMethod === 'token' ? order.totalCost - order.refundedTokens : order.totalCost;
  return {
    ticketsBought: order.paidTickets,
    ticketsDrawn: order.numberOfTickets,
    refundedTickets: order.challengeRemainingTickets,
    refund: refunded ? { amount: order.refundedTokens, currency: 'tokens' } : null,
    netPaid: { $numberDecimal: String(net) },
  };
}
