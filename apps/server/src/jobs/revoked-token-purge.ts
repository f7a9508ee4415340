import type { AccountsService } from '../modules/accounts/service.ts';
import { JOB } from './names.ts';
import { hourlyJob } from './hourly.ts';

/** Revoked admin token ids are deleted once their token has expired (docs/rules/security.md); deleting twice is harmless. */
export const revokedTokenPurgeJob = (accounts: AccountsService) =>
  hourlyJob(JOB.revokedTokenPurge, async () => ({ purged: await accounts.purgeRevokedTokens() }));
