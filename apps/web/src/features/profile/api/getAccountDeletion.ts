import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountDeletionStatusSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/users/delete-account: the shopper's pending deletion request, or null. */
export const getAccountDeletion = () => api('/api/users/delete-account', { schema: accountDeletionStatusSchema });

export const accountDeletionQuery = () =>
  queryOptions({ queryKey: ['users', 'delete-account'], queryFn: getAccountDeletion });

export const useAccountDeletion = () => useQuery(accountDeletionQuery());
