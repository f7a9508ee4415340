import type { RouteObject } from 'react-router';
import { requireLogin } from '../../components/require-login';

/** /shipments and /track/{awbNumber} (login required) and /shipping-payment (public route; it needs the payment handed over by the inventory). */
export const shipmentRoutes: RouteObject[] = [
  ...requireLogin([
    {
      path: 'shipments',
      lazy: async () => ({ Component: (await import('./components/ShipmentsPage')).ShipmentsPage }),
    },
    {
      path: 'track/:awbNumber',
      lazy: async () => ({ Component: (await import('./components/TrackingPage')).TrackingPage }),
    },
  ]),
  {
    path: 'shipping-payment',
    lazy: async () => ({ Component: (await import('./components/ShippingPaymentPage')).ShippingPaymentPage }),
  },
];
