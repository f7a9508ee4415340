import type { ReactNode } from 'react';
import {
  dollarsToCents,
  formatCents,
  parseTicketCount,
  productKind,
  promotionTagText,
  type Product,
} from '@kujiya/shared';
import { imageUrl } from '../../../lib/image-url';
import { FavouriteHeart } from '../../../components/FavouriteHeart';
import { KindIcon, TokenIcon } from '../../../components/product-icons';
import { useOpening } from '../lib/use-opening';
import { OpeningCountdown } from './OpeningCountdown';

interface ProductCardProps {
  product: Product;
  active: boolean;
  onPlay: (product: Product) => void;
  onFavourite: (product: Product) => void;
  favourite: boolean;
  /** "Notify me" of the set's opening, under Play (the app shell's, see ShopperActions). */
  notifyMe?: ReactNode;
  /**
   * Whether the card is in the first screen (the first row's first cards): its artwork is the page's
   * largest paint, so it loads at once and first; every other card's waits until it nears the
   * screen (docs/performance.md).
   */
  firstScreen?: boolean;
  /** The very first card: its artwork is fetched before anything else the page still needs. */
  priority?: boolean;
}

/** A set in a row: artwork, prices, tickets-left tag, promotion text, Play and the favourite heart. */
export function ProductCard({
  product,
  active,
  onPlay,
  onFavourite,
  favourite,
  notifyMe,
  firstScreen = false,
  priority = false,
}: ProductCardProps) {
  const { left, total } = parseTicketCount(product.quantity);
  const kind = productKind(product);
  const tagText = promotionTagText(product);
  const soldOut = left <= 0;
  const opening = useOpening(product.salesStartAt);
  return (
    <article
      className={`product-card product-card--${kind}${active ? ' product-card--active' : ''}${soldOut ? ' product-card--sold-out' : ''}`}
      aria-label={product.name}
      data-active={active ? 'true' : 'false'}
      data-product-id={product.productId}
    >
      <div className="product-card__media">
        <img
          src={imageUrl(product.image)}
          alt=""
          width={480}
          height={480}
          loading={firstScreen ? 'eager' : 'lazy'}
          decoding={firstScreen ? 'auto' : 'async'}
          fetchPriority={priority ? 'high' : 'auto'}
        />
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
        <FavouriteHeart
          product={product}
          favourite={favourite}
          className="product-card__heart"
          onToggle={onFavourite}
        />
      </div>
      <div className="product-card__body">
        <h3 className="product-card__name">{product.name}</h3>
        <OpeningCountdown opening={opening} className="product-card__opening" />
        <div className="product-card__prices">
          <span className="price-token">
            <TokenIcon size={18} />
            <span>{product.token}</span>
            <span className="visually-hidden">tokens</span>
          </span>
          <span className="price-dollar">{formatCents(dollarsToCents(product.price))}</span>
        </div>
        <button
          type="button"
          className="btn btn--primary btn--block product-card__play"
          onClick={() => onPlay(product)}
        >
          Play
        </button>
        {notifyMe}
      </div>
    </article>
  );
}
