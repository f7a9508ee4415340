import type { IdempotencyService } from '../modules/idempotency/service.ts';
import { JOB } from './names.ts';
import { hourlyJob } from './hourly.ts';

/** Idempotency keys older than 24 hours count as new and are deleted (docs/operations.md); deleting twice is harmless. */
export const idempotencyKeyPurgeJob = (idempotency: IdempotencyService) =>
  hourlyJob(JOB.idempotencyKeyPurge, async () => ({ purged: await idempotency.purgeExpiredKeys() }));
