import { useState } from 'react';
import { LoginRequiredDialog } from '../../components/LoginRequiredDialog';
import { useSession } from '../../lib/session';
import { trackEvent } from '../../lib/api/trackEvent';
import type { ShopperActions } from '../../features/catalogue/shopper-actions';
import { usePurchaseFlow } from '../../features/purchase/hooks/usePurchaseFlow';
import { useFavouriteToggle } from '../../features/favourites/hooks/use-favourite-toggle';
import { useIsFavourite } from '../../features/favourites/hooks/use-is-favourite';
import { NotifyMeButton } from '../../features/drop-alerts/components/NotifyMeButton';
import { DropRoom } from '../../features/drops/components/DropRoom';

/**
 * The guarded actions of the list and the play popup. Logged out, each shows the login reminder
 * (docs/rules/buying.md). Logged in, BUY and BUY OUT run the purchase flow (features/purchase);
 * the heart adds or removes a favourite (features/favourites); "Notify me" asks for a set's opening
 * reminders (features/drop-alerts); the waiting room (features/drops) shows its panel and holds BUY and
 * BUY OUT until the shopper's turn.
 */
export function useShopperActions(): ShopperActions {
  const { isLoggedIn } = useSession();
  const [loginRequired, setLoginRequired] = useState(false);
  const purchase = usePurchaseFlow();
  const favourite = useFavouriteToggle();
  const isFavourite = useIsFavourite();

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
    isFavourite,
    notifyMe: (product) => <NotifyMeButton product={product} onLoginRequired={() => setLoginRequired(true)} />,
    signedIn: isLoggedIn,
    busy: purchase.busy,
    dropRoom: (product, play) =>
      isLoggedIn && product.salesStartAt ? (
        <DropRoom setId={product.setId} opensAt={product.salesStartAt}>
          {play}
        </DropRoom>
      ) : (
        play({ panel: null, gate: null })
      ),
    dialogs: (
      <>
        <LoginRequiredDialog open={loginRequired} onClose={() => setLoginRequired(false)} />
        {purchase.dialogs}
        {favourite.dialogs}
      </>
    ),
  };
}
