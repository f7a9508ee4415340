import { type FavoriteState, favoriteStateSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** DELETE /api/users/favorites/{setId} (403 when logged out). */
export function removeFavorite(setId: string): Promise<FavoriteState> {
  return api(`/api/users/favorites/${encodeURIComponent(setId)}`, { method: 'DELETE', schema: favoriteStateSchema });
}
