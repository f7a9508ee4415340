import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminMeResponseSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/admin/me: the signed-in admin and their role (owner or staff). */
export const fetchAdminMe = () => api('/api/admin/me', { auth: 'admin', schema: adminMeResponseSchema });
export const adminMeQuery = queryOptions({ queryKey: ['admin', 'me'], queryFn: fetchAdminMe, staleTime: 60_000 });
export const useAdminMe = () => useQuery(adminMeQuery);
