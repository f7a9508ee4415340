import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tradeMessageResponseSchema, type TradeMessageResponse, type CreateOfferRequest } from '@kujiya/shared';
import { api } from '../../../lib/api-client';
import { tradesQueryKey } from './getMarketplaceTrades';

/** POST /api/trade/offer/{tradeId}: offers the shopper's own tradable units. */
export function submitOffer(tradeId: string, request: CreateOfferRequest): Promise<TradeMessageResponse> {
  return api(`/api/trade/offer/${encodeURIComponent(tradeId)}`, {
    method: 'POST',
    idempotent: true,
    body: request,
    schema: tradeMessageResponseSchema,
  });
}

/** Then reloads every trade list and the inventory (units were locked or unlocked). */
export function useSubmitOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tradeId, request }: { tradeId: string; request: CreateOfferRequest }) =>
      submitOffer(tradeId, request),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: tradesQueryKey });
      await queryClient.invalidateQueries({ queryKey: ['inventory'] });
    },
  });
}
