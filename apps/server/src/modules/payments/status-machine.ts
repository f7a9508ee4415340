import type { PaymentStatus } from '@kujiya/shared';
import type { GatewayEventKind } from './gateway.ts';

/**
 * Which status an event may move an intent to. Anything else is a late or out-of-order event and
 * changes nothing: a failure after success, a success after a refund, a second cancel ...
 * A failed attempt leaves the intent payable (the shopper may try another card).
 */
const next: Record<PaymentStatus, Partial<Record<GatewayEventKind, PaymentStatus>>> = {
  requires_payment_method: { succeeded: 'succeeded', failed: 'failed', canceled: 'canceled' },
  failed: { succeeded: 'succeeded', failed: 'failed', canceled: 'canceled' },
  succeeded: { refunded: 'refunded' },
  canceled: {},
  refunded: {},
};

export function transition(from: PaymentStatus, event: GatewayEventKind): PaymentStatus | null {
  return next[from][event] ?? null;
}
