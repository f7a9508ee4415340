import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Notification, notificationSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';
import { notificationsQueryKey } from '../../../lib/query-keys';

/** PATCH /api/notification/{id}/read */
export function markNotificationRead(id: string): Promise<Notification> {
  return api(`/api/notification/${encodeURIComponent(id)}/read`, { method: 'PATCH', schema: notificationSchema });
}

export function useMarkNotificationRead(username: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: (id) => {
      client.setQueryData<Notification[]>(notificationsQueryKey(username), (list) =>
        list?.map((n) => (n._id === id ? { ...n, isRead: true } : n)),
      );
    },
    onError: () => client.invalidateQueries({ queryKey: notificationsQueryKey(username) }),
  });
}
