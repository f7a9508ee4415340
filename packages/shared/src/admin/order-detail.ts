import { z } from 'zod';
import { fairnessReceiptSchema } from '../fairness/schemas.ts';
import { paymentStatusSchema } from '../payments/schemas.ts';
import { shopperSummarySchema } from '../shop-ops/schemas.ts';

/**
 * `GET /api/admin/orders/{orderId}`: one order as the back office opens it (docs/rules/back-office.md):
 * the order, its draws, its card payment and the gateway events about it, its refunds, the token
 * ledger rows it caused, its fairness receipt and the shopper. Dates are ISO instants.
 */
export const adminOrderStatusSchema = z.enum([
  'pending',
  'paid',
  'refund_pending',
  'refunding',
  'refunded',
  'canceled',
]);
export type AdminOrderStatus = z.infer<typeof adminOrderStatusSchema>;

export const adminOrderDrawSchema = z.object({
  /**
   * A ticket of the order (`entry`: a ticket of a chance set, which wins only in the sell-out draw), or a
   * prize it won at the round's sell-out (`lottery`, `double`: chance or double-chance draw).
   */
  kind: z.enum(['ticket', 'entry', 'lottery', 'double']),
  /** The ticket's nonce (its place in the round's draw), or the sell-out pick's number. */
  nonce: z.number().int(),
  /** The prize rank drawn ('A', 'LAST', 'DC1', ...); null for a chance-set entry. */
  prize: z.string().nullable(),
  /** The prize's name in the round, when known. */
  prizeName: z.string().nullable(),
});
export type AdminOrderDraw = z.infer<typeof adminOrderDrawSchema>;

export const adminOrderPaymentSchema = z.object({
  id: z.string(),
  status: paymentStatusSchema,
  /** Cents. */
  amount: z.number().int(),
  currency: z.string(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The gateway's events about this payment, as the shop received them. */
  events: z.array(
    z.object({ id: z.string(), type: z.string(), outcome: z.enum(['applied', 'ignored']), receivedAt: z.string() }),
  ),
});
export type AdminOrderPayment = z.infer<typeof adminOrderPaymentSchema>;

export const adminOrderRefundSchema = z.object({
  /** `card`: the payment given back (the tickets were gone); `tokens`: undrawn Challenge tickets credited back. */
  kind: z.enum(['card', 'tokens']),
  /** Cents (card) or tokens. */
  amount: z.number().int(),
  /** `pending` until the gateway confirms a card refund. */
  status: z.enum(['pending', 'sending', 'done']),
  at: z.string().nullable(),
});
export type AdminOrderRefund = z.infer<typeof adminOrderRefundSchema>;

export const adminOrderLedgerRowSchema = z.object({
  delta: z.number().int(),
  reason: z.string(),
  at: z.string(),
});

export const adminOrderDetailSchema = z.object({
  order: z.object({
    id: z.string(),
    status: adminOrderStatusSchema,
    productId: z.string(),
    productName: z.string(),
    productImage: z.string(),
    sku: z.string(),
    setId: z.string(),
    paymentMethod: z.enum(['token', 'card']),
    paidTickets: z.number().int(),
    numberOfTickets: z.number().int(),
    /** Cents (card) or tokens (token orders). */
    totalCost: z.number().int(),
    buyOut: z.boolean(),
    clientSeed: z.string(),
    selectedPrizes: z.array(z.string()),
    doubleChancePrizes: z.array(z.string()),
    challengeAlphabet: z.string().nullable(),
    challengeWon: z.boolean(),
    lotteryEnabled: z.boolean(),
    lotteryWon: z.boolean().nullable(),
    preorder: z.boolean(),
    createdAt: z.string(),
    paidAt: z.string().nullable(),
    drawnAt: z.string().nullable(),
    revealedAt: z.string().nullable(),
    shipByDate: z.string().nullable(),
  }),
  shopper: shopperSummarySchema.nullable(),
  draws: z.array(adminOrderDrawSchema),
  payment: adminOrderPaymentSchema.nullable(),
  refunds: z.array(adminOrderRefundSchema),
  tokenLedger: z.array(adminOrderLedgerRowSchema),
  receipt: fairnessReceiptSchema.nullable(),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;
