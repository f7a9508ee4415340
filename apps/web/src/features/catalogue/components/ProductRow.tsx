import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { Product } from '@kujiya/shared';
import { findActiveCard } from '../lib/active-card';
import { ProductCard } from './ProductCard';

interface ProductRowProps {
  title: ReactNode;
  /** Shown beside the title (the Preorder info button). */
  titleExtra?: ReactNode;
  products: Product[];
  onPlay: (product: Product) => void;
  onFavourite: (product: Product) => void;
  isFavourite: (product: Product) => boolean;
  /** "Notify me" of a set's opening on its card. */
  notifyMe?: (product: Product) => ReactNode;
  /** The row at the top of the page: its first cards are on the first screen (see ProductCard). */
  first?: boolean;
}

/** Cards of the first row a 390 px screen shows whole or in part: the centred one and the next. */
const FIRST_SCREEN_CARDS = 2;

/** A Preorder or Instock section: a horizontally scrolling, snapping row with the centred card active. */
export function ProductRow({
  title,
  titleExtra,
  products,
  onPlay,
  onFavourite,
  isFavourite,
  notifyMe,
  first = false,
}: ProductRowProps) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  // The row's padding centres the first card, so it is active from the first paint: no scale
  // transition (and its frames) right after the page shows.
  const [activeIndex, setActiveIndex] = useState(() => (products.length > 0 ? 0 : -1));

  const measure = useCallback(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const cards = Array.from(scroller.querySelectorAll<HTMLElement>('.product-card'));
    setActiveIndex(
      findActiveCard(
        scroller.getBoundingClientRect(),
        cards.map((card) => card.getBoundingClientRect()),
      ),
    );
  }, []);

  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    measure();
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    };
    scroller.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      cancelAnimationFrame(frame);
      scroller.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, [measure, products]);

  return (
    <section className="product-row">
      <div className="product-row__head">
        <h2 className="product-row__title">{title}</h2>
        {titleExtra}
        {products.length > 0 && <span className="product-row__count">{products.length}</span>}
      </div>
      {products.length === 0 ? (
        <p className="product-row__empty">There are no products in this section</p>
      ) : (
        <div className="product-row__scroller" ref={scrollerRef}>
          {products.map((product, index) => (
            <ProductCard
              key={product.productId}
              product={product}
              active={index === activeIndex}
              onPlay={onPlay}
              onFavourite={onFavourite}
              favourite={isFavourite(product)}
              notifyMe={notifyMe?.(product)}
              firstScreen={first && index < FIRST_SCREEN_CARDS}
              priority={first && index === 0}
            />
          ))}
        </div>
      )}
    </section>
  );
}
