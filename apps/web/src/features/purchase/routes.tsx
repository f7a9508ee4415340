import type { RouteObject } from 'react-router';
import { requireLogin } from '../../components/require-login';
import { pageTitle } from '../../lib/page-title';

/** /kuji-payment: card payment for tickets (login required). */
export const purchaseRoutes: RouteObject[] = requireLogin([
  {
    path: 'kuji-payment',
    handle: pageTitle('Payment'),
    lazy: async () => ({ Component: (await import('./components/KujiPaymentPage')).KujiPaymentPage }),
  },
]);
