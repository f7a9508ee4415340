import type { AccountsService } from '../modules/accounts/service.ts';
import { HOUR } from '../core/clock.ts';
import { JOB } from './names.ts';
import type { JobDefinition } from './queue.ts';

/** Ended and expired shopper sessions are deleted (docs/rules/accounts.md); deleting twice is harmless. */
export const sessionPurgeJob = (accounts: AccountsService): JobDefinition => ({
  name: JOB.sessionPurge,
  everyMs: HOUR,
  retryLimit: 3,
  retryDelaySeconds: 60,
  run: async () => ({ purged: await accounts.purgeEndedSessions() }),
});
