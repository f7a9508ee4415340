import type { RouteObject } from 'react-router';
import { ErrorPage } from '../components/layout/ErrorPage';
import { homeRoutes } from '../features/home/routes';
import { catalogueRoutes } from './shop/routes';
import { routesWithQueries } from './with-queries';

/** The route every page hangs under (inside the frame); the other pages are added to it on demand. */
export const PAGES_ROUTE_ID = 'pages';

// The entry knows only home and the list (whose loader starts the listing's request before any
// chunk has loaded: the shop's busiest first screen). Any other address makes the router ask
// patchRoutesOnNavigation, which adds the rest of the table (app/site-routes.tsx) once; the server
// hints that chunk on every other document (docs/performance.md). The frame (nav bar, session) is a lazy route too, loaded
// side by side with the page's chunk. Home uses no queries, so `/` paints without TanStack Query.
export const entryRoutes: RouteObject[] = [
  {
    path: '/',
    lazy: async () => ({ Component: (await import('./layout/RootLayout')).RootLayout }),
    errorElement: <ErrorPage />,
    // Shown while the first lazy route module loads.
    hydrateFallbackElement: <div className="spinner" role="status" aria-label="Loading" />,
    children: [
      {
        id: PAGES_ROUTE_ID,
        errorElement: <ErrorPage />,
        children: [...homeRoutes, ...routesWithQueries(catalogueRoutes)],
      },
    ],
  },
];
