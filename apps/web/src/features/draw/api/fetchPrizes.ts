import { fetchPrizesResponseSchema, type FetchPrizesResponse } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** POST /api/prize/fetch-prizes: the won prizes' name, image, description and quantity. */
export async function fetchPrizes(productId: string, selectedPrizes: string[]): Promise<FetchPrizesResponse> {
  return fetchPrizesResponseSchema.parse(await api<unknown>('/api/prize/fetch-prizes', { method: 'POST', body: { productId, selectedPrizes } }));
}
