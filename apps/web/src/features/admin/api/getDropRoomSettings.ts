import { queryOptions, useQuery } from '@tanstack/react-query';
import { dropRoomSettingsSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/admin/drops/{setId}/room: the owner's admission rate for the set's waiting room (null: the default). */
export const getDropRoomSettings = (setId: string, signal?: AbortSignal) =>
  api(`/api/admin/drops/${encodeURIComponent(setId)}/room`, { auth: 'admin', signal, schema: dropRoomSettingsSchema });

export const dropRoomSettingsQuery = (setId: string) =>
  queryOptions({
    queryKey: ['admin', 'drops', setId, 'room'],
    queryFn: ({ signal }) => getDropRoomSettings(setId, signal),
  });

export const useDropRoomSettings = (setId: string) => useQuery(dropRoomSettingsQuery(setId));
