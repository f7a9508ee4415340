import type { RouteObject } from 'react-router';
import { requireLogin } from '../../components/require-login';

/** /inventory (login required). */
export const inventoryRoutes: RouteObject[] = requireLogin([
  { path: 'inventory', lazy: async () => ({ Component: (await import('./components/InventoryPage')).InventoryPage }) },
]);
