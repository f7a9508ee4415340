import { pushSubscriptionStateSchema, type PushSubscriptionState } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** POST /api/push/subscriptions: the browser's PushSubscription JSON, as it is. */
export function subscribePush(subscription: PushSubscriptionJSON): Promise<PushSubscriptionState> {
  return api('/api/push/subscriptions', { method: 'POST', body: subscription, schema: pushSubscriptionStateSchema });
}
