import type { Product } from '@kujiya/shared';
import { useSession } from '../../../lib/session';
import { useFavoriteIds } from '../api/getFavoriteIds';

/** Whether a product's heart is filled: logged in and the product is among the favourites. */
export function useIsFavourite(): (product: Pick<Product, 'productId'>) => boolean {
  const { isLoggedIn, username } = useSession();
  const favourites = useFavoriteIds(isLoggedIn ? username : null);
  const ids = favourites.data?.productIds;
  return (product) => isLoggedIn && Boolean(ids?.includes(product.productId));
}
