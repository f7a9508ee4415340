import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Notification, notificationSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';
import { notificationsQueryKey } from '../../../lib/query-keys';

export const REMOVE_NOTIFICATION_ERROR = 'Failed to remove notification';

/** PATCH /api/notification/{id}/remove: answers the removed notification's _id. */
export async function removeNotification(id: string): Promise<{ _id: string }> {
  try {
    return await api(`/api/notification/${encodeURIComponent(id)}/remove`, {
      method: 'PATCH',
      schema: notificationSchema,
    });
  } catch (error) {
    console.error(error);
    throw new Error(REMOVE_NOTIFICATION_ERROR, { cause: error });
  }
}

export function useRemoveNotification(username: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeNotification,
    onSuccess: ({ _id }) => {
      client.setQueryData<Notification[]>(notificationsQueryKey(username), (list) =>
        list?.filter((n) => n._id !== _id),
      );
    },
  });
}
