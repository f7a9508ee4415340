import { queryOptions, useQuery } from '@tanstack/react-query';
import { userOrdersResponseSchema, type UserOrdersResponse } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/order/user/{username}: the shopper's paid orders, newest first. */
export function getUserOrders(username: string): Promise<UserOrdersResponse> {
  return api(`/api/order/user/${encodeURIComponent(username)}`, { schema: userOrdersResponseSchema });
}

export const userOrdersQuery = (username: string) =>
  queryOptions({ queryKey: ['orders', username], queryFn: () => getUserOrders(username), staleTime: 0 });

export function useUserOrders(username: string | null) {
  return useQuery({ ...userOrdersQuery(username ?? ''), enabled: Boolean(username) });
}
