import { queryOptions, useQuery } from '@tanstack/react-query';
import { userCollectionsResponseSchema, type UserCollectionsResponse } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/self-collection/user: the shopper's self-collections. */
export function getUserCollections(): Promise<UserCollectionsResponse> {
  return api('/api/self-collection/user', { schema: userCollectionsResponseSchema });
}

export const userCollectionsQueryKey = ['self-collection', 'user'] as const;

export const userCollectionsQuery = () =>
  queryOptions({ queryKey: userCollectionsQueryKey, queryFn: getUserCollections, staleTime: 0 });

export function useUserCollections(enabled = true) {
  return useQuery({ ...userCollectionsQuery(), enabled });
}
