import { queryOptions, useQuery } from '@tanstack/react-query';
import { productImagesResponseSchema, type ProductImagesResponse } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/products-images?productIds=a,b: prize id to image, for the sets shown in the picker. */
export function getProductsImages(productIds: readonly string[]): Promise<ProductImagesResponse> {
  return api(`/api/products-images?productIds=${productIds.map(encodeURIComponent).join(',')}`, {
    auth: 'none',
    schema: productImagesResponseSchema,
  });
}

export const productsImagesQuery = (productIds: readonly string[]) =>
  queryOptions({
    queryKey: ['products-images', [...productIds].sort().join(',')],
    queryFn: () => getProductsImages(productIds),
    staleTime: 60_000,
  });

export function useProductsImages(productIds: readonly string[]) {
  return useQuery({ ...productsImagesQuery(productIds), enabled: productIds.length > 0 });
}
