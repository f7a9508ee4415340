import { useCallback, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  dollarsToCents,
  formatCents,
  isPurchaseDisabled,
  maximumQuantity,
  minimumQuantity,
  parseTicketCount,
  promotionTagText,
  ticketCapOf,
  ticketCapText,
  ticketsReceived,
  type Prize,
  type Product,
} from '@kujiya/shared';
import { Dialog } from '../../../../components/ui/Dialog';
import { ClientSeedField } from '../../../../components/ClientSeedField';
import { useHoldSeconds } from '../../../../lib/hold-store';
import { formatCountdown, useCountdown } from '../../../../lib/use-countdown';
import { useCountdownAnnouncement } from '../../../../lib/use-countdown-announcement';
import { LiveAnnouncement } from '../../../../components/ui/LiveAnnouncement';
import { usePrizes } from '../../../../lib/api/getPrizes';
import { arrivalDate } from '../../lib/arrival';
import { imageUrl } from '../../../../lib/image-url';
import { FavouriteHeart } from '../../../../components/FavouriteHeart';
import { TokenIcon } from '../../../../components/product-icons';
import { PrizeRow } from './PrizeRow';
import { PrizeZoomDialog } from './PrizeZoomDialog';
import { QuantityPicker } from './QuantityPicker';
import { useOpening } from '../../lib/use-opening';
import { OpeningCountdown } from '../OpeningCountdown';
import type { PurchaseGate } from '../../shopper-actions';
import './play.css';

export interface PlayPopupProps {
  product: Product;
  onClose: () => void;
  /** BUY with the chosen number of paid tickets. */
  onBuy: (quantity: number) => void;
  /** BUY OUT: every ticket left (the paid count under Buy X Get Y). */
  onBuyOut: () => void;
  /** A purchase request is running. */
  busy?: boolean;
  /** The favourite heart on the banner (shown when given). */
  onFavourite?: (product: Product) => void;
  isFavourite?: (product: Product) => boolean;
  /** "Notify me" of the set's opening, under BUY and BUY OUT (the app shell's, see ShopperActions). */
  notifyMe?: ReactNode;
  /** The set's waiting room (docs/rules/drops.md), shown above BUY. */
  dropRoom?: ReactNode;
  /** The waiting room does not let the shopper buy yet (not joined, or not their turn): why. */
  purchaseGate?: PurchaseGate | null;
}

