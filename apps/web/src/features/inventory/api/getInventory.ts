import { queryOptions, useQuery } from '@tanstack/react-query';
import { inventoryResponseSchema, type InventoryResponse } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/inventory/user/{username}: the shopper's won items, keyed by set name. */
export function getInventory(username: string): Promise<InventoryResponse> {
  return api(`/api/inventory/user/${encodeURIComponent(username)}`, { schema: inventoryResponseSchema });
}

export const inventoryQueryKey = ['inventory'] as const;

export const inventoryQuery = (username: string) =>
  queryOptions({ queryKey: [...inventoryQueryKey, username], queryFn: () => getInventory(username) });

export function useInventory(username: string | null) {
  return useQuery({ ...inventoryQuery(username ?? ''), enabled: Boolean(username) });
}
