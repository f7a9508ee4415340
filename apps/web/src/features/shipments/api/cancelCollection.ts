import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageOnlyResponseSchema, type MessageOnlyResponse } from '@kujiya/shared';
import { api } from '../../../lib/api-client';
import { userCollectionsQueryKey } from './getUserCollections';

/** POST /api/self-collection/{id}/cancel: a pending collection is cancelled and its items return. */
export function cancelCollection(collectionId: string): Promise<MessageOnlyResponse> {
  return api(`/api/self-collection/${encodeURIComponent(collectionId)}/cancel`, {
    method: 'POST',
    idempotent: true,
    schema: messageOnlyResponseSchema,
  });
}

export function useCancelCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelCollection,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: userCollectionsQueryKey });
      // The items are back in the inventory.
      await queryClient.invalidateQueries({ queryKey: ['inventory'] });
    },
  });
}
