import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageOnlyResponseSchema, type AbandonRequest, type MessageOnlyResponse } from '@kujiya/shared';
import { api } from '../../../lib/api-client';
import { inventoryQueryKey } from './getInventory';

/** POST /api/inventory/abandon: gives up exactly the chosen units. */
export function abandonItems(request: AbandonRequest): Promise<MessageOnlyResponse> {
  return api('/api/inventory/abandon', {
    method: 'POST',
    idempotent: true,
    body: request,
    schema: messageOnlyResponseSchema,
  });
}

/** Abandons, then reloads the inventory. */
export function useAbandonItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: abandonItems,
    onSettled: () => queryClient.invalidateQueries({ queryKey: inventoryQueryKey }),
  });
}
