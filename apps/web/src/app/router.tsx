import { createBrowserRouter } from 'react-router';
import { loadSiteRoutes } from './site-routes-loader';
import { entryRoutes, PAGES_ROUTE_ID } from './routes';

let siteRoutesAdded = false;

export const router = createBrowserRouter(entryRoutes, {
  async patchRoutesOnNavigation({ patch }) {
    if (siteRoutesAdded) return;
    const siteRoutes = await loadSiteRoutes();
    // Two navigations may wait on the same load: only the first adds the routes.
    if (siteRoutesAdded) return;
    siteRoutesAdded = true;
    patch(PAGES_ROUTE_ID, siteRoutes);
  },
});
