import { useEffect, useRef } from 'react';
import type { LiveServerMessage } from '@kujiya/shared';
import { LiveSocketClient, liveSocketUrl } from '../lib/live-socket';
import { sessionStore } from '../lib/session';

let client: LiveSocketClient | undefined;

/** The page's one live socket (created on first use). */
export function liveSocket(): LiveSocketClient {
  client ??= new LiveSocketClient({
    url: liveSocketUrl(),
    getToken: () => (sessionStore.get().isAuthenticated ? sessionStore.get().token : null),
  });
  return client;
}

/** Calls `listener` with every live message while the component is mounted. */
export function useLiveMessages(listener: (message: LiveServerMessage) => void): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => liveSocket().subscribe((message) => latest.current(message)), []);
}
