import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';
import { setLoadedQueryClient, STALE_TIME_MS } from './loaded-query-client';

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
setLoadedQueryClient(queryClient);
