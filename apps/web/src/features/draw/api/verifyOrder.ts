import { queryOptions, useQuery } from '@tanstack/react-query';
import { verifyOrderResponseSchema, type VerifyOrderResponse } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/order/verify/{orderId}: whether the order is paid and may be drawn. */
export async function verifyOrder(orderId: string, signal?: AbortSignal): Promise<VerifyOrderResponse> {
  return verifyOrderResponseSchema.parse(await api<unknown>(`/api/order/verify/${encodeURIComponent(orderId)}`, { signal }));
}

export const verifyOrderQuery = (orderId: string) =>
  queryOptions({ queryKey: ['order', orderId, 'verify'], queryFn: ({ signal }) => verifyOrder(orderId, signal), retry: false });

export function useVerifyOrder(orderId: string | null) {
  return useQuery({ ...verifyOrderQuery(orderId ?? ''), enabled: Boolean(orderId) });
}
