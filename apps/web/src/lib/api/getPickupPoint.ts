import { queryOptions, useQuery } from '@tanstack/react-query';
import { pickupPointResponseSchema, type PickupPoint } from '@kujiya/shared';
import { api } from '../api-client';

/** GET /api/settings/pickup-point: where self-collections are picked up (a shop setting). */
export async function getPickupPoint(signal?: AbortSignal): Promise<PickupPoint> {
  return (await api('/api/settings/pickup-point', { auth: 'none', signal, schema: pickupPointResponseSchema }))
    .pickupPoint;
}

export const pickupPointQuery = queryOptions({
  queryKey: ['settings', 'pickup-point'] as const,
  queryFn: ({ signal }) => getPickupPoint(signal),
  staleTime: 5 * 60_000,
});

export function usePickupPoint() {
  return useQuery(pickupPointQuery);
}
