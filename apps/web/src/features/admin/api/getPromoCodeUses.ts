import { queryOptions, useQuery } from '@tanstack/react-query';
import { promoCodeUsesResponseSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/admin/promo-codes/{promoCodeId}/uses: each payment the code went on, and its shopper. */
export const fetchPromoCodeUses = (id: string) =>
  api(`/api/admin/promo-codes/${id}/uses`, { auth: 'admin', schema: promoCodeUsesResponseSchema });
export const promoCodeUsesQuery = (id: string) =>
  queryOptions({ queryKey: ['admin', 'promo-codes', id, 'uses'], queryFn: () => fetchPromoCodeUses(id) });
export const usePromoCodeUses = (id: string) => useQuery(promoCodeUsesQuery(id));
