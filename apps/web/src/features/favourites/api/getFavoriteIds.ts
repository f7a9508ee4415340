import { queryOptions, useQuery } from '@tanstack/react-query';
import { favoriteProductIdsSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/users/favorites: the products the shopper favourited (the hearts of the list in one call). */
export function getFavoriteIds(): Promise<{ productIds: string[] }> {
  return api('/api/users/favorites', { schema: favoriteProductIdsSchema });
}

export const favoriteIdsQueryKey = (username: string | null) => ['favorites', username] as const;

export const favoriteIdsQuery = (username: string | null) =>
  queryOptions({ queryKey: favoriteIdsQueryKey(username), queryFn: getFavoriteIds, staleTime: 60_000 });

export function useFavoriteIds(username: string | null) {
  return useQuery({ ...favoriteIdsQuery(username), enabled: Boolean(username) });
}
