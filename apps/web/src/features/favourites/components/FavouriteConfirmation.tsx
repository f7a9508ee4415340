import { createPortal } from 'react-dom';
import { HeartIcon } from '../../../components/product-icons';
import { FAVOURITE_FADE_MS, usePopupTimer } from '../hooks/use-popup-timer';
import './favourites.css';

/**
 * The favourite confirmation popup: 3 s, then a 0.3 s fade. Transient and
 * non-blocking, so it is a live status rather than a modal; it sits in the top layer's stacking
 * context via a portal to <body> and above any open dialog through `popover`.
 */
export function FavouriteConfirmation({ text, onDone }: { text: string; onDone: () => void }) {
  const fading = usePopupTimer(onDone);
  return createPortal(
    <div
      className={`favourite-popup${fading ? ' favourite-popup--fading' : ''}`}
      role="status"
      aria-live="polite"
      style={{ transitionDuration: `${FAVOURITE_FADE_MS}ms` }}
      data-testid="favourite-popup"
      popover="manual"
      ref={(el) => {
        if (el && !el.matches(':popover-open')) el.showPopover?.();
      }}
    >
      <HeartIcon size={22} filled />
      <span>{text}</span>
    </div>,
    document.body,
  );
}
