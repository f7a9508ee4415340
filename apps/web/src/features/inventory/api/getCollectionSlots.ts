import { queryOptions, useQuery } from '@tanstack/react-query';
import { collectionSlotsResponseSchema, type CollectionSlotsResponse } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/self-collection/slots: every bookable slot of the next 14 days with its remaining room. */
export function getCollectionSlots(): Promise<CollectionSlotsResponse> {
  return api('/api/self-collection/slots', { schema: collectionSlotsResponseSchema });
}

export const collectionSlotsQuery = () =>
  queryOptions({ queryKey: ['self-collection', 'slots'], queryFn: getCollectionSlots, staleTime: 0 });

export function useCollectionSlots(enabled: boolean) {
  return useQuery({ ...collectionSlotsQuery(), enabled });
}
