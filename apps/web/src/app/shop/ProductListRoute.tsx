import { ProductListPage } from '../../features/catalogue/components/ProductListPage';
import { useShopperActions } from './use-shopper-actions';

/** The set list with the purchase and favourite actions plugged in. */
export function ProductListRoute() {
  const actions = useShopperActions();
  return <ProductListPage actions={actions} />;
}
