import { queryOptions, useQuery } from '@tanstack/react-query';
import { DROP_MONITOR_POLL_MS, dropMonitorSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/admin/drops/{setId}: the drop's figures now (docs/rules/drops.md, "Drop monitor"). */
export const getDropMonitor = (setId: string, signal?: AbortSignal) =>
  api(`/api/admin/drops/${encodeURIComponent(setId)}`, { auth: 'admin', signal, schema: dropMonitorSchema });

export const dropMonitorQuery = (setId: string) =>
  queryOptions({
    queryKey: ['admin', 'drops', setId],
    queryFn: ({ signal }) => getDropMonitor(setId, signal),
    // Live while the page is open: read again every second.
    refetchInterval: DROP_MONITOR_POLL_MS,
  });

export const useDropMonitor = (setId: string) => useQuery(dropMonitorQuery(setId));
