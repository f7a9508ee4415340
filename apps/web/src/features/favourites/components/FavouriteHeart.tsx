import type { Product } from '@kujiya/shared';
import { HeartIcon } from '../../catalogue/components/icons';
import { useIsFavourite } from '../hooks/use-is-favourite';
import './favourites.css';

/** The heart toggle of a set (product card and play popup); filled when the product is a favourite. */
export function FavouriteHeart({
  product,
  className,
  size = 20,
  onToggle,
}: {
  product: Product;
  className: string;
  size?: number;
  onToggle: (product: Product) => void;
}) {
  const favourite = useIsFavourite(product);
  return (
    <button
      type="button"
      className={className}
      aria-label={`Favourite ${product.name}`}
      aria-pressed={favourite}
      data-favourite={favourite ? 'true' : 'false'}
      onClick={() => onToggle(product)}
    >
      <HeartIcon size={size} filled={favourite} />
    </button>
  );
}
