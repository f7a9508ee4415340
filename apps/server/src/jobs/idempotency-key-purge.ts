import type { IdempotencyService } from '../modules/idempotency/service.ts';
import { HOUR } from '../core/clock.ts';
import { JOB } from './names.ts';
import type { JobDefinition } from './queue.ts';

/** Idempotency keys older than 24 hours count as new and are deleted (docs/operations.md); deleting twice is harmless. */
export const idempotencyKeyPurgeJob = (idempotency: IdempotencyService): JobDefinition => ({
  name: JOB.idempotencyKeyPurge,
  everyMs: HOUR,
  retryLimit: 3,
  retryDelaySeconds: 60,
  run: async () => ({ purged: await idempotency.purgeExpiredKeys() }),
});
