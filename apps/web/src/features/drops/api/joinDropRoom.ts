import { dropRoomStatusSchema, type DropRoomStatus } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** POST /api/drops/{setId}/join: joins the set's waiting room (joining twice changes nothing). */
export function joinDropRoom(setId: string): Promise<DropRoomStatus> {
  return api(`/api/drops/${encodeURIComponent(setId)}/join`, { method: 'POST', schema: dropRoomStatusSchema });
}
