import type { RouteObject } from 'react-router';
import { NotFoundPage } from '../components/layout/NotFoundPage';
import { infoRoutes } from '../features/info/routes';
import { authRoutes } from '../features/auth/routes';
import { profileRoutes } from '../features/profile/routes';
import { devicesRoutes } from '../features/devices/routes';
import { adminRoutes } from '../features/admin/routes';
import { fairnessRoutes } from '../features/fairness/routes';
import { tokenRoutes } from '../features/tokens/routes';
import { purchaseRoutes } from '../features/purchase/routes';
import { drawRoutes } from '../features/draw/routes';
import { inventoryRoutes } from '../features/inventory/routes';
import { orderRoutes } from '../features/orders/routes';
import { shipmentRoutes } from '../features/shipments/routes';
import { tradingRoutes } from '../features/trading/routes';
import { pushRoutes } from '../features/push/routes';
import { mailRoutes } from '../features/mail/routes';
import { routesWithQueries } from './with-queries';
import { pageTitle } from '../lib/page-title';

// Last: any other address (the admin routes keep their own catch-all behind the admin guard).
const notFoundRoute: RouteObject = { path: '*', handle: pageTitle('Page not found'), element: <NotFoundPage /> };

/**
 * Every page but home and the list, each feature's lazily loaded routes: the router adds them when
 * it first meets another address (app/router.tsx), so the first paint of `/` carries none of this
 * table (docs/performance.md). Every one of these pages loads the query client with its chunk.
 */
export const siteRoutes: RouteObject[] = [
  ...routesWithQueries([
    ...infoRoutes,
    ...authRoutes,
    ...profileRoutes,
    ...devicesRoutes,
    ...adminRoutes,
    ...fairnessRoutes,
    ...tokenRoutes,
    ...purchaseRoutes,
    ...drawRoutes,
    ...inventoryRoutes,
    ...orderRoutes,
    ...shipmentRoutes,
    ...tradingRoutes,
    ...pushRoutes,
    ...mailRoutes,
  ]),
  notFoundRoute,
];
