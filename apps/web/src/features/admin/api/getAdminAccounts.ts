import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminAccountsResponseSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/admin/admins: every back-office account. */
export const fetchAdminAccounts = () =>
  api('/api/admin/admins', { auth: 'admin', schema: adminAccountsResponseSchema });
export const adminAccountsQuery = queryOptions({ queryKey: ['admin', 'admins'], queryFn: fetchAdminAccounts });
export const useAdminAccounts = () => useQuery(adminAccountsQuery);
