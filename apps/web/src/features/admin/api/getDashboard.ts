import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminDashboardSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/admin/dashboard */
export const getDashboard = () => api('/api/admin/dashboard', { auth: 'admin', schema: adminDashboardSchema });

export const dashboardQuery = () =>
  queryOptions({ queryKey: ['admin', 'dashboard'], queryFn: getDashboard, staleTime: 30_000 });

export const useDashboard = () => useQuery(dashboardQuery());
