import type { PersonalDataService } from '../modules/personal-data/service.ts';
import { JOB } from './names.ts';
import type { JobDefinition } from './queue.ts';

/**
 * Account deletions past their cooling-off period are carried out (docs/rules/personal-data.md):
 * each request is claimed under its row lock in the transaction that anonymises the account and
 * marks it completed, so a repeated or concurrent run deletes nothing twice.
 */
export const accountDeletionJob = (personalData: PersonalDataService, everyMs: number): JobDefinition => ({
  name: JOB.accountDeletion,
  everyMs,
  retryLimit: 5,
  retryDelaySeconds: 30,
  run: () => personalData.runDueDeletions(),
});
