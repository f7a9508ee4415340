import { LIVE_TOAST_FADE_MS } from '@kujiya/shared';
import { usePurchaseToast } from '../usePurchaseToast';
import './purchase-toast.css';

/** The live purchase banner: "alice just bought One Piece Vol. 3!" with a close button. */
export function PurchaseToast() {
  const { toast, close } = usePurchaseToast();
  return (
    <div className="purchase-toast-region" role="status" aria-live="polite">
      {toast && (
        <div
          key={toast.id}
          className={`purchase-toast${toast.fading ? ' purchase-toast--fading' : ''}`}
          style={{ transitionDuration: `${LIVE_TOAST_FADE_MS}ms` }}
          data-testid="purchase-toast"
        >
          <p className="purchase-toast__text">{toast.message.message}</p>
          <button type="button" className="purchase-toast__close" aria-label="Close" onClick={close}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}
