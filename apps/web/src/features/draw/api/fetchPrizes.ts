import { type FetchPrizesResponse, fetchPrizesResponseSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** POST /api/prize/fetch-prizes: the won prizes' name, image, description and quantity. */
export async function fetchPrizes(productId: string, selectedPrizes: string[]): Promise<FetchPrizesResponse> {
  return api('/api/prize/fetch-prizes', {
    method: 'POST',
    body: { productId, selectedPrizes },
    schema: fetchPrizesResponseSchema,
  });
}
