import { type FavoriteState, favoriteStateSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** POST /api/users/favorites/{setId} (403 when logged out). */
export function addFavorite(setId: string): Promise<FavoriteState> {
  return api(`/api/users/favorites/${encodeURIComponent(setId)}`, { method: 'POST', schema: favoriteStateSchema });
}
