import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ProductListing, productListingSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';
import { productsPath, productsQueryKey } from '../../../lib/query-keys';

/** GET /api/ichiban-kuji-products: every set, plus the New, Promotions and Chance lists. */
export async function getProducts(signal?: AbortSignal): Promise<ProductListing> {
  return api(productsPath, { auth: 'none', signal, schema: productListingSchema });
}

export function productsQueryOptions() {
  return queryOptions({ queryKey: productsQueryKey, queryFn: ({ signal }) => getProducts(signal) });
}

export function useProducts() {
  return useQuery(productsQueryOptions());
}
