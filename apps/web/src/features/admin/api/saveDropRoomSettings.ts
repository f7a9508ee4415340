import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dropRoomSettingsSchema, type DropRoomSettings } from '@kujiya/shared';
import { api } from '../../../lib/api-client';
import { dropRoomSettingsQuery } from './getDropRoomSettings';

/** PUT /api/admin/drops/{setId}/room: sets the room's admission rate (null: the default). */
export const saveDropRoomSettings = (setId: string, input: DropRoomSettings) =>
  api(`/api/admin/drops/${encodeURIComponent(setId)}/room`, {
    method: 'PUT',
    body: input,
    auth: 'admin',
    schema: dropRoomSettingsSchema,
  });

export function useSaveDropRoomSettings(setId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DropRoomSettings) => saveDropRoomSettings(setId, input),
    onSuccess: (saved) => queryClient.setQueryData(dropRoomSettingsQuery(setId).queryKey, saved),
  });
}
