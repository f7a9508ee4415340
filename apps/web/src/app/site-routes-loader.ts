import type { RouteObject } from 'react-router';

let loading: Promise<RouteObject[]> | null = null;

/** The route table of every page but home and the list (app/site-routes.tsx), loaded once. */
export function loadSiteRoutes(): Promise<RouteObject[]> {
  loading ??= import('./site-routes').then((module) => module.siteRoutes);
  // A failed load (offline for a moment) is retried on the next navigation, not kept.
  loading.catch(() => (loading = null));
  return loading;
}
