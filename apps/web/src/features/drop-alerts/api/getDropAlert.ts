import { queryOptions, useQuery } from '@tanstack/react-query';
import { dropAlertStateSchema, type DropAlertState } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/drops/{setId}/notify: whether the signed-in shopper asked to hear of the set's opening. */
export function getDropAlert(setId: string): Promise<DropAlertState> {
  return api(`/api/drops/${encodeURIComponent(setId)}/notify`, { schema: dropAlertStateSchema });
}

export const dropAlertQueryKey = (username: string | null, setId: string) => ['drop-alert', username, setId] as const;

const dropAlertQuery = (username: string | null, setId: string) =>
  queryOptions({ queryKey: dropAlertQueryKey(username, setId), queryFn: () => getDropAlert(setId), staleTime: 60_000 });

export function useDropAlert(username: string | null, setId: string) {
  return useQuery({ ...dropAlertQuery(username, setId), enabled: Boolean(username) });
}
