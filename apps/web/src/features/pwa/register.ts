import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { UpdatePrompt } from './components/UpdatePrompt';

/**
 * Registers the service worker (/sw.js, scope `/`; docs/rules/offline.md) and offers a new version
 * once one is installed and waiting. Loaded by main.tsx after the page's `load` (at once when it has fired), so none of it is part
 * of the first paint. A new worker never takes over by itself: the page it would serve may be running
 * code of the old build, so the shopper chooses when to reload.
 */
/** Registers where the browser has service workers; elsewhere the shop works without one. */
export function registerWhereSupported(): void {
  if ('serviceWorker' in navigator) void registerServiceWorker();
}

export async function registerServiceWorker(
  container: ServiceWorkerContainer = navigator.serviceWorker,
): Promise<void> {
  const registration = await container.register('/sw.js', { scope: '/' });
  let reloadRequested = false;
  // Only after the shopper's "Reload": the first install also changes the controller (clients.claim).
  container.addEventListener('controllerchange', () => {
    if (reloadRequested) window.location.reload();
  });
  const offer = (waiting: ServiceWorker) =>
    showUpdatePrompt(() => {
      reloadRequested = true;
      waiting.postMessage({ type: 'SKIP_WAITING' });
    });

  // An update is a new worker while another controls the page; the first install is not one.
  const offerOnceInstalled = (installing: ServiceWorker | null) =>
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && container.controller) offer(installing);
    });
  if (registration.waiting && container.controller) offer(registration.waiting);
  // A worker the browser found while this page loaded (before this module ran) is installing already:
  // its `updatefound` has gone, so it is watched from here.
  offerOnceInstalled(registration.installing);
  registration.addEventListener('updatefound', () => offerOnceInstalled(registration.installing));
  // A tab left open for days still learns of a deploy when the shopper comes back to it.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void registration.update().catch(() => undefined);
  });
}

const PROMPT_HOST_ID = 'update-prompt';

/** Shows the prompt in a root of its own, outside the app's tree (it needs none of its providers). */
function showUpdatePrompt(onReload: () => void): void {
  if (document.getElementById(PROMPT_HOST_ID)) return;
  const promptHost = document.createElement('div');
  promptHost.id = PROMPT_HOST_ID;
  document.body.append(promptHost);
  createRoot(promptHost).render(createElement(UpdatePrompt, { onReload }));
}
