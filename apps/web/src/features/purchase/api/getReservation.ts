import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ReservationResponse, reservationResponseSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/order/{orderId}/reservation: when the order's reserved tickets go back to the pool. */
export async function getReservation(orderId: string, signal?: AbortSignal): Promise<ReservationResponse> {
  return api(`/api/order/${encodeURIComponent(orderId)}/reservation`, { signal, schema: reservationResponseSchema });
}

export const reservationQuery = (orderId: string) =>
  queryOptions({
    queryKey: ['order', orderId, 'reservation'],
    queryFn: ({ signal }) => getReservation(orderId, signal),
    staleTime: Infinity,
  });

export function useReservation(orderId: string) {
  return useQuery(reservationQuery(orderId));
}
