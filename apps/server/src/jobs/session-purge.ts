import type { AccountsService } from '../modules/accounts/service.ts';
import { JOB } from './names.ts';
import { hourlyJob } from './hourly.ts';

/** Ended and expired shopper sessions are deleted (docs/rules/accounts.md); deleting twice is harmless. */
export const sessionPurgeJob = (accounts: AccountsService) =>
  hourlyJob(JOB.sessionPurge, async () => ({ purged: await accounts.purgeEndedSessions() }));
