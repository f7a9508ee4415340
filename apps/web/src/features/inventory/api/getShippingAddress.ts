import { queryOptions, useQuery } from '@tanstack/react-query';
import { shippingAddressResponseSchema, type ShippingAddressResponse } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/users/shipping-address/{username}: the profile address the Arrange Shipment popup offers. */
export function getShippingAddress(username: string): Promise<ShippingAddressResponse> {
  return api(`/api/users/shipping-address/${encodeURIComponent(username)}`, { schema: shippingAddressResponseSchema });
}

export const shippingAddressQuery = (username: string) =>
  queryOptions({
    queryKey: ['users', 'shipping-address', username],
    queryFn: () => getShippingAddress(username),
    staleTime: 0,
  });

export function useShippingAddress(username: string | null, enabled = true) {
  return useQuery({ ...shippingAddressQuery(username ?? ''), enabled: Boolean(username) && enabled });
}
