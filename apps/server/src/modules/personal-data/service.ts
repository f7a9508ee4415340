import type { AppContext } from '../../core/context.ts';
import { runDueDeletions } from './anonymise.ts';
import type { PersonalDataDeps } from './deps.ts';
import { buildDataExport } from './export.ts';
import { createDeletionRequests } from './requests.ts';

/**
 * Personal data under the PDPA (docs/rules/personal-data.md): the shopper's data export, gathered
 * through every module's facade; the account deletion request with its cooling-off period; and the
 * `account-deletion` job that anonymises an account once that period is over. The use cases:
 * export.ts, requests.ts, anonymise.ts.
 */
export function createPersonalDataService(ctx: AppContext, deps: PersonalDataDeps) {
  const env = { ctx, deps };
  const requests = createDeletionRequests(env);
  return {
    dataExport: (userId: string) => buildDataExport(env, userId),
    deletionStatus: requests.status,
    requestDeletion: requests.request,
    cancelDeletion: requests.cancel,
    pendingDeletions: requests.pending,
    runDueDeletions: () => runDueDeletions(env),
  };
}
export type PersonalDataService = ReturnType<typeof createPersonalDataService>;
