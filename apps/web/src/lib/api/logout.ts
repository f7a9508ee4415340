import { type QueryClient } from '@tanstack/react-query';
import { messageResponseSchema, type MessageResponse } from '@kujiya/shared';
import { api } from '../api-client';
import { sessionStore } from '../session';

/** GET /api/users/logout */
export function logout(): Promise<MessageResponse> {
  return api('/api/users/logout', { schema: messageResponseSchema });
}

/** Tells the server, then forgets the session locally whatever the answer, and drops cached data. */
export async function signOut(queryClient: QueryClient): Promise<void> {
  try {
    await logout();
  } catch (error) {
    console.warn('Logout call failed; clearing the session anyway', error);
  }
  sessionStore.clear();
  queryClient.clear();
}
