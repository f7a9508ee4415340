import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tradeMessageResponseSchema, type TradeMessageResponse } from '@kujiya/shared';
import { api } from '../../../lib/api-client';
import { tradesQueryKey } from './getMarketplaceTrades';

/** POST /api/trade/{tradeId}/accept-offer/{offerId}: the swap, in one step on the server. */
export function acceptOffer(tradeId: string, offerId: string): Promise<TradeMessageResponse> {
  return api(`/api/trade/${encodeURIComponent(tradeId)}/accept-offer/${encodeURIComponent(offerId)}`, {
    method: 'POST',
    idempotent: true,
    schema: tradeMessageResponseSchema,
  });
}

/** Then reloads every trade list and the inventory (units were locked or unlocked). */
export function useAcceptOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tradeId, offerId }: { tradeId: string; offerId: string }) => acceptOffer(tradeId, offerId),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: tradesQueryKey });
      await queryClient.invalidateQueries({ queryKey: ['inventory'] });
    },
  });
}
