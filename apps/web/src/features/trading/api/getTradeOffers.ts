import { queryOptions, useQuery } from '@tanstack/react-query';
import { offerListResponseSchema, type OfferListResponse } from '@kujiya/shared';
import { api } from '../../../lib/api-client';
import { tradesQueryKey } from './getMarketplaceTrades';

/** GET /api/trade/{tradeId}/offers: live offers on the shopper's own trade (others get 403). */
export function getTradeOffers(tradeId: string): Promise<OfferListResponse> {
  return api(`/api/trade/${encodeURIComponent(tradeId)}/offers`, { schema: offerListResponseSchema });
}

export const tradeOffersQuery = (tradeId: string) =>
  queryOptions({
    queryKey: [...tradesQueryKey, 'offers', tradeId],
    queryFn: () => getTradeOffers(tradeId),
    retry: false,
  });

export function useTradeOffers(tradeId: string) {
  return useQuery(tradeOffersQuery(tradeId));
}
