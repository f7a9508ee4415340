import { dollarsToCents, formatCents, parseTicketCount, productKind, promotionTagText, type Product } from '@kujiya/shared';
import { imageUrl } from '../../../lib/image-url';
import { FavouriteHeart } from '../../../components/FavouriteHeart';
import { KindIcon, TokenIcon } from '../../../components/product-icons';

interface ProductCardProps {
  product: Product;
  active: boolean;
  onPlay: (product: Product) => void;
  onFavourite: (product: Product) => void;
  favourite: boolean;
}

/** A set in a row: artwork, prices, tickets-left tag, promotion text, Play and the favourite heart. */
export function ProductCard({ product, active, onPlay, onFavourite, favourite }: ProductCardProps) {
  const { left, total } = parseTicketCount(product.quantity);
  const kind = productKind(product);
  const tagText = promotionTagText(product);
  const soldOut = left <= 0;
  return (
    <article
      className={`product-card product-card--${kind}${active ? ' product-card--active' : ''}${soldOut ? ' product-card--sold-out' : ''}`}
      aria-label={product.name}
      data-active={active ? 'true' : 'false'}
      data-product-id={product.productId}
    >
      <div className="product-card__media">
        <img src={imageUrl(product.image)} alt="" loading="lazy" width={480} height={480} />
        <div className="product-card__badges">
          {tagText && <span className="product-card__ribbon">{tagText}</span>}
          <span className={`product-card__tag product-card__tag--${kind}`} data-kind={kind}>
            <KindIcon kind={kind} size={14} />
            <span>
              {left}/{total} left
            </span>
          </span>
        </div>
        {soldOut && <span className="product-card__sold-out">SOLD OUT</span>}
        <FavouriteHeart product={product} favourite={favourite} className="product-card__heart" onToggle={onFavourite} />
      </div>
      <div className="product-card__body">
        <h3 className="product-card__name">{product.name}</h3>
        <div className="product-card__prices">
          <span className="price-token">
            <TokenIcon size={18} />
            <span>{product.token}</span>
            <span className="visually-hidden">tokens</span>
          </span>
          <span className="price-dollar">{formatCents(dollarsToCents(product.price))}</span>
        </div>
        <button type="button" className="btn btn--primary btn--block product-card__play" onClick={() => onPlay(product)}>
          Play
        </button>
      </div>
    </article>
  );
}
