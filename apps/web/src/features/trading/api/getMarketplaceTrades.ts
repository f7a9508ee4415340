import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { tradeListResponseSchema, type TradeListResponse } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/trade?search=: other shoppers' live trades, by creator, set name or wanted product name. */
export function getMarketplaceTrades(search: string): Promise<TradeListResponse> {
  const query = search.trim() ? `?search=${encodeURIComponent(search.trim())}` : '';
  return api(`/api/trade${query}`, { schema: tradeListResponseSchema });
}

export const tradesQueryKey = ['trades'] as const;

export const marketplaceTradesQuery = (search: string) =>
  queryOptions({
    queryKey: [...tradesQueryKey, 'marketplace', search.trim()],
    queryFn: () => getMarketplaceTrades(search),
  });

export function useMarketplaceTrades(search: string) {
  return useQuery({ ...marketplaceTradesQuery(search), placeholderData: keepPreviousData });
}
