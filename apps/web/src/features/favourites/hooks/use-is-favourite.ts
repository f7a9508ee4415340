import type { Product } from '@kujiya/shared';
import { useSession } from '../../../lib/session';
import { useFavoriteIds } from '../api/getFavoriteIds';

/** Whether the heart of a product is filled: logged in and its product is among the favourites. */
export function useIsFavourite(product: Pick<Product, 'productId'>): boolean {
  const { isLoggedIn, username } = useSession();
  const favourites = useFavoriteIds(isLoggedIn ? username : null);
  return isLoggedIn && Boolean(favourites.data?.productIds.includes(product.productId));
}
