import { queryOptions, useQuery } from '@tanstack/react-query';
import { announcementsResponseSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/admin/announcements: every announcement, scheduled, current and past. */
export const fetchAdminAnnouncements = () =>
  api('/api/admin/announcements', { auth: 'admin', schema: announcementsResponseSchema });
export const adminAnnouncementsQuery = queryOptions({
  queryKey: ['admin', 'announcements'],
  queryFn: fetchAdminAnnouncements,
});
export const useAdminAnnouncements = () => useQuery(adminAnnouncementsQuery);
