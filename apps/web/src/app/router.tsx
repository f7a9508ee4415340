import { createBrowserRouter, type RouteObject } from 'react-router';
import { ErrorPage } from '../components/layout/ErrorPage';
import { NotFoundPage } from '../components/layout/NotFoundPage';
import { homeRoutes } from '../features/home/routes';
import { catalogueRoutes } from './shop/routes';
import { infoRoutes } from '../features/info/routes';
import { authRoutes } from '../features/auth/routes';
import { profileRoutes } from '../features/profile/routes';
import { adminRoutes } from '../features/admin/routes';
import { fairnessRoutes } from '../features/fairness/routes';
import { tokenRoutes } from '../features/tokens/routes';
import { purchaseRoutes } from '../features/purchase/routes';
import { drawRoutes } from '../features/draw/routes';
import { inventoryRoutes } from '../features/inventory/routes';
import { orderRoutes } from '../features/orders/routes';
import { shipmentRoutes } from '../features/shipments/routes';
import { tradingRoutes } from '../features/trading/routes';
import { routesWithQueries } from './with-queries';

// Last: any other address (the admin routes keep their own catch-all behind the admin guard).
const notFoundRoute: RouteObject = { path: '*', element: <NotFoundPage /> };

// Every feature contributes its own lazily loaded routes; admin routes live in their own chunk.
// The frame (nav bar, session) is a lazy route too, loaded side by side with the page's chunk (the
// server hints both on `/` and the list): the entry keeps only what starts the app (docs/performance.md).
// Home uses no queries, so `/` paints without TanStack Query; every other page loads it with its chunk.
const routes: RouteObject[] = [
  {
    path: '/',
    lazy: async () => ({ Component: (await import('./layout/RootLayout')).RootLayout }),
    errorElement: <ErrorPage />,
    // Shown while the first lazy route module loads.
    hydrateFallbackElement: <div className="spinner" role="status" aria-label="Loading" />,
    children: [{ errorElement: <ErrorPage />, children: [
          ...homeRoutes,
          ...routesWithQueries([...catalogueRoutes, ...infoRoutes, ...authRoutes, ...profileRoutes, ...adminRoutes, ...fairnessRoutes, ...tokenRoutes, ...purchaseRoutes, ...drawRoutes, ...inventoryRoutes, ...orderRoutes, ...shipmentRoutes, ...tradingRoutes]),
          notFoundRoute,
        ] }],
  },
];

export const router = createBrowserRouter(routes);
