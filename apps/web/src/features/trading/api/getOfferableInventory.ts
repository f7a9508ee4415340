import { queryOptions, useQuery } from '@tanstack/react-query';
import { inventoryResponseSchema, type InventoryResponse } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/inventory/user/{username}: the shopper's own units, to choose what to offer. */
export function getOfferableInventory(username: string): Promise<InventoryResponse> {
  return api(`/api/inventory/user/${encodeURIComponent(username)}`, { schema: inventoryResponseSchema });
}

export const offerableInventoryQuery = (username: string) =>
  queryOptions({ queryKey: ['inventory', username], queryFn: () => getOfferableInventory(username) });

export function useOfferableInventory(username: string | null, enabled: boolean) {
  return useQuery({ ...offerableInventoryQuery(username ?? ''), enabled: enabled && Boolean(username) });
}
