import type { PaymentsService } from '../modules/payments/service.ts';
import { JOB } from './names.ts';
import type { JobDefinition } from './queue.ts';

/**
 * The payment sweeps (docs/rules/buying.md): the test gateway's undelivered events, and payments
 * left open asked of the gateway. Events are applied once (their dedupe row), so repeats change nothing.
 */
export const paymentSweepJobs = (payments: PaymentsService, everyMs: number): JobDefinition[] => [
  {
    name: JOB.paymentEvents,
    everyMs,
    retryLimit: 5,
    retryDelaySeconds: 5,
    run: () => payments.deliverGatewayEvents(),
  },
  {
    name: JOB.paymentReconcile,
    everyMs,
    retryLimit: 5,
    retryDelaySeconds: 10,
    run: () => payments.reconcilePending(),
  },
];
