import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tradeMessageResponseSchema, type TradeMessageResponse } from '@kujiya/shared';
import { api } from '../../../lib/api-client';
import { tradesQueryKey } from './getMarketplaceTrades';

/** DELETE /api/trade/cancel-trade/{tradeId}: the owner ends the trade; every unit returns. */
export function cancelTrade(tradeId: string): Promise<TradeMessageResponse> {
  return api(`/api/trade/cancel-trade/${encodeURIComponent(tradeId)}`, {
    method: 'DELETE',
    idempotent: true,
    schema: tradeMessageResponseSchema,
  });
}

/** Then reloads every trade list and the inventory (units were locked or unlocked). */
export function useCancelTrade() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tradeId: string) => cancelTrade(tradeId),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: tradesQueryKey });
      await queryClient.invalidateQueries({ queryKey: ['inventory'] });
    },
  });
}
