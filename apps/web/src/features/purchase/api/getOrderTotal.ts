import { queryOptions, useQuery } from '@tanstack/react-query';
import { type OrderTotalResponse, orderTotalResponseSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/order/get-total/{orderId}: the order's total in cents. */
export async function getOrderTotal(orderId: string, signal?: AbortSignal): Promise<OrderTotalResponse> {
  return api(`/api/order/get-total/${encodeURIComponent(orderId)}`, { signal, schema: orderTotalResponseSchema });
}

export const orderTotalQuery = (orderId: string) =>
  queryOptions({ queryKey: ['order', orderId, 'total'], queryFn: ({ signal }) => getOrderTotal(orderId, signal) });

export function useOrderTotal(orderId: string) {
  return useQuery(orderTotalQuery(orderId));
}
