import { CARD_RESERVATION_MINUTES } from '@kujiya/shared';
import { MINUTE } from '../../core/clock.ts';

/** The payment purpose of card ticket orders. */
export const KUJI_ORDER = 'kuji-order';
/** How long a card order's tickets stay reserved (docs/rules/buying.md). */
export const RESERVATION_MS = CARD_RESERVATION_MINUTES * MINUTE;
/**
 * A refund claim older than this was abandoned (the instance died before or during the gateway
 * call) and is taken over. Well above the longest gateway call (Stripe: 20 s timeout, 2 retries).
 */
export const REFUND_CLAIM_TIMEOUT_MS = 5 * MINUTE;
/** The gateway idempotency key of an order's refund: however often it is retried, one refund. */
export const refundKeyOf = (orderId: string) => `kuji-order-refund-${orderId}`;
export const ORDER_NOT_FOUND = 'Order not found';
/** Most token purchases of one round decided in one transaction (docs/performance.md). */
export const TOKEN_BATCH_MAX = 100;
