import type { RouteObject } from 'react-router';
import { requireLogin } from '../../components/require-login';

/** /orders and /order-details/{orderId} (login required). */
export const orderRoutes: RouteObject[] = requireLogin([
  { path: 'orders', lazy: async () => ({ Component: (await import('./components/OrdersPage')).OrdersPage }) },
  {
    path: 'order-details/:orderId',
    lazy: async () => ({ Component: (await import('./components/OrderDetailsPage')).OrderDetailsPage }),
  },
]);
