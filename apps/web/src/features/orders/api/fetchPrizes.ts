import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchPrizesResponseSchema, type FetchPrizesResponse } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** POST /api/prize/fetch-prizes: name, image, description and quantity of an order's won prizes. */
export function fetchPrizes(productId: string, selectedPrizes: string[]): Promise<FetchPrizesResponse> {
  return api('/api/prize/fetch-prizes', {
    method: 'POST',
    body: { productId, selectedPrizes },
    schema: fetchPrizesResponseSchema,
  });
}

export const orderPrizesQuery = (productId: string, selectedPrizes: string[]) =>
  queryOptions({
    queryKey: ['orders', 'prizes', productId, selectedPrizes.join(',')],
    queryFn: () => fetchPrizes(productId, selectedPrizes),
  });

export function useOrderPrizes(productId: string, selectedPrizes: string[]) {
  return useQuery({ ...orderPrizesQuery(productId, selectedPrizes), enabled: selectedPrizes.length > 0 });
}
