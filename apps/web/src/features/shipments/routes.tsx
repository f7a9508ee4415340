import type { RouteObject } from 'react-router';
import { requireLogin } from '../../components/require-login';
import { pageTitle } from '../../lib/page-title';

/** /shipments and /track/{awbNumber} (login required) and /shipping-payment (public route; it needs the payment handed over by the inventory). */
export const shipmentRoutes: RouteObject[] = [
  ...requireLogin([
    {
      path: 'shipments',
      handle: pageTitle('Shipments and Self-Collections'),
      lazy: async () => ({ Component: (await import('./components/ShipmentsPage')).ShipmentsPage }),
    },
    {
      path: 'track/:awbNumber',
      handle: pageTitle('Track Parcel'),
      lazy: async () => ({ Component: (await import('./components/TrackingPage')).TrackingPage }),
    },
  ]),
  {
    path: 'shipping-payment',
    handle: pageTitle('Shipping payment'),
    lazy: async () => ({ Component: (await import('./components/ShippingPaymentPage')).ShippingPaymentPage }),
  },
];
