import { HOUR } from '../core/clock.ts';
import type { JobName } from './names.ts';
import type { JobDefinition } from './queue.ts';

/** An hourly sweep that is harmless twice (a purge, a sealing): three retries, a minute apart and doubling. */
export const hourlyJob = (name: JobName, run: JobDefinition['run']): JobDefinition => ({
  name,
  everyMs: HOUR,
  retryLimit: 3,
  retryDelaySeconds: 60,
  run,
});
