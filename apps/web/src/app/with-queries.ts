import { lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';

// TanStack Query (its client and provider) is loaded with the first page or widget that uses it,
// side by side with that chunk, never before it and never in the entry: `/` paints without it
// (docs/performance.md).
const loadProvider = () => import('./query-provider');

/** React.lazy for a component that uses queries: its chunk and the query client load side by side. */
export function lazyWithQueries<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [Component, { withQueryClient }] = await Promise.all([load(), loadProvider()]);
    return { default: withQueryClient(Component) };
  });
}

/**
 * The same routes, each lazily loaded component put inside the query provider, loaded side by side
 * with the route's own chunk. Components outside `lazy` (guards, redirects) get no provider.
 */
export function routesWithQueries(routes: RouteObject[]): RouteObject[] {
  return routes.map((route): RouteObject => {
    const loadRoute = route.lazy;
    const lazyWithProvider: RouteObject['lazy'] =
      typeof loadRoute === 'function'
        ? async () => {
            const [loaded, { withQueryClient }] = await Promise.all([loadRoute(), loadProvider()]);
            return loaded.Component ? { ...loaded, Component: withQueryClient(loaded.Component) } : loaded;
          }
        : loadRoute;
    if (route.index) return { ...route, lazy: lazyWithProvider };
    return { ...route, lazy: lazyWithProvider, children: route.children && routesWithQueries(route.children) };
  });
}
