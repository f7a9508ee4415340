import { queryOptions, useQuery } from '@tanstack/react-query';
import { tradeListResponseSchema, type TradeListResponse } from '@kujiya/shared';
import { api } from '../../../lib/api-client';
import { tradesQueryKey } from './getMarketplaceTrades';

/** GET /api/trade/history: completed trades, from the shopper's side. */
export function getTradeHistory(): Promise<TradeListResponse> {
  return api('/api/trade/history', { schema: tradeListResponseSchema });
}

export const tradeHistoryQuery = () =>
  queryOptions({ queryKey: [...tradesQueryKey, 'history'], queryFn: getTradeHistory });

export function useTradeHistory() {
  return useQuery(tradeHistoryQuery());
}
