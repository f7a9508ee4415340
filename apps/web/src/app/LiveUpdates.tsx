import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../lib/session';
// The keys only (lib/query-keys), not the fetchers: this stays free of their schemas.
import { dropStatusQueryKey } from '../lib/drop-query-keys';
import { notificationsQueryKey, tokenQueryKey } from '../lib/query-keys';
import { liveSocket, useLiveMessages } from './live';

// Every notifications query (whoever's) starts with this key.
const notificationsKeyPrefix = notificationsQueryKey(null).slice(0, 1);

/**
 * Keeps the live socket open (signed in or not) and turns the shopper's own events into fresh data:
 * a new notification refetches the bell, a balance change the token queries. Renders nothing.
 */
export function LiveUpdates() {
  const { token, isAuthenticated, username } = useSession();
  const queryClient = useQueryClient();
  const identity = isAuthenticated ? token : null;

  useEffect(() => {
    const socket = liveSocket();
    // A login or logout opens a new socket that authenticates as the new shopper (or no one).
    socket.restart();
    return () => socket.stop();
  }, [identity]);

  useLiveMessages((message) => {
    if (message.type === 'notification') void queryClient.invalidateQueries({ queryKey: notificationsKeyPrefix });
    if (message.type === 'balance') void queryClient.invalidateQueries({ queryKey: tokenQueryKey });
    // The waiting room's place (docs/rules/drops.md): merged into the polled status.
    if (message.type === 'drop') {
      const { position, admitted, estimatedWaitSeconds } = message;
      queryClient.setQueryData(dropStatusQueryKey(message.setId, username), (old: object | undefined) =>
        old ? { ...old, position, admitted, estimatedWaitSeconds } : old,
      );
    }
  });
  return null;
}
