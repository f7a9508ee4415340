import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ShippingAddressResponse, shippingAddressResponseSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/users/shipping-address/{username}: phone, address and whether the address is complete. */
export function getShippingAddress(username: string): Promise<ShippingAddressResponse> {
  return api(`/api/users/shipping-address/${encodeURIComponent(username)}`, { schema: shippingAddressResponseSchema });
}

export const shippingAddressQuery = (username: string) =>
  queryOptions({ queryKey: ['users', 'shipping-address', username], queryFn: () => getShippingAddress(username) });

export function useShippingAddress(username: string | null) {
  return useQuery({ ...shippingAddressQuery(username ?? ''), enabled: Boolean(username) });
}
