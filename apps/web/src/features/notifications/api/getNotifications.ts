import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Notification, notificationListSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';
import { notificationsQueryKey } from '../../../lib/query-keys';

export const FETCH_NOTIFICATIONS_ERROR = 'Failed to fetch notifications';

/** GET /api/notification: the shopper's notifications; removed ones are filtered out. */
export async function getNotifications(): Promise<Notification[]> {
  try {
    const list = await api('/api/notification', { schema: notificationListSchema });
    return list.filter((n) => !n.isRemoved);
  } catch (error) {
    console.error(error);
    throw new Error(FETCH_NOTIFICATIONS_ERROR, { cause: error });
  }
}

export const notificationsQuery = (username: string | null) =>
  queryOptions({ queryKey: notificationsQueryKey(username), queryFn: getNotifications, refetchInterval: 60_000 });

export function useNotifications(username: string | null) {
  return useQuery({ ...notificationsQuery(username), enabled: Boolean(username) });
}
