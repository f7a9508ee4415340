import type { RouteObject } from 'react-router';
import { startEarlyRequest } from '../../lib/early-request';
import { productsPath, productsQueryKey } from '../../lib/query-keys';
import { loadedQueryClient, STALE_TIME_MS } from '../loaded-query-client';
import { loadContractInSteps } from '../contract-steps';
import { pageTitle } from '../../lib/page-title';

/**
 * Starts the listing's request as the route matches, in parallel with the page's chunk (whose fetcher
 * takes the answer and parses it), unless the cache still holds a fresh listing (docs/performance.md).
 * Defined here, in the router, not in the lazy chunk: that is what lets it run before the chunk loads.
 */
export function startListingRequest(): null {
  // No client loaded yet means nothing cached yet: the request starts at once, never after a chunk.
  const cached = loadedQueryClient()?.getQueryCache().find({ queryKey: productsQueryKey, exact: true });
  if (!cached || cached.isStaleByTime(STALE_TIME_MS)) startEarlyRequest(productsPath);
  return null;
}

// The catalogue page is composed here because it plugs in the purchase and favourites features.
export const catalogueRoutes: RouteObject[] = [
  {
    path: 'ichiban-kuji-products',
    handle: pageTitle('Ichiban Kuji'),
    loader: startListingRequest,
    lazy: async () => {
      await loadContractInSteps();
      return { Component: (await import('./ProductListRoute')).ProductListRoute };
    },
  },
];
