import { useState, type ReactNode } from 'react';
import type { Product } from '@kujiya/shared';
import { LoginRequiredDialog } from '../../../components/LoginRequiredDialog';
import { useSession } from '../../../lib/session';
import { usePurchaseFlow } from '../../purchase/hooks/usePurchaseFlow';
import { useFavouriteToggle } from '../../favourites/hooks/use-favourite-toggle';
import { trackEvent } from '../../analytics/api/trackEvent';

export interface ShopperActions {
  /** BUY from the play popup with the chosen number of paid tickets. */
  buy: (product: Product, quantity: number) => void;
  /** BUY OUT from the play popup. */
  buyOut: (product: Product) => void;
  /** The favourite heart on a card. */
  toggleFavourite: (product: Product) => void;
  /** A purchase request is running (disables BUY and BUY OUT). */
  busy: boolean;
  /** The popups these actions open; render once on the page. */
  dialogs: ReactNode;
}

/**
 * The guarded actions of the list and the play popup. Logged out, each shows the login reminder
 * (spec 000 §5, §6). Logged in, BUY and BUY OUT run the purchase flow (features/purchase);
 * the heart adds or removes a favourite (features/favourites).
 */
export function useShopperActions(): ShopperActions {
  const { isLoggedIn } = useSession();
  const [loginRequired, setLoginRequired] = useState(false);
  const purchase = usePurchaseFlow();
  const favourite = useFavouriteToggle();

  const whenLoggedIn = (action: () => void) => {
    if (!isLoggedIn) {
      setLoginRequired(true);
      return;
    }
    action();
  };

  return {
    buy: (product, quantity) =>
      whenLoggedIn(() => {
        trackEvent('Purchase Intent', { setId: product.setId, quantity });
        purchase.buy(product, quantity);
      }),
    buyOut: (product) =>
      whenLoggedIn(() => {
        trackEvent('Buy Out Intent', { setId: product.setId });
        purchase.buyOut(product);
      }),
    toggleFavourite: (product) => whenLoggedIn(() => favourite.toggle(product)),
    busy: purchase.busy,
    dialogs: (
      <>
        <LoginRequiredDialog open={loginRequired} onClose={() => setLoginRequired(false)} />
        {purchase.dialogs}
        {favourite.dialogs}
      </>
    ),
  };
}
