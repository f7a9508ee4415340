import type { RouteObject } from 'react-router';
import { requireLogin } from '../../components/require-login';
import { pageTitle } from '../../lib/page-title';

/** /profile/devices (login required): where the shopper is signed in. */
export const devicesRoutes: RouteObject[] = requireLogin([
  {
    path: 'profile/devices',
    handle: pageTitle('Devices'),
    lazy: async () => ({ Component: (await import('./components/DevicesPage')).DevicesPage }),
  },
]);
