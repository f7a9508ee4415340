import { dropAlertStateSchema, type DropAlertState } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** POST /api/drops/{setId}/notify: remind me 15 minutes before the opening and at it (403 when logged out). */
export function addDropAlert(setId: string): Promise<DropAlertState> {
  return api(`/api/drops/${encodeURIComponent(setId)}/notify`, { method: 'POST', schema: dropAlertStateSchema });
}
