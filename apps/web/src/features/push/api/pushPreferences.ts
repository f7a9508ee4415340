import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pushPreferencesSchema, type PushKind, type PushPreferences } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

const pushPreferencesKey = (username: string | null) => ['push-preferences', username] as const;

/** GET /api/push/preferences: the shopper's push toggles (every kind on until switched off). */
export function usePushPreferences(username: string | null) {
  return useQuery({
    queryKey: pushPreferencesKey(username),
    queryFn: () => api('/api/push/preferences', { schema: pushPreferencesSchema }),
    enabled: Boolean(username),
  });
}

/** PUT /api/push/preferences: one kind on or off; the answer is the whole set. */
export function useUpdatePushPreference(username: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: { kind: PushKind; on: boolean }): Promise<PushPreferences> =>
      api('/api/push/preferences', {
        method: 'PUT',
        body: { preferences: { [change.kind]: change.on } },
        schema: pushPreferencesSchema,
      }),
    onSuccess: (data) => client.setQueryData(pushPreferencesKey(username), data),
  });
}
