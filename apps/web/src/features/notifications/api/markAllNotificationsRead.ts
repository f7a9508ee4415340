import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Notification, successResponseSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';
import { notificationsQueryKey } from '../../../lib/query-keys';

/** PATCH /api/notification/read-all: sent when the bell's dropdown opens. */
export function markAllNotificationsRead(): Promise<{ success: boolean }> {
  return api('/api/notification/read-all', { method: 'PATCH', schema: successResponseSchema });
}

export function useMarkAllNotificationsRead(username: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: () => {
      client.setQueryData<Notification[]>(notificationsQueryKey(username), (list) =>
        list?.map((n) => ({ ...n, isRead: true })),
      );
    },
    onError: () => client.invalidateQueries({ queryKey: notificationsQueryKey(username) }),
  });
}
