import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPromoCodeSchema, type PromoCodeInput } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** POST /api/admin/promo-codes (new) or PUT /api/admin/promo-codes/{promoCodeId} (edit). */
export function savePromoCode({ id, input }: { id?: string; input: PromoCodeInput }) {
  return id
    ? api(`/api/admin/promo-codes/${id}`, { method: 'PUT', body: input, auth: 'admin', schema: adminPromoCodeSchema })
    : api('/api/admin/promo-codes', { method: 'POST', body: input, auth: 'admin', schema: adminPromoCodeSchema });
}
export function useSavePromoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePromoCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
