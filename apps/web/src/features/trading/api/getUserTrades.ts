import { queryOptions, useQuery } from '@tanstack/react-query';
import { tradeListResponseSchema, type TradeListResponse } from '@kujiya/shared';
import { api } from '../../../lib/api-client';
import { tradesQueryKey } from './getMarketplaceTrades';

/** GET /api/trade/user-trades: the shopper's own live trades. */
export function getUserTrades(): Promise<TradeListResponse> {
  return api('/api/trade/user-trades', { schema: tradeListResponseSchema });
}

export const userTradesQuery = () => queryOptions({ queryKey: [...tradesQueryKey, 'mine'], queryFn: getUserTrades });

export function useUserTrades() {
  return useQuery(userTradesQuery());
}
