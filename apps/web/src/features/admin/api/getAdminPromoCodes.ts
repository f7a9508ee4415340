import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminPromoCodesResponseSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/admin/promo-codes: every code with its uses so far. */
export const fetchAdminPromoCodes = () =>
  api('/api/admin/promo-codes', { auth: 'admin', schema: adminPromoCodesResponseSchema });
export const adminPromoCodesQuery = queryOptions({ queryKey: ['admin', 'promo-codes'], queryFn: fetchAdminPromoCodes });
export const useAdminPromoCodes = () => useQuery(adminPromoCodesQuery);
