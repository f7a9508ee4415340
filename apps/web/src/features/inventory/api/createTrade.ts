import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tradeMessageResponseSchema, type CreateTradeRequest, type TradeMessageResponse } from '@kujiya/shared';
import { api } from '../../../lib/api-client';
import { inventoryQueryKey } from './getInventory';

/** POST /api/trade/create: the chosen units become In Trade, the wanted prizes are listed. */
export function createTrade(request: CreateTradeRequest): Promise<TradeMessageResponse> {
  return api('/api/trade/create', {
    method: 'POST',
    idempotent: true,
    body: request,
    schema: tradeMessageResponseSchema,
  });
}

/** Creates the trade, then reloads the inventory (its units now show In Trade). */
export function useCreateTrade() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTrade,
    onSettled: () => queryClient.invalidateQueries({ queryKey: inventoryQueryKey }),
  });
}
