import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tradeMessageResponseSchema, type TradeMessageResponse } from '@kujiya/shared';
import { api } from '../../../lib/api-client';
import { tradesQueryKey } from './getMarketplaceTrades';

/** DELETE /api/trade/{tradeId}/reject-offer/{offerId}: the owner turns an offer down. */
export function rejectOffer(tradeId: string, offerId: string): Promise<TradeMessageResponse> {
  return api(`/api/trade/${encodeURIComponent(tradeId)}/reject-offer/${encodeURIComponent(offerId)}`, {
    method: 'DELETE',
    idempotent: true,
    schema: tradeMessageResponseSchema,
  });
}

/** Then reloads every trade list and the inventory (units were locked or unlocked). */
export function useRejectOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tradeId, offerId }: { tradeId: string; offerId: string }) => rejectOffer(tradeId, offerId),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: tradesQueryKey });
      await queryClient.invalidateQueries({ queryKey: ['inventory'] });
    },
  });
}
