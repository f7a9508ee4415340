import type { RouteObject } from 'react-router';
import { requireLogin } from '../../components/require-login';

/** /kuji-payment: card payment for tickets (login required). */
export const purchaseRoutes: RouteObject[] = requireLogin([
  {
    path: 'kuji-payment',
    lazy: async () => ({ Component: (await import('./components/KujiPaymentPage')).KujiPaymentPage }),
  },
]);
