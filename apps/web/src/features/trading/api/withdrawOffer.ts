import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tradeMessageResponseSchema, type TradeMessageResponse } from '@kujiya/shared';
import { api } from '../../../lib/api-client';
import { tradesQueryKey } from './getMarketplaceTrades';

/** DELETE /api/trade/{tradeId}/withdraw-offer/{offerId}: the offerer takes their offer back. */
export function withdrawOffer(tradeId: string, offerId: string): Promise<TradeMessageResponse> {
  return api(`/api/trade/${encodeURIComponent(tradeId)}/withdraw-offer/${encodeURIComponent(offerId)}`, {
    method: 'DELETE',
    idempotent: true,
    schema: tradeMessageResponseSchema,
  });
}

/** Then reloads every trade list and the inventory (units were locked or unlocked). */
export function useWithdrawOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tradeId, offerId }: { tradeId: string; offerId: string }) => withdrawOffer(tradeId, offerId),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: tradesQueryKey });
      await queryClient.invalidateQueries({ queryKey: ['inventory'] });
    },
  });
}
