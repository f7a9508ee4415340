import type { AccountsService } from '../modules/accounts/service.ts';
import { HOUR } from '../core/clock.ts';
import { JOB } from './names.ts';
import type { JobDefinition } from './queue.ts';

/** Revoked admin token ids are deleted once their token has expired (docs/rules/security.md); deleting twice is harmless. */
export const revokedTokenPurgeJob = (accounts: AccountsService): JobDefinition => ({
  name: JOB.revokedTokenPurge,
  everyMs: HOUR,
  retryLimit: 3,
  retryDelaySeconds: 60,
  run: async () => ({ purged: await accounts.purgeRevokedTokens() }),
});
