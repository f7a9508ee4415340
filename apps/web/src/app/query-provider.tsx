import type { ComponentType } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './query-client';

/**
 * `Component` inside TanStack Query's provider, with the app's one client. Each page and widget that
 * uses queries gets its own provider (app/with-queries.ts), so the provider is not above the whole
 * app and the client stays out of the entry (docs/performance.md); every provider shares the same
 * cache, and the client counts its mounts, so nesting them is harmless.
 */
export function withQueryClient<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function WithQueryClient(props: P) {
    return (
      <QueryClientProvider client={queryClient}>
        <Component {...props} />
      </QueryClientProvider>
    );
  }
  return WithQueryClient;
}
