import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { mailPreferencesSchema, type MailPreferences, type OptionalMailKind } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

const mailPreferencesKey = (username: string | null) => ['mail-preferences', username] as const;

/** GET /api/mail/preferences: which optional mails the shopper gets. */
export function useMailPreferences(username: string | null) {
  return useQuery({
    queryKey: mailPreferencesKey(username),
    queryFn: () => api('/api/mail/preferences', { schema: mailPreferencesSchema }),
    enabled: Boolean(username),
  });
}

/** PUT /api/mail/preferences: one optional mail on or off. */
export function useUpdateMailPreference(username: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: { kind: OptionalMailKind; on: boolean }): Promise<MailPreferences> =>
      api('/api/mail/preferences', {
        method: 'PUT',
        body: { preferences: { [change.kind]: change.on } },
        schema: mailPreferencesSchema,
      }),
    onSuccess: (data) => client.setQueryData(mailPreferencesKey(username), data),
  });
}
