import { queryOptions, useQuery } from '@tanstack/react-query';
import { type FavoriteState, favoriteStateSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/users/favorites/check/{setId}: whether the set's product is a favourite. */
export function checkFavorite(setId: string): Promise<FavoriteState> {
  return api(`/api/users/favorites/check/${encodeURIComponent(setId)}`, { schema: favoriteStateSchema });
}

export const checkFavoriteQuery = (username: string | null, setId: string) =>
  queryOptions({ queryKey: ['favorites', username, 'check', setId], queryFn: () => checkFavorite(setId) });

export function useCheckFavorite(username: string | null, setId: string) {
  return useQuery({ ...checkFavoriteQuery(username, setId), enabled: Boolean(username) });
}
