import { vapidPublicKeySchema, type VapidPublicKey } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/push/vapid-public-key: the key a device subscribes with. */
export function getVapidPublicKey(): Promise<VapidPublicKey> {
  return api('/api/push/vapid-public-key', { auth: 'none', schema: vapidPublicKeySchema });
}
