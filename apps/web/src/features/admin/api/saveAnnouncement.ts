import { useMutation, useQueryClient } from '@tanstack/react-query';
import { announcementSchema, type AnnouncementInput } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** POST /api/admin/announcements (new) or PUT /api/admin/announcements/{announcementId} (edit). */
export function saveAnnouncement({ id, input }: { id?: string; input: AnnouncementInput }) {
  return id
    ? api(`/api/admin/announcements/${id}`, { method: 'PUT', body: input, auth: 'admin', schema: announcementSchema })
    : api('/api/admin/announcements', { method: 'POST', body: input, auth: 'admin', schema: announcementSchema });
}
export function useSaveAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveAnnouncement, onSuccess: () => queryClient.invalidateQueries() });
}
