import type { RouteObject } from 'react-router';
import { requireLogin } from '../../components/require-login';
import { pageTitle } from '../../lib/page-title';

/** /purchase-tokens, /token-payment and /tokens (login required). */
export const tokenRoutes: RouteObject[] = requireLogin([
  {
    path: 'purchase-tokens',
    handle: pageTitle('Purchase Tokens'),
    lazy: async () => ({ Component: (await import('./components/PurchaseTokensPage')).PurchaseTokensPage }),
  },
  {
    path: 'token-payment',
    handle: pageTitle('Token payment'),
    lazy: async () => ({ Component: (await import('./components/TokenPaymentPage')).TokenPaymentPage }),
  },
  {
    path: 'tokens',
    handle: pageTitle('Your Tokens'),
    lazy: async () => ({ Component: (await import('./components/TokensPage')).TokensPage }),
  },
]);
