import type { RouteObject } from 'react-router';
import { requireLogin } from '../../components/require-login';
import { pageTitle } from '../../lib/page-title';

/** /inventory (login required). */
export const inventoryRoutes: RouteObject[] = requireLogin([
  {
    path: 'inventory',
    handle: pageTitle('Manage Inventory'),
    lazy: async () => ({ Component: (await import('./components/InventoryPage')).InventoryPage }),
  },
]);
