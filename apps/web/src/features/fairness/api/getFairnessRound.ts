import { queryOptions, useQuery } from '@tanstack/react-query';
import { type FairnessRound, fairnessRoundSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** How often the open page reloads the live draw log. */
export const FAIRNESS_REFETCH_MS = 5_000;

/** GET /api/fairness/{setId}: commitment, seed once revealed, the canonical box and the draw log. */
export async function getFairnessRound(setId: string, signal?: AbortSignal): Promise<FairnessRound> {
  return api(`/api/fairness/${encodeURIComponent(setId)}`, { auth: 'none', signal, schema: fairnessRoundSchema });
}

export function fairnessRoundQueryOptions(setId: string) {
  return queryOptions({
    queryKey: ['fairness', setId] as const,
    queryFn: ({ signal }) => getFairnessRound(setId, signal),
    staleTime: 0,
  });
}

/** The round's public data, refetched every 5 s while the page is open (the log is live). */
export function useFairnessRound(setId: string) {
  return useQuery({ ...fairnessRoundQueryOptions(setId), refetchInterval: FAIRNESS_REFETCH_MS });
}
