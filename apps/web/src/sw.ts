/// <reference lib="webworker" />
import { isServerOnlyPath } from '@kujiya/shared';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { answerNavigation } from './features/pwa/worker/offline-navigation';
import { openNotificationUrl } from './features/pwa/worker/notification-click';
import { readPushPayload } from './features/pwa/worker/push-payload';

/**
 * The shop's service worker (docs/rules/offline.md), built by vite-plugin-pwa (injectManifest) to
 * /sw.js with scope `/`. It precaches the app shell and the hashed assets, answers page loads from the
 * network first (offline: the shell, or the offline page), never touches the API, the live socket or
 * the operator's endpoints (money and stock are always live), and shows the shop's push messages.
 */
declare const self: ServiceWorkerGlobalScope;

// Page loads first (routes match in the order registered): a navigation reaches the network before any
// precached copy of `/` or index.html. What matches no route (every /api, /ws, /healthz, /readyz and
// /metrics request) is not answered here at all: the browser fetches it as if there were no worker.
registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' && url.origin === self.location.origin && !isServerOnlyPath(url.pathname),
  ({ request, event }) => answerNavigation(request, (work) => event.waitUntil(work)),
);
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A new version waits until the shopper chooses "Reload" (features/pwa/register.ts).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// The first install takes the open pages at once, so they work offline without a second load.
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  const payload = readPushPayload(event.data?.text(), self.location.origin);
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      data: { url: payload.url },
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: unknown } | null)?.url;
  event.waitUntil(openNotificationUrl(self, typeof url === 'string' ? url : '/'));
});
