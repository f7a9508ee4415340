import type { RouteObject } from 'react-router';
import { requireLogin } from '../../components/require-login';
import { pageTitle } from '../../lib/page-title';

/** /orders and /order-details/{orderId} (login required). */
export const orderRoutes: RouteObject[] = requireLogin([
  {
    path: 'orders',
    handle: pageTitle('Orders'),
    lazy: async () => ({ Component: (await import('./components/OrdersPage')).OrdersPage }),
  },
  {
    path: 'order-details/:orderId',
    handle: pageTitle('Order Details'),
    lazy: async () => ({ Component: (await import('./components/OrderDetailsPage')).OrderDetailsPage }),
  },
]);
