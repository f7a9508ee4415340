import type { Product } from '@kujiya/shared';
import { HeartIcon } from './product-icons';

/** The heart toggle of a set (product card and play popup); filled when the product is a favourite. */
export function FavouriteHeart({
  product,
  favourite,
  className,
  size = 20,
  onToggle,
}: {
  product: Product;
  favourite: boolean;
  className: string;
  size?: number;
  onToggle: (product: Product) => void;
}) {
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
