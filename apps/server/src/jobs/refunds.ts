import type { OrdersService } from '../modules/orders/service.ts';
import { JOB } from './names.ts';
import type { JobDefinition } from './queue.ts';

/**
 * Refunds of kuji orders that could not be honoured (docs/rules/buying.md): kicked after the
 * payment event's commit, and scheduled. Each order is claimed (`refunding`) and refunded with its
 * own idempotency key at the gateway, so a repeated or retried run refunds once.
 */
export const refundsJob = (orders: OrdersService, everyMs: number): JobDefinition => ({
  name: JOB.refunds,
  everyMs,
  retryLimit: 5,
  retryDelaySeconds: 10,
  run: async () => ({ refunded: await orders.processPendingRefunds() }),
});
