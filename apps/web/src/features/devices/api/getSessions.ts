import { queryOptions, useQuery } from '@tanstack/react-query';
import { sessionsResponseSchema, type SessionsResponse } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/users/sessions: the shopper's signed-in sessions, the current one first. */
export function getSessions(): Promise<SessionsResponse> {
  return api('/api/users/sessions', { schema: sessionsResponseSchema });
}

export const sessionsQuery = () => queryOptions({ queryKey: ['users', 'sessions'], queryFn: getSessions });

export function useSessions() {
  return useQuery(sessionsQuery());
}
