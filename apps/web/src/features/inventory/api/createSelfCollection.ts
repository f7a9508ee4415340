import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createCollectionResponseSchema,
  type CreateCollectionRequest,
  type CreateCollectionResponse,
} from '@kujiya/shared';
import { api } from '../../../lib/api-client';
import { inventoryQueryKey } from './getInventory';

/** POST /api/self-collection/create: books a slot; the units stay locked while it is pending. */
export function createSelfCollection(request: CreateCollectionRequest): Promise<CreateCollectionResponse> {
  return api('/api/self-collection/create', {
    method: 'POST',
    idempotent: true,
    body: request,
    schema: createCollectionResponseSchema,
  });
}

export function useCreateSelfCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSelfCollection,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inventoryQueryKey }),
  });
}
