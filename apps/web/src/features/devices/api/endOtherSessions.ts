import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endOtherSessionsResponseSchema, type EndOtherSessionsResponse } from '@kujiya/shared';
import { api } from '../../../lib/api-client';
import { sessionsQuery } from './getSessions';

/** DELETE /api/users/sessions: "Log out everywhere else" (the current session stays). */
export function endOtherSessions(): Promise<EndOtherSessionsResponse> {
  return api('/api/users/sessions', { method: 'DELETE', schema: endOtherSessionsResponseSchema });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQuery().queryKey }),
  });
}
