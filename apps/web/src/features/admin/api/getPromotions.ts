import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminPromotionsResponseSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/admin/promotions */
export const getPromotions = () =>
  api('/api/admin/promotions', { auth: 'admin', schema: adminPromotionsResponseSchema });

export const promotionsQuery = () =>
  queryOptions({ queryKey: ['admin', 'promotions'], queryFn: getPromotions, staleTime: 60_000 });

export const usePromotions = () => useQuery(promotionsQuery());
