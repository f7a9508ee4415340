import { queryOptions, useQuery } from '@tanstack/react-query';
import { type DrawResponse, drawResponseSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/**
 * POST /api/draw-and-update-order/{orderId}: reveals the order's prizes. The server decided them at
 * payment, and calling it again returns the same, so it is safe to run as a cached query.
 */
export async function drawAndUpdateOrder(orderId: string): Promise<DrawResponse> {
  return api(`/api/draw-and-update-order/${encodeURIComponent(orderId)}`, {
    method: 'POST',
    schema: drawResponseSchema,
  });
}

export const drawQuery = (orderId: string) =>
  queryOptions({
    queryKey: ['order', orderId, 'draw'],
    queryFn: () => drawAndUpdateOrder(orderId),
    staleTime: Infinity,
    retry: false,
  });

export function useDraw(orderId: string, enabled: boolean) {
  return useQuery({ ...drawQuery(orderId), enabled });
}
