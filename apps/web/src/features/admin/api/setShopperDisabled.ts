import { useMutation, useQueryClient } from '@tanstack/react-query';
import { shopperSummarySchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** POST /api/admin/shoppers/{shopperId}/disable or /enable. */
export const setShopperDisabled = ({ id, disabled }: { id: string; disabled: boolean }) =>
  api(`/api/admin/shoppers/${id}/${disabled ? 'disable' : 'enable'}`, {
    method: 'POST',
    auth: 'admin',
    schema: shopperSummarySchema,
  });
export function useSetShopperDisabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setShopperDisabled,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
