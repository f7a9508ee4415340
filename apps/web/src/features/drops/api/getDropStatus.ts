import { queryOptions, useQuery } from '@tanstack/react-query';
import { dropRoomStatusSchema, dropStatusPollMs, type DropRoomStatus } from '@kujiya/shared';
import { api } from '../../../lib/api-client';
import { dropStatusQueryKey } from '../../../lib/drop-query-keys';

/** GET /api/drops/{setId}/status: the shopper's place in the set's waiting room. */
export function getDropStatus(setId: string): Promise<DropRoomStatus> {
  return api(`/api/drops/${encodeURIComponent(setId)}/status`, { schema: dropRoomStatusSchema });
}

// Where in the spread just after the opening this page asks (packages/shared's dropStatusPollMs).
const pollSpread = Math.random();

/**
 * Polled as a fallback for the live `drop` messages (LiveUpdates puts each into this query, which
 * restarts the wait): 5 s after the last word while waiting, once just after the opening before it,
 * every 30 s otherwise.
 */
export const dropStatusQuery = (setId: string, username: string | null) =>
  queryOptions({
    queryKey: dropStatusQueryKey(setId, username),
    queryFn: () => getDropStatus(setId),
    refetchInterval: (query) => dropStatusPollMs(query.state.data, Date.now(), pollSpread),
  });

export function useDropStatus(setId: string, username: string | null) {
  return useQuery({ ...dropStatusQuery(setId, username), enabled: Boolean(username) });
}
