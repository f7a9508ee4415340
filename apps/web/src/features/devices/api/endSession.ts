import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endSessionResponseSchema, type EndSessionResponse } from '@kujiya/shared';
import { api } from '../../../lib/api-client';
import { sessionsQuery } from './getSessions';

/** DELETE /api/users/sessions/{id}: "Log out" one session (the current one signs this device out). */
export function endSession(id: string): Promise<EndSessionResponse> {
  return api(`/api/users/sessions/${encodeURIComponent(id)}`, { method: 'DELETE', schema: endSessionResponseSchema });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQuery().queryKey }),
  });
}
