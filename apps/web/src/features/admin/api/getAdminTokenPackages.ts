import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminTokenPackagesResponseSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/admin/token-packages: every package, active or not. */
export const fetchAdminTokenPackages = () =>
  api('/api/admin/token-packages', { auth: 'admin', schema: adminTokenPackagesResponseSchema });
export const adminTokenPackagesQuery = queryOptions({
  queryKey: ['admin', 'token-packages'],
  queryFn: fetchAdminTokenPackages,
});
export const useAdminTokenPackages = () => useQuery(adminTokenPackagesQuery);
