import { type QueryClient } from '@tanstack/react-query';
import { messageResponseSchema, type MessageResponse } from '@kujiya/shared';
import { api } from '../api-client';
import { sessionStore } from '../session';
import { dropBrowserPushSubscription, forgetPushDevice } from '../push-device';

/** GET /api/users/logout */
export function logout(): Promise<MessageResponse> {
  return api('/api/users/logout', { schema: messageResponseSchema });
}

/** Ends this device's pushes, tells the server, then forgets the session locally whatever the answer, and drops cached data. */
export async function signOut(queryClient: QueryClient): Promise<void> {
  // While still signed in: the server removes this device's subscription, the browser drops it.
  await forgetPushDevice();
  try {
    await logout();
  } catch (error) {
    console.warn('Logout call failed; clearing the session anyway', error);
  }
  forgetSessionHere(queryClient);
}

/** Forgets the session on this device and its cached data (the server's side is done). */
function forgetSessionHere(queryClient: QueryClient): void {
  sessionStore.clear();
  queryClient.clear();
}

/**
 * This device's session was ended elsewhere (the devices page's "Log out" on the current one): the
 * server already removed its push subscription, so the browser drops its own, then the session goes.
 */
export async function endedHere(queryClient: QueryClient): Promise<void> {
  await dropBrowserPushSubscription();
  forgetSessionHere(queryClient);
}
