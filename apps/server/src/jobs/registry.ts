import type { Services } from '../services.ts';
import type { JobDefinition, JobQueue } from './queue.ts';
import { mailDeliveryJob } from './mail-delivery.ts';
import { refundsJob } from './refunds.ts';
import { reservationExpiryJob } from './reservation-expiry.ts';
import { paymentSweepJobs } from './payment-sweeps.ts';
import { fulfilmentJobs } from './fulfilment.ts';
import { tradeExpiryJob } from './trade-expiry.ts';
import { revokedTokenPurgeJob } from './revoked-token-purge.ts';
import { sessionPurgeJob } from './session-purge.ts';
import { totpSealingJob } from './totp-sealing.ts';
import { idempotencyKeyPurgeJob } from './idempotency-key-purge.ts';
import { dropAlertsJob } from './drop-alerts.ts';
import { pushDeliveryJob } from './push-delivery.ts';
import { accountDeletionJob } from './account-deletion.ts';

/** The default period of the frequent jobs (server.ts may shorten it: the multi-instance tests). */
const JOB_INTERVAL_MS = 15_000;

/** Every background job of the shop (docs/jobs.md), each calling one service facade method. */
export function jobDefinitions(services: Services, everyMs = JOB_INTERVAL_MS): JobDefinition[] {
  return [
    mailDeliveryJob(services.mail, everyMs),
    refundsJob(services.orders, everyMs),
    reservationExpiryJob(services.orders, everyMs),
    ...paymentSweepJobs(services.payments, everyMs),
    ...fulfilmentJobs(services.fulfilment, services.inventory, everyMs),
    tradeExpiryJob(services.trading, everyMs),
    revokedTokenPurgeJob(services.accounts),
    sessionPurgeJob(services.accounts),
    totpSealingJob(services.twoFactor),
    idempotencyKeyPurgeJob(services.idempotency),
    dropAlertsJob(services.dropAlerts, everyMs),
    pushDeliveryJob(services.push, everyMs),
    accountDeletionJob(services.personalData, everyMs),
  ];
}

/**
 * The registry: the one place the background jobs start and stop (server.ts). Each instance runs
 * it; the queue makes one run per period happen across all of them.
 */
export function createJobRegistry(
  queue: JobQueue,
  services: Services,
  options: { everyMs?: number; log?: { warn(msg: string): void } } = {},
) {
  const definitions = jobDefinitions(services, options.everyMs);
  return {
    definitions,
    async start(): Promise<void> {
      if (!services.fulfilment.hasCourier())
        options.log?.warn(
          'no courier configured (EASYPARCEL_API_KEY unset in production): paid shipments wait in the queue',
        );
      await queue.start(definitions);
    },
    stop: () => queue.stop(),
  };
}
