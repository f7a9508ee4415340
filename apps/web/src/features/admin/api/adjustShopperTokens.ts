import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tokenAdjustmentResponseSchema, type TokenAdjustmentRequest } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** POST /api/admin/shoppers/{shopperId}/tokens: add or take tokens, with a reason. */
export const adjustShopperTokens = ({ id, input }: { id: string; input: TokenAdjustmentRequest }) =>
  api(`/api/admin/shoppers/${id}/tokens`, {
    method: 'POST',
    body: input,
    auth: 'admin',
    schema: tokenAdjustmentResponseSchema,
  });
export function useAdjustShopperTokens() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adjustShopperTokens,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
