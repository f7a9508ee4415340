import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminAccountDeletionsSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/admin/account-deletions (owners): shoppers' pending deletion requests, soonest first. */
export const getAccountDeletions = () =>
  api('/api/admin/account-deletions', { auth: 'admin', schema: adminAccountDeletionsSchema });

export const accountDeletionsQuery = () =>
  queryOptions({ queryKey: ['admin', 'account-deletions'], queryFn: getAccountDeletions });

export const useAccountDeletions = () => useQuery(accountDeletionsQuery());
