import { queryOptions, useQuery } from '@tanstack/react-query';
import { dropRoomRecordSchema, type DropRoomRecord } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/drops/{setId}/room: the waiting room's published entrant list, its hash and order. */
export function getDropRoom(setId: string, signal?: AbortSignal): Promise<DropRoomRecord> {
  return api(`/api/drops/${encodeURIComponent(setId)}/room`, { auth: 'none', signal, schema: dropRoomRecordSchema });
}

/** Loaded when the shopper asks for the room's check. */
export function useDropRoomRecord(setId: string, enabled: boolean) {
  return useQuery({
    ...queryOptions({ queryKey: ['drop-room', setId] as const, queryFn: ({ signal }) => getDropRoom(setId, signal) }),
    enabled,
  });
}
