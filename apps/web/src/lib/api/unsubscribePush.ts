import { pushSubscriptionStateSchema, type PushSubscriptionState } from '@kujiya/shared';
import { api } from '../api-client';

/** DELETE /api/push/subscriptions: this device stops receiving the shopper's pushes. */
export function unsubscribePush(endpoint: string): Promise<PushSubscriptionState> {
  return api('/api/push/subscriptions', { method: 'DELETE', body: { endpoint }, schema: pushSubscriptionStateSchema });
}
