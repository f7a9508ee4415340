import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderDetailsResponseSchema, type OrderDetailsResponse } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** POST /api/order/{orderId}: one paid order of the shopper (403 for another's, 404 when unknown or unpaid). */
export function getOrderDetails(orderId: string, username: string): Promise<OrderDetailsResponse> {
  return api(`/api/order/${encodeURIComponent(orderId)}`, {
    method: 'POST',
    body: { username },
    schema: orderDetailsResponseSchema,
  });
}

/** While a chance set waits for its sell-out, look again every so often for the result. */
export const LOTTERY_WAIT_POLL_MS = 5000;

export const orderDetailsQuery = (orderId: string, username: string) =>
  queryOptions({
    queryKey: ['orders', 'details', orderId],
    queryFn: () => getOrderDetails(orderId, username),
    staleTime: 0,
  });

export function useOrderDetails(orderId: string, username: string | null) {
  return useQuery({
    ...orderDetailsQuery(orderId, username ?? ''),
    enabled: Boolean(username),
    refetchInterval: (query) => {
      const order = query.state.data;
      return order && order.lotteryEnabled && order.lotteryWon === null ? LOTTERY_WAIT_POLL_MS : false;
    },
  });
}
