import { queryOptions, useQuery } from '@tanstack/react-query';
import { isFinalPaymentStatus, type OrderStatusResponse, orderStatusResponseSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/order/status/{orderId}: read-only; the server learns the outcome from the gateway's event. */
export async function getOrderStatus(orderId: string, signal?: AbortSignal): Promise<OrderStatusResponse> {
  return api(`/api/order/status/${encodeURIComponent(orderId)}`, { signal, schema: orderStatusResponseSchema });
}

/** Payment status polling interval (docs/rules/buying.md). */
export const ORDER_STATUS_POLL_MS = 2000;

export const orderStatusQuery = (orderId: string) =>
  queryOptions({
    queryKey: ['order', orderId, 'status'],
    queryFn: ({ signal }) => getOrderStatus(orderId, signal),
    staleTime: 0,
  });

/**
 * Read once when the page opens (a checkout replaced meanwhile says so at once), then every 2 s
 * while `polling`, until the payment succeeded (or ended otherwise).
 */
export function useOrderStatus(orderId: string, polling: boolean) {
  return useQuery({
    ...orderStatusQuery(orderId),
    refetchInterval: (query) => {
      const status = query.state.data?.paymentStatus;
      return !polling || (status && isFinalPaymentStatus(status)) ? false : ORDER_STATUS_POLL_MS;
    },
  });
}
