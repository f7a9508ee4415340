import { dropAlertStateSchema, type DropAlertState } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** DELETE /api/drops/{setId}/notify: no reminders for this set. */
export function removeDropAlert(setId: string): Promise<DropAlertState> {
  return api(`/api/drops/${encodeURIComponent(setId)}/notify`, { method: 'DELETE', schema: dropAlertStateSchema });
}
