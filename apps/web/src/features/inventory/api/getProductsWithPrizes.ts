import { queryOptions, useQuery } from '@tanstack/react-query';
import { productsWithPrizesResponseSchema, type ProductsWithPrizesResponse } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/products-with-prizes: every set and its prizes, for choosing wanted prizes. */
export function getProductsWithPrizes(): Promise<ProductsWithPrizesResponse> {
  return api('/api/products-with-prizes', { auth: 'none', schema: productsWithPrizesResponseSchema });
}

export const productsWithPrizesQuery = () =>
  queryOptions({ queryKey: ['products-with-prizes'], queryFn: getProductsWithPrizes, staleTime: 60_000 });

export function useProductsWithPrizes(enabled: boolean) {
  return useQuery({ ...productsWithPrizesQuery(), enabled });
}
