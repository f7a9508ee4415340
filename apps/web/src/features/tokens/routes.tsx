import type { RouteObject } from 'react-router';
import { requireLogin } from '../../components/require-login';

/** /purchase-tokens, /token-payment and /tokens (login required). */
export const tokenRoutes: RouteObject[] = requireLogin([
  {
    path: 'purchase-tokens',
    lazy: async () => ({ Component: (await import('./components/PurchaseTokensPage')).PurchaseTokensPage }),
  },
  {
    path: 'token-payment',
    lazy: async () => ({ Component: (await import('./components/TokenPaymentPage')).TokenPaymentPage }),
  },
  { path: 'tokens', lazy: async () => ({ Component: (await import('./components/TokensPage')).TokensPage }) },
]);
