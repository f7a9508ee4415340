import type { RouteObject } from 'react-router';
import { requireLogin } from '../auth/guard';

/** /inventory (login required). */
export const inventoryRoutes: RouteObject[] = requireLogin([
  { path: 'inventory', lazy: async () => ({ Component: (await import('./components/InventoryPage')).InventoryPage }) },
]);
