import { queryOptions, useQuery } from '@tanstack/react-query';
import { announcementsResponseSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/announcements: the announcements showing right now. */
export function fetchCurrentAnnouncements() {
  return api('/api/announcements', { auth: 'none', schema: announcementsResponseSchema });
}

export const currentAnnouncementsQuery = queryOptions({
  queryKey: ['announcements', 'current'],
  queryFn: fetchCurrentAnnouncements,
  // A scheduled announcement appears within a few minutes of its start without a reload.
  refetchInterval: 5 * 60_000,
  staleTime: 60_000,
});

export const useCurrentAnnouncements = () => useQuery(currentAnnouncementsQuery);
