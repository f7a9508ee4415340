import { queryOptions, useQuery } from '@tanstack/react-query';
import { type VerifyOrderResponse, verifyOrderResponseSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/order/verify/{orderId}: whether the order is paid and may be drawn. */
export async function verifyOrder(orderId: string, signal?: AbortSignal): Promise<VerifyOrderResponse> {
  return api(`/api/order/verify/${encodeURIComponent(orderId)}`, { signal, schema: verifyOrderResponseSchema });
}

export const verifyOrderQuery = (orderId: string) =>
  queryOptions({
    queryKey: ['order', orderId, 'verify'],
    queryFn: ({ signal }) => verifyOrder(orderId, signal),
    retry: false,
  });

export function useVerifyOrder(orderId: string | null) {
  return useQuery({ ...verifyOrderQuery(orderId ?? ''), enabled: Boolean(orderId) });
}
