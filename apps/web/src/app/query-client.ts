import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

/** How long fetched data counts as fresh (no refetch on mount). */
export const STALE_TIME_MS = 15_000;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: STALE_TIME_MS,
      // 4xx answers are final; retry only network and server errors, once.
      retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 1,
      refetchOnWindowFocus: false,
    },
  },
});
