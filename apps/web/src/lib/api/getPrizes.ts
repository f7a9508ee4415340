import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Prize, prizeListSchema, sortPrizes } from '@kujiya/shared';
import { api } from '../api-client';

/** GET /api/prizes/{setId}/{productId}: the round's prizes, letters in order and the Last Prize last. */
export async function getPrizes(setId: string, productId: string, signal?: AbortSignal): Promise<Prize[]> {
  const path = `/api/prizes/${encodeURIComponent(setId)}/${encodeURIComponent(productId)}`;
  return sortPrizes(await api(path, { auth: 'none', signal, schema: prizeListSchema }));
}

export function prizesQueryOptions(setId: string, productId: string) {
  return queryOptions({
    queryKey: ['prizes', setId, productId] as const,
    queryFn: ({ signal }) => getPrizes(setId, productId, signal),
  });
}

export function usePrizes(setId: string, productId: string, enabled = true) {
  return useQuery({ ...prizesQueryOptions(setId, productId), enabled });
}
