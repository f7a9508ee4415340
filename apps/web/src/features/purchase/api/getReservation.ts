import { queryOptions, useQuery } from '@tanstack/react-query';
import { reservationResponseSchema, type ReservationResponse } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/order/{orderId}/reservation: when the order's reserved tickets go back to the pool. */
export async function getReservation(orderId: string, signal?: AbortSignal): Promise<ReservationResponse> {
  return reservationResponseSchema.parse(await api<unknown>(`/api/order/${encodeURIComponent(orderId)}/reservation`, { signal }));
}

export const reservationQuery = (orderId: string) =>
  queryOptions({ queryKey: ['order', orderId, 'reservation'], queryFn: ({ signal }) => getReservation(orderId, signal), staleTime: Infinity });

export function useReservation(orderId: string) {
  return useQuery(reservationQuery(orderId));
}
