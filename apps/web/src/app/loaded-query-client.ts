import type { QueryClient } from '@tanstack/react-query';

/** How long fetched data counts as fresh (no refetch on mount). */
export const STALE_TIME_MS = 15_000;

let loaded: QueryClient | undefined;

/**
 * TanStack Query's client once its chunk has run, else undefined (its cache is then empty). The
 * client comes with the pages that use it, not in the entry (docs/performance.md): the route loaders
 * of the entry read its cache through this without loading it.
 */
export const loadedQueryClient = (): QueryClient | undefined => loaded;

export function setLoadedQueryClient(client: QueryClient): void {
  loaded = client;
}
