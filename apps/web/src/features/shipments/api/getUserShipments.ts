import { queryOptions, useQuery } from '@tanstack/react-query';
import { userShipmentsResponseSchema, type UserShipmentsResponse } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/shipment/user/{username}: the shopper's paid shipments, newest first. */
export function getUserShipments(username: string): Promise<UserShipmentsResponse> {
  return api(`/api/shipment/user/${encodeURIComponent(username)}`, { schema: userShipmentsResponseSchema });
}

export const userShipmentsQuery = (username: string) =>
  queryOptions({ queryKey: ['shipments', username], queryFn: () => getUserShipments(username), staleTime: 0 });

export function useUserShipments(username: string | null) {
  return useQuery({ ...userShipmentsQuery(username ?? ''), enabled: Boolean(username) });
}
