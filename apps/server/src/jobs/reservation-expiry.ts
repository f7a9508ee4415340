import type { OrdersService } from '../modules/orders/service.ts';
import { JOB } from './names.ts';
import type { JobDefinition } from './queue.ts';

/** Lapsed card-checkout reservations give their tickets back (docs/rules/buying.md); one statement, so repeats find nothing. */
export const reservationExpiryJob = (orders: OrdersService, everyMs: number): JobDefinition => ({
  name: JOB.reservationExpiry,
  everyMs,
  retryLimit: 3,
  retryDelaySeconds: 5,
  run: () => orders.expireReservations(),
});
