import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { Product } from '@kujiya/shared';
import { Dialog } from '../../../components/ui/Dialog';
import { storageKeys } from '../../../lib/storage';
import { useProducts } from '../api/getProducts';
import { useLivePrizeBoard } from '../hooks/useLivePrizeBoard';
import { withoutDropRoom, type ShopperActions } from '../shopper-actions';
import { trackEvent } from '../../../lib/api/trackEvent';
import {
  ALL_ANIME,
  animeOptions,
  filterByAnime,
  findRetryProduct,
  listingTabs,
  readListView,
  splitByPreorder,
  writeListView,
  type ListView,
} from '../lib/listing';
import { HowToPlay } from './HowToPlay';
import { HeartIcon, InfoIcon } from '../../../components/product-icons';
import { PlayFlow } from './play/PlayFlow';
import { ProductRow } from './ProductRow';
import './catalogue.css';

export const PREORDER_INFO_TEXT =
  'You will receive an email notification when your preordered items have arrived and are ready to ship.';

/** /ichiban-kuji-products: how to play, Filter by Anime, the four tabs, Preorder and Instock rows. */
export function ProductListPage({ actions }: { actions: ShopperActions }) {
  const listing = useProducts();
  // The tab, the filter and the Favourites choice are kept for this visit: coming back shows the same list.
  const [view, setView] = useState<ListView>(readListView);
  const { tab, anime } = view;
  const favouritesOnly = view.favouritesOnly && actions.signedIn;
  const changeView = (change: Partial<ListView>) => {
    const next = { ...view, ...change };
    setView(next);
    writeListView(next);
  };
  const setTab = (id: ListView['tab']) => changeView({ tab: id });
  const [preorderInfoOpen, setPreorderInfoOpen] = useState(false);
  const [playing, setPlaying] = useState<{ productId: string; skipInfo: boolean } | null>(null);
  const filterId = useId();
  const retryChecked = useRef(false);

  // Try Again on /results stores the set; its play popup reopens once the list has loaded.
  useEffect(() => {
    if (!listing.data || retryChecked.current) return;
    retryChecked.current = true;
    const stored = readRetryProduct();
    if (stored === null) return;
    sessionStorage.removeItem(storageKeys.retryProduct);
    const product = findRetryProduct(stored, listing.data.all);
    if (product) setPlaying({ productId: product.productId, skipInfo: true });
  }, [listing.data]);

  const options = useMemo(() => animeOptions(listing.data?.all ?? []), [listing.data]);
  const activeTab = listingTabs.find((candidate) => candidate.id === tab) ?? listingTabs[0];
  const { isFavourite } = actions;
  const sections = useMemo(() => {
    const shown = filterByAnime(listing.data?.[activeTab.key] ?? [], anime);
    return splitByPreorder(favouritesOnly ? shown.filter(isFavourite) : shown);
  }, [listing.data, activeTab.key, anime, favouritesOnly, isFavourite]);
  // The popup always shows the freshest copy of the set (tickets left change as others buy).
  const playingProduct = playing
    ? listing.data?.all.find((product) => product.productId === playing.productId)
    : undefined;

  // The open popup's set first, then the cards in the order shown: their live boards (docs/rules/drops.md).
  const watchedSetIds = useMemo(
    () => [playingProduct?.setId, ...[...sections.preorder, ...sections.instock].map((p) => p.setId)],
    [playingProduct?.setId, sections],
  );
  useLivePrizeBoard(watchedSetIds.filter((id): id is string => id !== undefined));

  const play = (product: Product) => {
    trackEvent('View Product', { setId: product.setId, productId: product.productId });
    setPlaying({ productId: product.productId, skipInfo: false });
  };

  return (
    <main className="page catalogue">
      <h1 className="catalogue__title">Ichiban Kuji</h1>
      <HowToPlay />

      <div className="catalogue__filter">
        <label htmlFor={filterId}>Filter by Anime</label>
        <select id={filterId} value={anime} onChange={(event) => changeView({ anime: event.target.value })}>
          <option value={ALL_ANIME}>{ALL_ANIME}</option>
          {/* A kept filter whose anime has left the shop still shows as chosen. */}
          {[...options, ...(anime !== ALL_ANIME && !options.includes(anime) ? [anime] : [])].map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
        {actions.signedIn && (
          <button
            type="button"
            className={`catalogue__favourites${favouritesOnly ? ' catalogue__favourites--on' : ''}`}
            aria-pressed={favouritesOnly}
            onClick={() => changeView({ favouritesOnly: !favouritesOnly })}
          >
            <HeartIcon filled={favouritesOnly} size={16} />
            Favourites
          </button>
        )}
      </div>

      <div className="catalogue__tabs" role="tablist" aria-label="Product lists">
        {listingTabs.map((candidate) => (
          <button
            key={candidate.id}
            type="button"
            role="tab"
            id={`tab-${candidate.id}`}
            aria-selected={candidate.id === tab}
            aria-controls="catalogue-panel"
            tabIndex={candidate.id === tab ? 0 : -1}
            className={`catalogue__tab${candidate.id === tab ? ' catalogue__tab--active' : ''}`}
            onClick={() => setTab(candidate.id)}
            onKeyDown={(event) => {
              const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
              if (!step) return;
              const index = listingTabs.findIndex((item) => item.id === tab);
              const next = listingTabs[(index + step + listingTabs.length) % listingTabs.length]!;
              setTab(next.id);
              document.getElementById(`tab-${next.id}`)?.focus();
            }}
          >
            {candidate.label}
          </button>
        ))}
      </div>

      <div id="catalogue-panel" role="tabpanel" aria-labelledby={`tab-${activeTab.id}`} className="catalogue__panel">
        {listing.isPending && <div className="spinner" aria-label="Loading products" />}
        {listing.isError && (
          <div className="catalogue__error card">
            <p className="error-text" role="alert">
              The products could not be loaded.
            </p>
            <button type="button" className="btn btn--primary" onClick={() => void listing.refetch()}>
              Try again
            </button>
          </div>
        )}
        {listing.data && (
          <>
            {/* Keyed by tab and filter: a new list starts scrolled to its first card. */}
            {favouritesOnly && sections.preorder.length + sections.instock.length === 0 && (
              <p className="catalogue__empty">
                No favourites here yet. Tap a set&apos;s heart to keep it in your favourites.
              </p>
            )}
            <ProductRow
              key={`preorder-${tab}-${anime}-${favouritesOnly}`}
              title="Preorder"
              titleExtra={
                <button
                  type="button"
                  className="product-row__info"
                  aria-label="About preorders"
                  onClick={() => setPreorderInfoOpen(true)}
                >
                  <InfoIcon size={20} />
                </button>
              }
              products={sections.preorder}
              onPlay={play}
              onFavourite={actions.toggleFavourite}
              isFavourite={actions.isFavourite}
              notifyMe={actions.notifyMe}
              first={sections.preorder.length > 0}
            />
            <ProductRow
              key={`instock-${tab}-${anime}-${favouritesOnly}`}
              title="Instock"
              products={sections.instock}
              onPlay={play}
              onFavourite={actions.toggleFavourite}
              isFavourite={actions.isFavourite}
              notifyMe={actions.notifyMe}
              first={sections.preorder.length === 0}
            />
          </>
        )}
      </div>

      <Dialog open={preorderInfoOpen} onClose={() => setPreorderInfoOpen(false)} title="Preorder">
        <p className="preorder-info">{PREORDER_INFO_TEXT}</p>
        <button
          type="button"
          className="btn btn--primary btn--block"
          data-autofocus
          onClick={() => setPreorderInfoOpen(false)}
        >
          OK
        </button>
      </Dialog>

      {playingProduct &&
        playing &&
        (actions.dropRoom ?? withoutDropRoom)(playingProduct, (room) => (
          <PlayFlow
            key={playingProduct.productId}
            product={playingProduct}
            skipInfo={playing.skipInfo}
            busy={actions.busy}
            dropRoom={room.panel}
            purchaseGate={room.gate}
            onBuy={(quantity) => actions.buy(playingProduct, quantity)}
            onBuyOut={() => actions.buyOut(playingProduct)}
            onFavourite={actions.toggleFavourite}
            isFavourite={actions.isFavourite}
            notifyMe={actions.notifyMe?.(playingProduct)}
            onClose={() => setPlaying(null)}
          />
        ))}
      {actions.dialogs}
    </main>
  );
}

/** retryProduct may hold the product as JSON or a bare id. */
function readRetryProduct(): unknown {
  const raw = sessionStorage.getItem(storageKeys.retryProduct);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}