/** The play popup: banner, prices, quantity, BUY / BUY OUT, status, prizes, fairness. */
export function PlayPopup({
  product,
  onClose,
  onBuy,
  onBuyOut,
  busy = false,
  onFavourite,
  isFavourite,
  notifyMe,
  dropRoom,
  purchaseGate = null,
}: PlayPopupProps) {
  const { left, total } = parseTicketCount(product.quantity);
  const min = minimumQuantity(product.promotion);
  const max = maximumQuantity(left, product.promotion);
  const [quantity, setQuantity] = useState(min);
  const [zoomed, setZoomed] = useState<Prize | null>(null);
  const closeZoom = useCallback(() => setZoomed(null), []);
  // The round's hold as listed, or one this tab learnt of (a 423, or the buyer's own buy-out).
  // The hold the list reported when the popup opened, counted down from then.
  const [listedHoldUntil] = useState(() => Date.now() + product.holdTimeLeft * 1000);
  const listedHold = useCountdown(listedHoldUntil);
  const knownHold = useHoldSeconds(product.setId);
  const holdSecondsLeft = Math.max(listedHold, knownHold);
  const holdSpoken = useCountdownAnnouncement(holdSecondsLeft, (time) => `Buying out in progress: ${time} left.`);
  const prizes = usePrizes(product.setId, product.productId);
  const tagText = promotionTagText(product);
  const disabled = isPurchaseDisabled({ left, busy, holdSecondsLeft });
  const belowMinimum = left > 0 && max < min;
  const received = ticketsReceived(quantity, left, product.promotion);
  // Drop day (docs/rules/drops.md): nothing sells before the opening; the picker and BUY OUT keep to the limits.
  const opening = useOpening(product.salesStartAt);
  const openingSpoken = useCountdownAnnouncement(opening.secondsLeft <= 600 ? opening.secondsLeft : 0, (time) =>
    opening.notOpen ? `Sales open in ${time}.` : '',
  );
  const cap = ticketCapOf(product);
  const pickerMax = cap ? Math.min(max, cap.cap) : max;
  const buyOutOverLimit = cap !== null && left > 0 && max > cap.cap;
  // Before the opening its countdown says why; after it, the waiting room may still hold the shopper.
  const gate = opening.notOpen ? null : purchaseGate;
  const buyOff = opening.notOpen || gate !== null;
  const buyOutOff = buyOff || buyOutOverLimit;
  const buyNoteId = `buy-note-${product.setId}`;
  const gateNoteId = `gate-note-${product.setId}`;
  const limitNoteId = `limit-note-${product.setId}`;
  const buyOffNoteId = opening.notOpen ? buyNoteId : gate ? gateNoteId : undefined;

  return (
    <>
      <Dialog open onClose={onClose} title={product.name} className="play">
        <div className="play__banner">
          <img className="play__banner-backdrop" src={imageUrl(product.image)} alt="" />
          <img className="play__banner-art" src={imageUrl(product.image)} alt="" />
          <span className={`play__status play__status--${product.preorder ? 'preorder' : 'instock'}`}>
            {product.preorder ? 'PRE-ORDER' : 'INSTOCK'}
          </span>
          {tagText && <span className="play__ribbon">{tagText}</span>}
          {onFavourite && (
            <FavouriteHeart
              product={product}
              favourite={isFavourite?.(product) ?? false}
              className="play__heart"
              size={22}
              onToggle={onFavourite}
            />
          )}
        </div>

        <div className="play__prices" aria-label="Price per ticket">
          <span className="play__price play__price--token">
            <TokenIcon size={20} />
            {product.token} tokens
          </span>
          <span className="play__price play__price--dollar">{formatCents(dollarsToCents(product.price))}</span>
          <span className="play__per">per ticket</span>
        </div>

        <div className="play__facts">
          <div>
            <span className="play__fact-label">Tickets left</span>
            <span className="play__fact-value">
              {left}/{total}
            </span>
          </div>
          {product.preorder && (
            <div>
              <span className="play__fact-label">Estimated arrival</span>
              <span className="play__fact-value">{arrivalDate(product.arrival)}</span>
            </div>
          )}
          <div className={`play__double play__double--${product.doubleChance ? 'yes' : 'no'}`}>
            <span className="play__fact-value">
              Double Chance: {product.doubleChance ? 'Available' : 'Not Available'}
            </span>
          </div>
        </div>

        {dropRoom}
        <div className="play__buy">
          <QuantityPicker
            value={quantity}
            min={min}
            max={Math.max(min, pickerMax)}
            disabled={disabled}
            onChange={setQuantity}
          />
          {/* Not live while a hold ticks (every second): its milestones are spoken below instead. */}
          <p className="play__total" aria-live={holdSecondsLeft > 0 ? 'off' : 'polite'} data-testid="play-total">
            {holdSecondsLeft > 0 ? (
              // Another shopper's buy-out holds what is left (docs/rules/buying.md): not sold out, it may come back.
              <>
                The remaining tickets are held by a buy-out in progress:{' '}
                <strong data-testid="play-hold-countdown">{formatCountdown(holdSecondsLeft)}</strong> left.
              </>
            ) : left > 0 ? (
              <>
                Total <strong>{quantity * product.token}</strong> tokens ·{' '}
                <strong>{formatCents(quantity * dollarsToCents(product.price))}</strong>
                {received > quantity && <span className="play__bonus"> You get {received} tickets!</span>}
              </>
            ) : (
              'This set is sold out.'
            )}
          </p>
          {belowMinimum && (
            <p className="play__note">
              Only {left} tickets left: fewer than this challenge&apos;s minimum of {min}.
            </p>
          )}
          {holdSecondsLeft > 0 && (
            <p className="play__note">
              Buying out in progress. Please wait {holdSecondsLeft} seconds and refresh your page to purchase with the
              updated odds.
            </p>
          )}
          {cap && left > 0 && (
            <p id={limitNoteId} className="play__note" data-testid="play-limit">
              {ticketCapText(cap)}
              {buyOutOverLimit && ` BUY OUT would take all ${max} tickets left, so it is not available.`}
            </p>
          )}
          <OpeningCountdown opening={opening} id={buyNoteId} className="play__opening" />
          {gate && (
            <p id={gateNoteId} className="play__note" data-testid="play-gate">
              {gate.reason}
            </p>
          )}
          <LiveAnnouncement message={holdSpoken || openingSpoken} />
          {/* aria-disabled, not disabled, for the drop rules: the buttons keep focus and say why (their note). */}
          <div className="play__actions">
            <button
              type="button"
              className="btn btn--primary play__action"
              disabled={disabled || belowMinimum}
              aria-disabled={buyOff || undefined}
              aria-describedby={buyOffNoteId}
              onClick={() => {
                if (!buyOff) onBuy(quantity);
              }}
            >
              BUY
            </button>
            <button
              type="button"
              className="btn btn--gold play__action"
              disabled={disabled}
              aria-disabled={buyOutOff || undefined}
              aria-describedby={buyOffNoteId ?? (buyOutOverLimit ? limitNoteId : undefined)}
              onClick={() => {
                if (!buyOutOff) onBuyOut();
              }}
            >
              BUY OUT
            </button>
          </div>
          {notifyMe}
        </div>

        <section className="play__prizes" aria-labelledby={`prizes-${product.setId}`}>
          <h3 id={`prizes-${product.setId}`} className="play__section-title">
            Prizes
          </h3>
          {prizes.isPending && <div className="spinner" aria-label="Loading prizes" />}
          {prizes.isError && (
            <p className="error-text" role="alert">
              The prizes could not be loaded. Please try again.
            </p>
          )}
          {prizes.data && <PrizeRow prizes={prizes.data} onOpen={setZoomed} />}
        </section>

        <section className="play__fairness">
          <span className="play__fairness-label">Fairness commitment</span>
          <code className="play__commitment">{product.commitment}</code>
          {product.rulesHash && (
            <>
              <span className="play__fairness-label">Rules hash (box and prizes, fixed for this round)</span>
              <code className="play__commitment" data-testid="play-rules-hash">
                {product.rulesHash}
              </code>
            </>
          )}
          <Link to={`/fairness/${encodeURIComponent(product.setId)}`} className="play__fairness-link">
            How this round is kept fair
          </Link>
          <ClientSeedField />
        </section>
      </Dialog>
      <PrizeZoomDialog prize={zoomed} onClose={closeZoom} />
    </>
  );
}
