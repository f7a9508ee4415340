import { queryOptions, useQuery } from '@tanstack/react-query';
import { dropRoomStatusSchema, type DropRoomStatus } from '@kujiya/shared';
import { api } from '../../../lib/api-client';
import { dropStatusQueryKey } from '../../../lib/drop-query-keys';

/** GET /api/drops/{setId}/status: the shopper's place in the set's waiting room. */
export function getDropStatus(setId: string): Promise<DropRoomStatus> {
  return api(`/api/drops/${encodeURIComponent(setId)}/status`, { schema: dropRoomStatusSchema });
}

/** Polled as a fallback for the live `drop` messages: every 5 s while waiting, every 30 s otherwise. */
export const dropStatusQuery = (setId: string, username: string | null) =>
  queryOptions({
    queryKey: dropStatusQueryKey(setId, username),
    queryFn: () => getDropStatus(setId),
    refetchInterval: (query) => (query.state.data?.joined && !query.state.data.admitted ? 5_000 : 30_000),
  });

export function useDropStatus(setId: string, username: string | null) {
  return useQuery({ ...dropStatusQuery(setId, username), enabled: Boolean(username) });
}
